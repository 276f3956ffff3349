import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CircleCheckBig, CircleX, Info, RefreshCw, Stethoscope, TriangleAlert } from 'lucide-react';
import type { AgentSkillDoctorReport, DoctorReport, Finding, Severity } from '@contract';
import { onEvent } from '../../data';
import { runDoctor } from '../../actions/qa';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { InlineCode } from '../common/InlineCode';
import { Spinner } from '../common/Spinner';
import { formatClock } from '../../lib/format';
import { HotReloadSwitch } from './HotReloadSwitch';
import { useAction } from '../../data';
import { useStore } from '../../store';
import { DialectTable, OpenHumanSection, ReferenceVerdict } from '../agent-skill/AgentSkillVerdicts';
import styles from './DoctorTab.module.css';

interface Checked {
  /** An Agent Skill's report carries its verdicts beside its findings: the Validation tab shows them. */
  report: AgentSkillDoctorReport;
  at: number;
  /** What set off this check when it was a change on disk: the files that changed. */
  after?: string[];
}

/** The last report per skill, shown at once when the tab opens while the skill is checked again. */
const lastReports = new Map<string, Checked>();

const GROUPS: { severity: Severity; title: string; icon: typeof CircleX }[] = [
  { severity: 'error', title: 'Errors', icon: CircleX },
  { severity: 'warning', title: 'Warnings', icon: TriangleAlert },
  { severity: 'info', title: 'Notes', icon: Info },
];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The files the doctor saw the skill write into its own folder as it started. */
function writtenBySkill(report: DoctorReport): Set<string> {
  return new Set(report.findings.filter((f) => f.code === 'WRITES_OWN_FOLDER' && f.file).map((f) => f.file!));
}

function changedWords(files: string[]): string {
  if (files.length === 1) return files[0];
  if (files.length === 2) return `${files[0]} and ${files[1]}`;
  return `${files[0]} and ${files.length - 1} other files`;
}

/**
 * The doctor's findings for a skill, as a reviewer would give them. It checks again whenever the tab
 * opens and whenever the skill's files change on disk (the workbench's hot-reload watcher says so), so
 * it never vouches for files that have changed since.
 */
