import type { McpSamplingMode } from '@contract';
import { queries, useCommand, useQuery } from '../../data';
import { ErrorNote } from '../common/ErrorNote';
import styles from './SamplingModeSwitch.module.css';

/** The server's sampling switch: ask the user each time, or have the app's model answer at once. */
export function SamplingModeSwitch({ skillId }: { skillId: string }) {
  const setup = useQuery('mcpSamplingSetup', [skillId]);
  const setter = useCommand('mcpSetSamplingMode');
  const s = setup.data;
  const error = setter.error ?? setup.error;
  if (!s) return error ? <ErrorNote message={error} /> : null;
  // Shown chosen at once; the answer (or, on a failure, the saved mode read again) replaces it.
  const choose = async (mode: McpSamplingMode) => {
    queries.set('mcpSamplingSetup', [skillId], { ...s, mode });
    const now = await setter.run(skillId, mode);
    if (now) queries.set('mcpSamplingSetup', [skillId], now);
    else queries.invalidate(['mcpSamplingSetup'], skillId);
  };
  return (
    <div data-testid="sampling-mode">
      <fieldset className={styles.samplingMode} disabled={setter.busy}>
        <legend className="field-label">When the server asks for a model’s answer (sampling)</legend>
        <label>
          <input type="radio" name={`sampling-mode-${skillId}`} checked={s.mode === 'ask'} onChange={() => void choose('ask')} data-testid="sampling-mode-ask" /> Ask me each time
        </label>
        <label>
          <input type="radio" name={`sampling-mode-${skillId}`} checked={s.mode === 'always'} disabled={!s.model && s.mode !== 'always'} onChange={() => void choose('always')} data-testid="sampling-mode-always" />{' '}
          Answer with {s.model ?? 'the model'} at once
        </label>
      </fieldset>
      <p className="field-help">
        {s.model
          ? `Asked each time, you may still have ${s.model} draft the answer. Answered at once, the exchange is in Messages and on the timeline.`
          : 'No model is configured: add one in the app’s model settings to have it answer.'}
      </p>
      {error && <ErrorNote message={error} />}
    </div>
  );
}
