import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { getDefaultFormState } from '@rjsf/utils';
import { Braces, Columns2, ListTree, RotateCcw } from 'lucide-react';
import type { ToolInfo } from '@contract';
import { draftKey, useStore } from '../../store';
import { ArgsForm, type ArgsFormHandle } from '../form/ArgsForm';
import { JsonArgsEditor, jsonEditorHasFocus } from '../form/JsonArgsEditor';
import { RunBar } from './RunBar';
import { IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { asJson, describePath, validateValue, type FieldProblem } from '../../../../src-main/common/json-schema';
import { FORM_DEFAULTS_BEHAVIOR, rjsfValidator } from '../../lib/schema-validator';
import { prepareFormSchema, takesNoArguments } from '../../../../src-main/common/form-schema';
import { runTool } from '../../actions/tools';
import { ToolHints } from '../mcp/ToolHints';
// Global class names kept beside the module classes: tests select .problem-list, .tool-name; .tool-request is
// styled in its context by common.module.css.
import styles from './ToolRequest.module.css';
import toolsStyles from './tools.module.css';
import { displayTitle } from '../../lib/tool-title';

type Mode = 'form' | 'json' | 'split';
const MODE_KEY = 'skillbench.argsMode';

function initialMode(): Mode {
  try {
    const m = localStorage.getItem(MODE_KEY);
    if (m === 'form' || m === 'json' || m === 'split') return m;
  } catch {
    /* ignore */
  }
  return 'form';
}

function defaultsFor(schema: unknown): unknown {
  try {
    const s = prepareFormSchema(schema);
    return getDefaultFormState(rjsfValidator, s, undefined, s, false, FORM_DEFAULTS_BEHAVIOR) ?? {};
  } catch {
    return {};
  }
}

export function ToolRequest({ skillId, tool }: { skillId: string; tool: ToolInfo }) {
  const key = draftKey(skillId, tool.name);
  const { draft, hasDraft, setDraft, running } = useStore(
    useShallow((s) => ({
      draft: s.drafts[key],
      hasDraft: key in s.drafts,
      setDraft: s.setDraft,
      running: !!s.running[skillId],
    })),
  );
  const [mode, setModeState] = useState<Mode>(initialMode);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [touched, setTouched] = useState(false);
  const [syntaxError, setSyntaxError] = useState<string | null>(null);
  const formRef = useRef<ArgsFormHandle>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const noArgs = takesNoArguments(tool.inputSchema);

  useEffect(() => {
    if (!hasDraft) setDraft(skillId, tool.name, defaultsFor(tool.inputSchema));
  }, [hasDraft, skillId, tool, setDraft]);

  // Another tool (or skill): its form starts clean.
  const [cleanFor, setCleanFor] = useState({ skillId, tool: tool.name });
  if (cleanFor.skillId !== skillId || cleanFor.tool !== tool.name) {
    setCleanFor({ skillId, tool: tool.name });
    setProblems([]);
    setTouched(false);
    setSyntaxError(null);
  }

  const setMode = (m: Mode) => {
    setModeState(m);
    try {
      localStorage.setItem(MODE_KEY, m);
    } catch {
      /* ignore */
    }
  };

  const args = draft ?? {};
  const run = (force = false) => {
    if (running) return;
    if (syntaxError && (mode === 'json' || mode === 'split')) {
      setProblems([{ property: '', message: syntaxError, keyword: 'syntax', schemaPath: '' }]);
      return;
    }
    const found = validateValue(tool.inputSchema, args);
    if (found.length && !force) {
      setProblems(found);
      setTouched(true);
      formRef.current?.validateForm();
      return;
    }
    setProblems([]);
    void runTool(skillId, tool.name, asJson(args) ?? {});
  };

  const onChange = (v: unknown) => {
    setDraft(skillId, tool.name, v);
    if (problems.length) setProblems(validateValue(tool.inputSchema, v));
  };
  // While someone types JSON, the form only follows: what it reports then is its own reading of that text (defaults
  // filled in, keys in schema order), and taking it would make Run send something other than what was typed.
  const onFormChange = (v: unknown) => {
    if (jsonEditorHasFocus(sectionRef.current)) return;
    onChange(v);
  };

  const showForm = !noArgs && (mode === 'form' || mode === 'split');
  const showJson = !noArgs && (mode === 'json' || mode === 'split');

  return (
    <section
      ref={sectionRef}
      className={`${styles.toolRequest} tool-request`}
      aria-label={`Arguments for ${tool.name}`}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
          e.preventDefault();
          run();
        }
      }}
    >
      <div className={toolsStyles.paneHead}>
        <div className={toolsStyles.paneTitle}>
          <span className={`${toolsStyles.toolName} tool-name`}>{tool.name}</span>
          {displayTitle(tool) && <span className="muted" data-testid="tool-title"> {displayTitle(tool)}</span>}
        </div>
        {!noArgs && (
          <div className="segmented" role="group" aria-label="How to edit the arguments">
            <button type="button" aria-pressed={mode === 'form'} onClick={() => setMode('form')} title="Edit as a form">
              <ListTree size={13} aria-hidden="true" /> Form
            </button>
            <button type="button" aria-pressed={mode === 'json'} onClick={() => setMode('json')} title="Edit as JSON">
              <Braces size={13} aria-hidden="true" /> JSON
            </button>
            <button type="button" aria-pressed={mode === 'split'} onClick={() => setMode('split')} title="Form and JSON side by side">
              <Columns2 size={13} aria-hidden="true" /> Both
            </button>
          </div>
        )}
        {!noArgs && (
          <IconButton
            size="sm"
            worksOffline
            label="Reset the arguments to their defaults"
            icon={<RotateCcw size={13} />}
            onClick={() => {
              setDraft(skillId, tool.name, defaultsFor(tool.inputSchema));
              setProblems([]);
              setTouched(false);
            }}
          />
        )}
      </div>
      {tool.description && <p className={toolsStyles.toolDescription}>{tool.description}</p>}
      <ToolHints annotations={tool.annotations} execution={tool.execution} />

      {problems.length > 0 && (
        <ErrorNote title="Check the arguments" message="The tool’s schema does not accept these arguments yet:" tone="warning">
          <ul className={`${styles.problemList} problem-list`}>
            {problems.slice(0, 8).map((p, i) => (
              <li key={i}>
                {p.keyword !== 'syntax' && <strong>{describePath(p.property)}</strong>} {p.message}
              </li>
            ))}
          </ul>
          {problems[0]?.keyword !== 'syntax' && (
            <button type="button" className="link-btn" onClick={() => run(true)}>
              Send anyway (to test how the skill handles it)
            </button>
          )}
        </ErrorNote>
      )}

      <div className={`${styles.argsArea} mode-${noArgs ? 'none' : mode}`}>
        {noArgs && <div className={toolsStyles.noArgs}>This tool takes no arguments. Press Run to call it.</div>}
        {showForm && (
          <div className={styles.argsFormScroll}>
            <ArgsForm
              ref={formRef}
              schema={tool.inputSchema}
              value={args}
              onChange={onFormChange}
              idPrefix={`args-${tool.name}`}
              liveValidate={touched}
              onRun={() => run()}
            />
          </div>
        )}
        {showJson && (
          <JsonArgsEditor
            schema={tool.inputSchema}
            value={args}
            onChange={onChange}
            onRun={() => run()}
            onSyntax={setSyntaxError}
          />
        )}
      </div>
      <RunBar skillId={skillId} onRun={() => run()} />
    </section>
  );
}
