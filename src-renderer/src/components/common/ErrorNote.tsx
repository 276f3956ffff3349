import type { ReactNode } from 'react';
import { CircleExclamationPoint } from 'lucide-react';
import styles from './ErrorNote.module.css';
import commonStyles from './common.module.css';

/** An error in plain words, with an optional machine code shown as a small badge. */
export function ErrorNote({ title, message, code, children, tone = 'error' }: {
  title?: string;
  message: string;
  code?: string;
  children?: ReactNode;
  tone?: 'error' | 'warning';
}) {
  return (
    <div className={`${commonStyles.errorNote} tone-${tone}`} role="alert">
      <CircleExclamationPoint size={16} className={styles.errorNoteIcon} aria-hidden="true" />
      <div className={styles.errorNoteBody}>
        {(title || code) && (
          <div className={styles.errorNoteHead}>
            {title && <strong>{title}</strong>}
            {code && <span className="code-badge" title="Error code">{code}</span>}
          </div>
        )}
        <div className={styles.errorNoteMessage}>{message}</div>
        {children}
      </div>
    </div>
  );
}