export function DoctorTab({ skillId }: { skillId: string }) {
  const [checked, setChecked] = useState<Checked | undefined>(() => lastReports.get(skillId));
  // Another skill: what was known of it, from the first render that shows it.
  const [checkedFor, setCheckedFor] = useState(skillId);
  if (checkedFor !== skillId) {
    setCheckedFor(skillId);
    setChecked(lastReports.get(skillId));
  }
  const { busy: running, error, act } = useAction();
  // A report that arrives after the view moved to another skill is kept for later, not shown here.
  const shownId = useRef(skillId);
  useLayoutEffect(() => {
    shownId.current = skillId;
  });
  // One check at a time; changes that come during one start one more once it ends.
  const inFlight = useRef(false);
  const again = useRef<string[] | null>(null);
  // A skill that writes into its own folder as it starts would set off a new check with every check:
  // what the last two checks both saw it write is not a reason to check again.
  const selfWritten = useRef<Set<string>[]>([]);

  const run = useCallback(
    async (after?: string[]) => {
      if (inFlight.current) {
        again.current = [...(again.current ?? []), ...(after ?? [])];
        return;
      }
      inFlight.current = true;
      try {
        let cause = after;
        for (;;) {
          const report = await act(() => runDoctor(skillId));
          if (report) {
            selfWritten.current = [...selfWritten.current.slice(-1), writtenBySkill(report)];
            const next: Checked = { report, at: Date.now(), after: cause?.length ? cause : undefined };
            lastReports.set(skillId, next);
            if (shownId.current === skillId) setChecked(next);
          }
          if (!again.current) break;
          cause = [...new Set(again.current)];
          again.current = null;
        }
      } finally {
        inFlight.current = false;
      }
    },
    [skillId, act],
  );

  // Every time the tab opens (or shows another skill): what was known, then a fresh check.
  useEffect(() => {
    selfWritten.current = [];
    void run();
  }, [skillId, run]);

  useEffect(
    () =>
      onEvent('filesChanged', ({ skillId: id, files }) => {
        if (id !== skillId) return;
        const seen = selfWritten.current;
        if (seen.length === 2 && files.every((f) => seen[0].has(f) && seen[1].has(f))) return;
        void run(files);
      }),
    [skillId, run],
  );

  const report = checked?.report;
  const protocol = useStore((s) => s.skills.find((k) => k.id === skillId)?.protocol);
  const agentSkill = report?.agentSkill;
  const count = (s: Severity) => report?.findings.filter((f) => f.severity === s).length ?? 0;
  const errors = count('error');
  const warnings = count('warning');
  const verdict = !report ? 'pending' : errors ? 'error' : warnings ? 'warning' : 'ok';

  return (
    <div className={styles.doctorTab} data-testid="doctor-tab">
      <header className={styles.doctorHead}>
        <div className={`${styles.doctorVerdict} verdict-${verdict}`} data-testid="doctor-verdict" data-verdict={verdict}>
          <span className={styles.doctorVerdictIcon} aria-hidden="true">
            {verdict === 'ok' ? <CircleCheckBig size={20} /> : verdict === 'error' ? <CircleX size={20} /> : verdict === 'warning' ? <TriangleAlert size={20} /> : <Stethoscope size={20} />}
          </span>
          <div>
            <div className={styles.doctorVerdictTitle}>
              {!report
                ? 'Checking the skill…'
                : errors
                  ? `${plural(errors, 'error')}${warnings ? `, ${plural(warnings, 'warning')}` : ''}: fix the errors before sharing this skill`
                  : warnings
                    ? `No errors; ${plural(warnings, 'warning')} worth a look`
                    : 'A clean bill of health'}
            </div>
            <div className={styles.doctorVerdictSub}>
              {protocol === 'agent-skill'
                ? 'The specification and its reference validator, the YAML as agents read it, each agent’s dialect, OpenHuman’s skill.toml, collisions, scripts and committed secrets'
                : 'Manifest fields, tool schemas, names and descriptions, setup fields, ticks, entries and committed secrets'}
              {checked && (
                <span data-testid="doctor-checked-at">
                  {' '}· checked at {formatClock(checked.at)}
                  {checked.after && <> after a change to {changedWords(checked.after)}</>}
                </span>
              )}
            </div>
          </div>
        </div>
        <HotReloadSwitch skillId={skillId} />
        <Button icon={<RefreshCw size={13} />} onClick={() => void run()} busy={running} disabled={running} data-testid="doctor-rerun">
          {running ? 'Checking…' : 'Check again'}
        </Button>
      </header>

      <div className={styles.doctorBody}>
        {error && <ErrorNote title="The doctor could not run" message={error} />}
        {!report && running && (
          <div className="panel-loading">
            <Spinner /> Reading the skill’s files and starting it once to list its tools…
          </div>
        )}
        {agentSkill && <ReferenceVerdict reference={agentSkill.reference} />}
        {report && verdict === 'ok' && (
          <div className={styles.doctorClean} data-testid="doctor-clean">
            <CircleCheckBig size={28} aria-hidden="true" />
            <div>
              <strong>Nothing to fix.</strong> {report.skill} passes every check a reviewer would make.
            </div>
          </div>
        )}
        {report &&
          GROUPS.map(({ severity, title, icon: Icon }) => {
            const list = report.findings.filter((f) => f.severity === severity);
            if (!list.length) return null;
            return (
              <section key={severity} className={`${styles.doctorGroup} sev-${severity}`} data-testid={`doctor-group-${severity}`} aria-label={title}>
                <h2 className={styles.doctorGroupTitle}>
                  <Icon size={15} aria-hidden="true" /> {title} <span className="count">{list.length}</span>
                </h2>
                <ul className={styles.findingList}>
                  {list.map((f, i) => (
                    <FindingItem key={`${f.code}-${i}`} finding={f} dir={report.dir} />
                  ))}
                </ul>
              </section>
            );
          })}
        {agentSkill && <DialectTable dialects={agentSkill.dialects} openhuman={agentSkill.openhuman} />}
        {agentSkill?.openhuman && <OpenHumanSection manifest={agentSkill.openhuman} />}
      </div>
    </div>
  );
}

function FindingItem({ finding: f, dir }: { finding: Finding; dir: string }) {
  const place = f.file ? `${f.file}${f.line ? `:${f.line}` : ''}` : null;
  return (
    <li className={`${styles.finding} sev-${f.severity}`} data-testid="finding" data-code={f.code}>
      <div className={styles.findingTitle} data-testid="finding-title">{f.title}</div>
      <FindingMessage text={f.message} />
      {f.fix && (
        <div className={styles.findingFix}>
          <span className={styles.findingFixLabel}>Fix</span>
          <span><InlineCode text={f.fix} /></span>
        </div>
      )}
      <div className={styles.findingWhere}>
        {place && (
          <span className={styles.whereChip} title={`${dir}/${f.file}`}>
            {place}
          </span>
        )}
        {f.field && <span className={`${styles.whereChip} ${styles.fieldChip}`}>{f.field}</span>}
        <span className="code-badge" title="The finding's code, as skillbench doctor --json gives it">
          {f.code}
        </span>
      </div>
    </li>
  );
}

/** The first line in words; lines after it (the offending code, stderr) as code. */
function FindingMessage({ text }: { text: string }) {
  const [first, ...rest] = text.split('\n');
  const more = rest.map((l) => l.replace(/^ {4}/, '')).join('\n').trim();
  return (
    <div className={styles.findingMessage}>
      <InlineCode text={first} />
      {more && <pre className={styles.findingCode}>{more}</pre>}
    </div>
  );
}
