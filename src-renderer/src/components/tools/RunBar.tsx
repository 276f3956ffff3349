import { useEffect, useState } from 'react';
import { BookmarkPlus, Play, Square, SquareTerminal, Timer } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { draftKey, useStore } from '../../store';
import { Button, IconButton } from '../common/Button';
import { formatDuration } from '../../lib/format';
import { asJson } from '../../../../src-main/common/json-schema';
import { cancelRun } from '../../actions/tools';
import { copyCallCommand } from '../../actions/copy-command';
import { SaveRequestDialog } from '../authoring/SaveRequestDialog';
import styles from './RunBar.module.css';
import toolsStyles from './tools.module.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const RUN_SHORTCUT = isMac ? '⌘↵' : 'Ctrl+Enter';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(t);
  }, []);
  return <span className={styles.elapsed}>{formatDuration(now - since)}</span>;
}

export function RunBar({ skillId, onRun, disabledReason }: { skillId: string; onRun(): void; disabledReason?: string }) {
  const { running, timeoutMs, setTimeoutMs, defaultTimeout } = useStore(
    useShallow((s) => ({
      running: s.running[skillId],
      timeoutMs: s.timeouts[skillId],
      setTimeoutMs: s.setTimeoutMs,
      defaultTimeout: s.infos[skillId]?.timeoutMs,
    })),
  );
  // The tool the form shows (as ToolsTab picks it) and its arguments, for Save.
  const tool = useStore((s) => {
    const tools = s.infos[skillId]?.tools ?? [];
    return (tools.find((t) => t.name === s.selectedTool[skillId]) ?? tools[0])?.name;
  });
  const [saving, setSaving] = useState<{ tool: string; args: unknown } | null>(null);
  const [timeoutText, setTimeoutText] = useState(timeoutMs ? String(timeoutMs / 1000) : '');
  // Follow the stored timeout when it changes elsewhere (another skill, a reload), but never rewrite text that
  // already stands for it: "5s" means "no timeout set" and stays as typed.
  const [textFor, setTextFor] = useState({ timeoutMs, skillId });
  if (textFor.timeoutMs !== timeoutMs || textFor.skillId !== skillId) {
    setTextFor({ timeoutMs, skillId });
    setTimeoutText((text) => {
      const n = Number(text);
      const means = text !== '' && n > 0 ? Math.round(n * 1000) : undefined;
      return means === timeoutMs ? text : timeoutMs ? String(timeoutMs / 1000) : '';
    });
  }

  return (
    <div className={toolsStyles.runBar}>
      {running ? (
        <>
          <Button variant="danger" icon={<Square size={13} />} onClick={() => void cancelRun(skillId)} data-testid="cancel-tool">
            Cancel
          </Button>
          <span className={styles.runState} role="status">
            Running <Elapsed since={running.startedAt} />
          </span>
        </>
      ) : (
        <Button
          variant="primary"
          icon={<Play size={13} />}
          onClick={onRun}
          disabled={!!disabledReason}
          title={disabledReason ?? `Run the tool (${RUN_SHORTCUT})`}
          data-testid="run-tool"
        >
          Run
          <kbd className="kbd">{RUN_SHORTCUT}</kbd>
        </Button>
      )}
      {tool && (
        <Button icon={<BookmarkPlus size={13} />} onClick={() => setSaving({ tool, args: asJson(useStore.getState().drafts[draftKey(skillId, tool)]) ?? {} })} title="Save this call with a name, into a collection" data-testid="save-request">
          Save
        </Button>
      )}
      {tool && (
        <IconButton
          label="Copy as command: this call as a skillbench call line for a terminal"
          icon={<SquareTerminal size={14} />}
          onClick={() => void copyCallCommand(skillId, tool, asJson(useStore.getState().drafts[draftKey(skillId, tool)]) ?? {}, { timeoutMs })}
          data-testid="copy-command"
        />
      )}
      {saving && <SaveRequestDialog skillId={skillId} tool={saving.tool} args={saving.args} onClose={() => setSaving(null)} />}
      <span className="spacer" />
      <label className={styles.timeoutField} title="How long to wait for the answer before giving up">
        <Timer size={13} aria-hidden="true" />
        <span>Timeout</span>
        <input
          type="text"
          inputMode="decimal"
          className="input input-sm"
          placeholder={defaultTimeout ? String(defaultTimeout / 1000) : 'default'}
          value={timeoutText}
          aria-label="Timeout in seconds"
          // What was typed stays; text that is not a positive number leaves the default timeout in force.
          aria-invalid={timeoutText !== '' && !(Number(timeoutText) > 0) ? true : undefined}
          title={timeoutText !== '' && !(Number(timeoutText) > 0) ? 'Not a positive number of seconds: the default timeout applies' : undefined}
          data-testid="timeout-input"
          onChange={(e) => {
            setTimeoutText(e.target.value);
            const n = Number(e.target.value);
            setTimeoutMs(skillId, e.target.value && n > 0 ? Math.round(n * 1000) : undefined);
          }}
        />
        <span>s</span>
      </label>
    </div>
  );
}
