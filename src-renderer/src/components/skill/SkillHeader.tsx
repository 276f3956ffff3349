import { runsHere } from '../../../../src-main/common/skill-status';
import { useShallow } from 'zustand/react/shallow';
import type { SkillInfo, SkillSummary } from '@contract';
import { PROTOCOL_LABELS } from '@contract';
import { StatusBadge } from './StatusBadge';
import { SkillControls } from './SkillControls';
import { SkillNotes } from './SkillNotes';
import { NotStartedNote } from './NotStartedNote';
import { ConfinementNote } from './ConfinementNote';
import { HostParityNote } from './HostParityNote';
import { MissingEnvPrompt } from '../settings/MissingEnvPrompt';
import { PythonEnvNote } from './PythonEnvNote';
import { SkillExtras } from '../agent/SkillExtras';
import { RecordControl } from '../recordings/RecordControl';
import { CrashBadge } from './CrashBadge';
import { StartFailure } from './StartFailure';
import { SkillReport } from './SkillReport';
import { ProcessSettingsButton } from '../settings/ProcessSettingsDialog';
import { UseFromAgentButton } from './UseFromAgent';
import { DeveloperViewSwitch } from './DeveloperViewSwitch';
import { useStore } from '../../store';
import styles from './SkillHeader.module.css';
import skillStyles from './skill.module.css';

/**
 * The developer view's header. `compact` (a small or short window) folds what is for reading (protocol and path,
 * description, notes, host differences, the skill's own status) behind one disclosure; what asks for an action
 * (not started, missing variables, a crash, setup) stays in view.
 */
export function SkillHeader({ summary, info, compact = false }: { summary: SkillSummary; info?: SkillInfo; compact?: boolean }) {
  const { setTab, onSetupTab } = useStore(
    useShallow((s) => ({ setTab: s.setActiveTab, onSetupTab: s.activeTab[summary.id] === 'setup' })),
  );
  const description = info?.description ?? summary.description;
  const needsSetup = summary.status === 'needs-setup' || info?.needsSetup;
  const about = (
    <>
      <div className={styles.skillSubtitle}>
        {!compact && (
          <>
            <span className={styles.skillProtocol}>{PROTOCOL_LABELS[summary.protocol]}</span>
            <span className="dot-sep" aria-hidden="true">·</span>
          </>
        )}
        <span className={styles.skillPath} title={summary.dir}><span dir="ltr">{summary.dir}</span></span>
      </div>
      {description && <p className={skillStyles.skillDescription}>{description}</p>}
      {info && <SkillNotes notes={info.notes} />}
      {info && <HostParityNote info={info} />}
      {info && <ConfinementNote info={info} />}
      {summary.protocol === 'skilldef' && <SkillReport key={summary.id} skillId={summary.id} status={summary.status} />}
    </>
  );
  return (
    <header className={`${skillStyles.skillHeader} skill-header${compact ? ` ${skillStyles.isCompact}` : ''}`}>
      <div className="skill-header-main">
        <div className={skillStyles.skillTitleRow}>
          <h1 className={skillStyles.skillTitle}>{summary.name}</h1>
          {info?.version && <span className={styles.skillVersion}>v{info.version}</span>}
          <StatusBadge status={summary.status} detail={summary.statusDetail} testId="skill-status" />
          <CrashBadge skillId={summary.id} report={summary.crashes} />
          <span className="spacer" />
          {!compact && <DeveloperViewSwitch on />}
          <RecordControl key={summary.id} skillId={summary.id} />
          <UseFromAgentButton key={`agent-${summary.id}`} summary={summary} />
          <ProcessSettingsButton key={`settings-${summary.id}`} summary={summary} info={info} compact={compact} />
          {runsHere(summary.protocol) && <SkillControls skillId={summary.id} name={summary.name} status={summary.status} variant="buttons" compact={compact} />}
        </div>
        {compact ? (
          // The switch shares the disclosure's line: the title's line is full with the buttons.
          <div className={skillStyles.skillDetailsRow}>
            <details className={styles.skillDetails} data-testid="skill-details">
              <summary>
                <span className={styles.skillProtocol}>{PROTOCOL_LABELS[summary.protocol]}</span>
                {description && <span className={styles.skillDetailsHint}>{description}</span>}
              </summary>
              {about}
            </details>
            <DeveloperViewSwitch on />
          </div>
        ) : (
          about
        )}
        {info && <NotStartedNote key={`not-started-${summary.id}`} summary={summary} info={info} />}
        {info && <MissingEnvPrompt key={`env-${summary.id}`} summary={summary} info={info} />}
        {info && <SkillExtras skillId={summary.id} info={info} />}
        <StartFailure summary={summary} />
        <PythonEnvNote key={`python-env-${summary.id}`} summary={summary} />
        {needsSetup && info?.capabilities.setup && !onSetupTab && (
          <div className={`callout ${styles.calloutSetup}`}>
            {summary.statusDetail
              ? `This skill needs to be set up before it can work: ${summary.statusDetail.replace(/\.?$/, '.')}`
              : 'This skill needs to be set up before it can work (for example, an API key).'}
            <button type="button" className="link-btn" onClick={() => setTab(summary.id, 'setup')}>
              Open setup
            </button>
          </div>
        )}
      </div>
    </header>
  );
}
