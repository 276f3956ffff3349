import { useState } from 'react';
import { MessageSquareText, Send } from 'lucide-react';
import type { McpPrompt, McpPromptResult } from '@contract';
import { useCommand, useQuery } from '../../data';
import { Button } from '../common/Button';
import { EmptyState } from '../common/EmptyState';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { formatDuration } from '../../lib/format';
import { CompletingInput } from './CompletingInput';
import { ContentBlock } from './ContentBlock';
import { useServerInfo } from './ServerTab';
import { useDomId } from '../../lib/use-dom-id';
// Global class names kept beside the module classes: tests select .tool-name; .mcp-main is styled in its context
// by EmptyState.module.css; .mcp-prompt-form is styled in its context by tools.module.css.
import styles from './PromptsTab.module.css';
import mcpStyles from './mcp.module.css';
import toolsStyles from '../tools/tools.module.css';
import setupStyles from '../setup/setup.module.css';

/** An MCP server's prompts: each one's arguments as a form (the server suggests values as you type), and Get. */
export function PromptsTab({ skillId }: { skillId: string }) {
  return <PromptsView key={skillId} skillId={skillId} />;
}

function PromptsView({ skillId }: { skillId: string }) {
  const server = useServerInfo(skillId);
  const prompts = useQuery('mcpListPrompts', [skillId], { invalidateOn: ['mcpListChanged'], scope: skillId });
  const [picked, setPicked] = useState<string | null>(null);

  if (server.info && !server.info.capabilities.prompts) {
    return <EmptyState icon={<MessageSquareText size={22} />} title="No prompts">This server does not offer prompts.</EmptyState>;
  }
  if (prompts.error && !prompts.data) return <div className="panel-pad"><ErrorNote title="The prompts could not be listed" message={prompts.error} /></div>;
  if (!prompts.data) return <div className="panel-loading"><Spinner /> Asking the server for its prompts…</div>;
  const prompt = prompts.data.find((p) => p.name === picked);
  return (
    <div className={`${toolsStyles.toolsTab} mcp-split`} data-testid="prompts-tab">
      <div className={`${toolsStyles.toolsSide} ${mcpStyles.mcpSide}`}>
        <h2 className={mcpStyles.mcpSideTitle}>Prompts <span className="muted">{prompts.data.length}</span></h2>
        {!prompts.data.length && <p className={`muted ${mcpStyles.mcpSideEmpty}`}>None listed.</p>}
        <ul className={mcpStyles.mcpList} aria-label="Prompts">
          {prompts.data.map((p) => (
            <li key={p.name}>
              <button type="button" className={mcpStyles.mcpItem} aria-current={p.name === picked ? 'true' : undefined} onClick={() => setPicked(p.name)} data-testid="prompt-item" title={p.description}>
                <span className={mcpStyles.mcpItemName}>{p.title ?? p.name}</span>
                <span className={mcpStyles.mcpItemSub}>{p.title ? `${p.name} · ` : ''}{p.arguments.length ? p.arguments.map((a) => a.name).join(', ') : 'no arguments'}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div className={`${toolsStyles.toolWorkspace} ${mcpStyles.mcpMain} mcp-main`}>
        {prompt ? (
          <PromptForm key={prompt.name} skillId={skillId} prompt={prompt} completions={!!server.info?.capabilities.completions} />
        ) : (
          <EmptyState compact title="Pick a prompt">Choose a prompt to fill in its arguments and see the messages it makes.</EmptyState>
        )}
      </div>
    </div>
  );
}

function PromptForm({ skillId, prompt, completions }: { skillId: string; prompt: McpPrompt; completions: boolean }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<McpPromptResult | null>(null);
  const { run, busy, error } = useCommand('mcpGetPrompt');
  const cancel = useCommand('mcpCancelRequests');
  const complete = useCommand('mcpComplete');
  const missing = prompt.arguments.filter((a) => a.required && !values[a.name]);
  const idPrefix = useDomId('prompt');
  const get = async () => {
    // Empty optional arguments are left out rather than sent as "".
    const args = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));
    const r = await run(skillId, prompt.name, args);
    if (r) setResult(r);
  };
  return (
    <>
      <form
        className={`${styles.mcpPromptForm} mcp-prompt-form`}
        aria-label={`Arguments of ${prompt.title ?? prompt.name}`}
        data-testid="prompt-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!missing.length) void get();
        }}
      >
        <div className={toolsStyles.paneHead}>
          <div className={toolsStyles.paneTitle}><span className={`${toolsStyles.toolName} tool-name`}>{prompt.title ?? prompt.name}</span></div>
        </div>
        {prompt.description && <p className={toolsStyles.toolDescription}>{prompt.description}</p>}
        {prompt.arguments.length > 0 ? (
          <div className={`${setupStyles.setupFields} ${styles.mcpFields}`}>
            {prompt.arguments.map((a) => (
              <CompletingInput
                key={a.name}
                id={`${idPrefix}-${a.name}`}
                label={a.title ?? a.name}
                description={a.description}
                required={a.required}
                value={values[a.name] ?? ''}
                onChange={(v) => setValues((cur) => ({ ...cur, [a.name]: v }))}
                testId={`prompt-arg-${a.name}`}
                complete={
                  completions
                    ? async (text) => (await complete.run(skillId, { type: 'ref/prompt', name: prompt.name }, { name: a.name, value: text }, values))?.values ?? []
                    : undefined
                }
              />
            ))}
          </div>
        ) : (
          <p className={toolsStyles.noArgs}>This prompt takes no arguments.</p>
        )}
        <div className={toolsStyles.runBar}>
          <Button type="submit" variant="primary" icon={<Send size={13} />} busy={busy} disabled={missing.length > 0} title={missing.length ? `Fill in ${missing.map((a) => a.name).join(', ')} first` : 'Ask the server for the messages'} data-testid="prompt-get">
            Get prompt
          </Button>
          {busy && (
            <Button type="button" variant="ghost" onClick={() => void cancel.run(skillId)} data-testid="prompt-cancel" title="Stop waiting; the server is told">
              Cancel
            </Button>
          )}
        </div>
      </form>
      <section className={styles.mcpPromptResult} aria-label="Messages" data-testid="prompt-result">
        {error && <ErrorNote message={error} />}
        {result?.error && <ErrorNote title="The server refused" message={result.error} />}
        {result && !result.error && (
          <>
            <p className="muted">
              {result.messages.length} message{result.messages.length === 1 ? '' : 's'} · {formatDuration(result.durationMs)}
              {result.description ? ` · ${result.description}` : ''}
            </p>
            {result.messages.map((m, i) => (
              <div key={i} className={`${mcpStyles.mcpMessage} role-${m.role}`} data-testid="prompt-message">
                <div className={mcpStyles.mcpMessageRole}>{m.role === 'user' ? 'User' : 'Assistant'}</div>
                <ContentBlock skillId={skillId} block={m.content} />
              </div>
            ))}
          </>
        )}
      </section>
    </>
  );
}
