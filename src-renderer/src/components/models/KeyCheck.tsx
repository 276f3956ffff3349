import { useState } from 'react';
import { CircleCheck, KeyRound } from 'lucide-react';
import type { KeyCheck as KeyCheckResult, ModelConfig } from '@contract';
import { useCommand } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import styles from './ModelProfileForm.module.css';

/**
 * "Check key", before Save: one harmless live call with the key typed (or the one the profile would use), and what it
 * found in plain words. The form remounts it (by key) when the key or the server changes, so an answer never outlives
 * what it was about.
 */
export function KeyCheck({ config, typedKey, disabled }: { config: () => ModelConfig; typedKey?: string; disabled?: boolean }) {
  const check = useCommand('checkModelKey');
  const [found, setFound] = useState<KeyCheckResult | null>(null);
  const run = async () => {
    setFound(null);
    const got = await check.run(config(), typedKey);
    if (got) setFound(got);
  };
  return (
    <div className={styles.keyCheck}>
      <Button icon={<KeyRound size={13} />} onClick={() => void run()} busy={check.busy} disabled={disabled} data-testid="model-key-check">
        Check key
      </Button>
      {(found || check.error) && (
        <div data-testid="model-key-check-result" data-verdict={found?.verdict ?? 'failed'}>
          {found?.verdict === 'works' ? (
            <p className={styles.keyWorks} role="status">
              <CircleCheck size={14} aria-hidden="true" /> {found.words}
            </p>
          ) : (
            <ErrorNote tone="warning" title={found?.verdict === 'unchecked' ? 'The key could not be checked' : 'The key does not work here'} message={found?.words ?? check.error ?? ''} />
          )}
        </div>
      )}
    </div>
  );
}
