import type { SkillInfo, SkillSummary } from '@contract';
import { useShownStatus } from '../../lib/offline';
import { SetupTab } from '../setup/SetupTab';
import { OptionsTab } from '../options/OptionsTab';
import { MissingEnvPrompt } from '../settings/MissingEnvPrompt';
import { PythonEnvNote } from './PythonEnvNote';
import { SkillControls } from './SkillControls';
import { StatusDot } from './StatusBadge';
import { DeveloperViewSwitch } from './DeveloperViewSwitch';
import { needsSetup, plainState } from './view-mode';

import { isUp, runsHere } from '../../../../src-main/common/skill-status';
// Global class names kept beside the module classes: tests select .skill-header; .skill-view is styled in its
// context by Tabs.module.css; .skill-view-simple is styled in its context by setup.module.css; .simple-body is
// styled in its context by MissingEnvPrompt.module.css, setup.module.css.
import styles from './SimpleView.module.css';
import skillStyles from './skill.module.css';

/**
 * A skill for someone who only configures it: what it does, its state in plain words, its setup and settings (the
 * same wizard and options forms as the developer tabs) and start/stop. Everything else is one switch away.
 */
export function SimpleView({ summary, info }: { summary: SkillSummary; info?: SkillInfo }) {
  const shown = useShownStatus(summary.status);
  const waits = info ? needsSetup(summary, info) : summary.status === 'needs-setup';
  const hasSetup = info?.capabilities.setup === true;
  const hasOptions = info?.capabilities.options === true;
  const state = plainState(shown, waits, hasSetup);
  const description = info?.description ?? summary.description;
  // The options are read from the running skill: a stopped one is not started just to show them.
  const running = isUp(summary.status);
  return (
    <main className={`${skillStyles.skillView} skill-view ${styles.skillViewSimple} skill-view-simple`} aria-label={summary.name} data-view="simple">
      <header className={`${skillStyles.skillHeader} skill-header ${skillStyles.skillHeaderSimple}`}>
        <div className={skillStyles.skillTitleRow}>
          <h1 className={skillStyles.skillTitle}>{summary.name}</h1>
          <span className="spacer" />
          <DeveloperViewSwitch on={false} />
          {runsHere(summary.protocol) && <SkillControls skillId={summary.id} name={summary.name} status={summary.status} variant="buttons" restart={false} />}
        </div>
        {description && <p className={skillStyles.skillDescription}>{description}</p>}
        <div className={`${styles.simpleState} state-${state.kind}`} role="status" data-testid="skill-status" data-status={shown} data-state={state.kind}>
          <StatusDot status={summary.status} />
          <p>
            <strong className={styles.simpleStateTitle}>{state.title}</strong>{' '}
            <span className={styles.simpleStateText}>
              {state.text}
              {shown === 'crashed' && summary.statusDetail ? ` ${summary.statusDetail}` : ''}
            </span>
          </p>
        </div>
      </header>
      <div className={`${styles.simpleBody} simple-body`} data-testid="simple-view">
        {info && <MissingEnvPrompt key={`env-${summary.id}`} summary={summary} info={info} />}
        <PythonEnvNote key={`python-env-${summary.id}`} summary={summary} />
        {hasSetup && <SetupTab skillId={summary.id} />}
        {hasOptions &&
          (running ? (
            <OptionsTab skillId={summary.id} />
          ) : (
            <p className={styles.simpleNote} data-testid="simple-options-stopped">Its settings show here once it is running.</p>
          ))}
        {info && !hasSetup && !hasOptions && (
          <p className={styles.simpleNote}>This skill has nothing to set up. Its tools, logs and messages are in the developer view.</p>
        )}
      </div>
    </main>
  );
}
