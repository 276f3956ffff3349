import { useEffect, useState } from 'react';
import { RotateCw, Settings2 } from 'lucide-react';
import { DEFAULT_HISTORY, TOTAL_HISTORY_MB, type SkillInfo, type SkillSettings, type SkillSummary } from '@contract';
import * as settings from '../../actions/settings';
import { restartSkill } from '../../actions/workspace';
import { Dialog } from '../common/Dialog';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { useAction } from '../../data';
import { EnvRows } from './EnvRows';
import { rowsOf, updateOf, type EnvRow } from './process-form';
import { ConfineSetting } from './ConfineSetting';
import { PythonEnvSetting } from './PythonEnvSetting';
import { hasPythonEnv } from '../skill/PythonEnvNote';
import { PrepareEnvDialog } from '../skill/PrepareEnvDialog';
import { HostProfileSetting } from './HostProfileSetting';

import { isAlive } from '../../../../src-main/common/skill-status';
import styles from './ProcessSettingsDialog.module.css';
import settingsStyles from './settings.module.css';

/** The header's Settings button (its icon alone in a compact header) and the dialog it opens. */
export function ProcessSettingsButton({ summary, info, compact = false }: { summary: SkillSummary; info?: SkillInfo; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const [env, setEnv] = useState(false);
  return (
    <>
      <Button size="sm" icon={<Settings2 size={12} />} onClick={() => setOpen(true)} data-testid="skill-settings" aria-label={`Settings of ${summary.name}`} title={compact ? 'Settings' : undefined}>
        {compact ? undefined : 'Settings'}
      </Button>
      {open && <ProcessSettingsDialog summary={summary} info={info} onClose={() => setOpen(false)} onPrepareEnv={() => {
        setOpen(false);
        setEnv(true);
      }} />}
      {env && <PrepareEnvDialog summary={summary} onClose={() => setEnv(false)} />}
    </>
  );
}

/**
 * How the workbench starts the skill's process: environment variables (plain ones in the skill's settings,
 * secret ones in the encrypted store, shown masked) and extra arguments after its command. Saved settings
 * apply from the next start; a running skill is restarted only when the user says so.
 */
function ProcessSettingsDialog({ summary, info, onClose, onPrepareEnv }: { summary: SkillSummary; info?: SkillInfo; onClose(): void; onPrepareEnv(): void }) {
  const [loaded, setLoaded] = useState<SkillSettings | null>(null);
  const [rows, setRows] = useState<EnvRow[]>([]);
  const [argsText, setArgsText] = useState('');
  const [inherit, setInherit] = useState(false);
  const [parity, setParity] = useState(false);
  const [confine, setConfine] = useState(false);
  const [confineNet, setConfineNet] = useState(false);
  const [hostProfile, setHostProfile] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { busy, error, act } = useAction();
  const id = summary.id;

  const show = (s: SkillSettings) => {
    setLoaded(s);
    setRows(rowsOf(s));
    setArgsText(s.args.join('\n'));
    setInherit(s.inheritEnv === true);
    setParity(s.hostParity === true);
    setConfine(s.confine === true);
    setConfineNet(s.confineNetwork === true);
    setHostProfile(s.hostProfile ?? '');
  };
  useEffect(() => {
    void act(() => settings.getSkillSettings(id)).then((s) => s && show(s));
  }, [id, act]);

  const save = async () => {
    const r = updateOf(rows, argsText);
    if ('error' in r) return setProblem(r.error);
    setProblem(null);
    const next = await act(() => settings.updateSkillSettings(id, { ...r.update, inheritEnv: inherit, confine, confineNetwork: confineNet, ...(skilldef ? { hostParity: parity } : {}), ...(mcp ? { hostProfile } : {}) }));
    if (next) {
      show(next);
      setSaved(true);
    }
  };

  const perCall = info ? !info.capabilities.persistent : summary.protocol === 'action' || summary.protocol === 'namel3ss';
  const running = isAlive(summary.status);
  const noArgs = summary.protocol === 'namel3ss';
  const skilldef = summary.protocol === 'skilldef';
  const mcp = summary.protocol === 'mcp';
  const edit = <T,>(fn: (v: T) => void) => (v: T) => {
    fn(v);
    setSaved(false);
  };

  return (
    <Dialog size="medium"
      open
      onClose={onClose}
      title={`Settings of ${summary.name}`}
      labelId="process-settings-title"
      footer={
        <>
          {/* Said where the user just pressed Save, not at the end of a long form they may have scrolled away from. */}
          <SavedNote show={saved} perCall={perCall} running={running} name={summary.name} onRestart={() => {
            setSaved(false);
            void restartSkill(id);
          }} />
          <Button variant="ghost" onClick={onClose} data-testid="process-close">Close</Button>
          <Button variant="primary" onClick={() => void save()} disabled={busy || !loaded} busy={busy} data-testid="process-save">Save</Button>
        </>
      }
    >
      <div className={styles.processSettings} data-testid="process-settings">
        <h3 className={settingsStyles.processSectionTitle}>Process</h3>
        <p className="field-help">
          How the workbench starts {summary.name}: extra environment variables, and arguments added after its own command.
          {perCall ? ' It runs one process per call, so changes apply from the next call.' : ' Changes apply the next time it starts.'}
        </p>
        {!loaded && !error && <div className="panel-loading"><Spinner /> Reading the settings…</div>}
        {(problem || error) && <ErrorNote message={problem ?? error!} />}
        {loaded && (
          <>
            <h4 className={styles.processSubTitle} id="process-env-title">Environment variables</h4>
            <p className="field-help">Tick “secret” for keys and passwords: they are kept encrypted and never shown again.</p>
            <EnvRows rows={rows} onChange={edit(setRows)} />
            <label className={settingsStyles.processInherit}>
              <input type="checkbox" checked={inherit} onChange={(e) => edit(setInherit)(e.target.checked)} aria-describedby="process-inherit-help" data-testid="process-inherit-env" />
              Pass on the workbench’s whole environment
            </label>
            <p className="field-help" id="process-inherit-help" data-testid="process-inherit-help">
              {inherit
                ? `${summary.name} gets every variable the workbench was started with, keys and tokens included.`
                : `${summary.name} gets only the basics (PATH, HOME, language), the variables its manifest names and those above.`}
            </p>
            <h4 className={styles.processSubTitle}><label htmlFor="process-args">Arguments</label></h4>
            <p className="field-help" id="process-args-help">
              {noArgs ? 'namel3ss tools are functions the workbench calls (Python or Node) or requests it makes (http): they take no command-line arguments.' : 'One argument a line, added in this order after the skill’s command. Spaces stay part of the argument.'}
            </p>
            <textarea
              id="process-args"
              className={`textarea mono ${styles.processArgs}`}
              rows={3}
              spellCheck={false}
              disabled={noArgs}
              aria-describedby="process-args-help"
              placeholder={noArgs ? '' : '--verbose'}
              value={argsText}
              onChange={(e) => edit(setArgsText)(e.target.value)}
              data-testid="process-args"
            />
            {skilldef && <HostParitySetting name={summary.name} on={parity} onChange={edit(setParity)} />}
            {mcp && <HostProfileSetting name={summary.name} value={hostProfile} onChange={edit(setHostProfile)} />}
            <ConfineSetting name={summary.name} on={confine} network={confineNet} onChange={edit(setConfine)} onNetwork={edit(setConfineNet)} />
            {hasPythonEnv(summary) && <PythonEnvSetting name={summary.name} onPrepare={onPrepareEnv} />}
            <HistoryLimits name={summary.name} settings={loaded} />
          </>
        )}
      </div>
    </Dialog>
  );
}

/**
 * "Saved", with Restart now where it would help. The live region stays in the footer while the dialog is open, so
 * screen readers hear the words when they come.
 */
function SavedNote({ show, perCall, running, name, onRestart }: { show: boolean; perCall: boolean; running: boolean; name: string; onRestart(): void }) {
  return (
    <div className={styles.processSavedSlot} role="status">
      {show && (
        <div className={styles.processSaved} data-testid="process-saved">
          <span>
            {perCall ? 'Saved. They apply from the next call.' : running ? `Saved. ${name} uses them from its next start.` : `Saved. They apply when ${name} next starts.`}
          </span>
          {running && !perCall && (
            <Button size="sm" icon={<RotateCw size={12} />} onClick={onRestart} data-testid="process-restart-now">
              Restart now
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** A SkillDefinition skill run the way the real host runs it, to see what would break there. */
function HostParitySetting({ name, on, onChange }: { name: string; on: boolean; onChange(v: boolean): void }) {
  return (
    <>
      <h3 className={`${settingsStyles.processSectionTitle} ${settingsStyles.processHistoryTitle}`}>Host</h3>
      <label className={settingsStyles.processInherit}>
        <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} aria-describedby="process-parity-help" data-testid="process-host-parity" />
        Behave as the real host
      </label>
      <p className="field-help" id="process-parity-help" data-testid="process-parity-help">
        {on
          ? `${name} runs as the real host runs it: tools only once setup is done, named “id__tool”, no status requests, and a quick stop.`
          : `The workbench is more helpful than the real host; the skill’s notes list each difference.`}
      </p>
    </>
  );
}

/** How much history is kept (read-only here; saved per skill through the settings API). */
function HistoryLimits({ name, settings }: { name: string; settings: SkillSettings }) {
  const { maxMb, maxDays } = settings.history ?? DEFAULT_HISTORY;
  return (
    <>
      <h3 className={`${settingsStyles.processSectionTitle} ${settingsStyles.processHistoryTitle}`}>History</h3>
      <p className="field-help" data-testid="process-history">
        The logs and messages of {name} are kept for {maxDays} days, up to {maxMb} MB; all skills together, up to{' '}
        {TOTAL_HISTORY_MB >= 1024 ? `${TOTAL_HISTORY_MB / 1024} GB` : `${TOTAL_HISTORY_MB} MB`}. The oldest sessions are removed first, when the
        workbench opens and when the skill starts. The running session and recordings are never removed.
      </p>
    </>
  );
}
