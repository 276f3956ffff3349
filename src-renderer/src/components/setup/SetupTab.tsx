import { useEffect } from 'react';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { useSetupFlow } from './useSetupFlow';
import { SetupOverview, useSetupConfiguration } from './SetupOverview';
import { SetupFieldInput } from './SetupFieldInput';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
// Global class names kept beside the module classes: .setup-card is styled in its context by common.module.css,
// TriggersTab.module.css.
import styles from './SetupTab.module.css';
import setupStyles from './setup.module.css';

function Progress({ done, current }: { done: string[]; current: string }) {
  return (
    <ol className={styles.setupProgress} aria-label="Setup progress">
      {done.map((t, i) => (
        <li key={i} className="done">
          <span className={styles.stepNum}><Check size={11} aria-hidden="true" /></span>
          <span className="step-title">{t}</span>
        </li>
      ))}
      <li className="current" aria-current="step">
        <span className={styles.stepNum}>{done.length + 1}</span>
        <span className="step-title">{current}</span>
      </li>
    </ol>
  );
}

/** The Setup tab: what is configured (or that nothing is yet), and the wizard once the user starts it. */
export function SetupTab({ skillId }: { skillId: string }) {
  return <SetupView key={skillId} skillId={skillId} />;
}

function SetupView({ skillId }: { skillId: string }) {
  const config = useSetupConfiguration(skillId);
  const flow = useSetupFlow(skillId, (stepId) => {
    const step = config.value?.steps.find((s) => s.id === stepId);
    if (!step) return undefined;
    return Object.fromEntries(step.fields.filter((f) => !f.secret && f.value !== undefined && f.value !== null).map((f) => [f.name, f.value]));
  });

  // A setup that just completed changed what is configured: read it again.
  const { reload } = config;
  useEffect(() => {
    if (flow.phase === 'complete') reload();
  }, [flow.phase, reload]);

  if (flow.phase === 'idle' || flow.phase === 'cancelled' || flow.phase === 'complete') {
    return (
      <SetupOverview
        config={config}
        onStart={flow.start}
        note={
          flow.phase === 'complete'
            ? { tone: 'success', text: flow.message || 'All set: the skill is set up and ready to use.' }
            : flow.phase === 'cancelled'
              ? { tone: 'info', text: config.value ? 'Reconfiguring was cancelled: the settings below are unchanged.' : 'Setup cancelled: nothing was saved. You can start again whenever you are ready.' }
              : undefined
        }
      />
    );
  }
  if (flow.phase === 'loading') {
    return <div className="panel-loading"><Spinner /> Preparing the setup…</div>;
  }
  if (flow.phase === 'failed') {
    return (
      <div className={setupStyles.setupWrap}>
        <ErrorNote title="The setup could not continue" message={flow.message ?? 'The skill did not answer.'}>
          <Button size="sm" onClick={flow.start}>Start again</Button>
        </ErrorNote>
      </div>
    );
  }

  const step = flow.step!;
  const idPrefix = `setup-${step.id}`;
  return (
    <div className={setupStyles.setupWrap}>
      <form
        className={`${setupStyles.setupCard} setup-card`}
        aria-labelledby={`${idPrefix}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          flow.next();
        }}
        noValidate
      >
        {flow.history.length > 0 && <Progress done={flow.history.map((s) => s.title)} current={step.title} />}
        <div className={styles.setupStepHead}>
          <div className={styles.setupStepCount}>Step {flow.history.length + 1}</div>
          <h2 id={`${idPrefix}-title`} className={setupStyles.setupStepTitle}>{step.title}</h2>
          {step.description && <p className={setupStyles.setupStepDesc}>{step.description}</p>}
        </div>
        {flow.message && <ErrorNote message={flow.message} tone={Object.keys(flow.errors).length ? 'error' : 'warning'} />}
        <div className={setupStyles.setupFields}>
          {step.fields.map((f) => (
            <SetupFieldInput
              key={`${step.id}:${f.name}`}
              field={f}
              value={flow.values[f.name]}
              kept={flow.kept[f.name] === true}
              error={flow.errors[f.name]}
              onChange={(v) => flow.setValue(f.name, v)}
              idPrefix={idPrefix}
            />
          ))}
          {!step.fields.length && <p className="muted">Nothing to fill in on this step.</p>}
        </div>
        <div className={setupStyles.setupActions}>
          <Button variant="ghost" onClick={flow.cancel} disabled={flow.busy} data-testid="setup-cancel">Cancel</Button>
          <span className="spacer" />
          <Button icon={<ArrowLeft size={13} />} onClick={flow.back} disabled={flow.busy || !flow.history.length} data-testid="setup-back">
            Back
          </Button>
          <Button type="submit" variant="primary" busy={flow.busy} disabled={flow.busy} data-testid="setup-next" iconEnd={<ArrowRight size={13} aria-hidden="true" />}>
            {flow.busy ? 'Checking…' : 'Next'}
          </Button>
        </div>
      </form>
    </div>
  );
}
