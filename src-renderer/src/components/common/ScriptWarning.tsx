/** The warning before a local script runs, in one look wherever it is asked: the Scripts tab and the chat's approval. */
import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import styles from './ScriptWarning.module.css';

export function ScriptWarning({ text, alert = false, testId, children }: { text: string; alert?: boolean; testId: string; children?: ReactNode }) {
  return (
    <div className={styles.warning} role={alert ? 'alert' : undefined} data-testid={testId}>
      <ShieldAlert size={16} className={styles.icon} aria-hidden="true" />
      <div>
        <p className={styles.text}>{text}</p>
        {children}
      </div>
    </div>
  );
}
