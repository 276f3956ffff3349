import type { ReactNode } from 'react';
import { CircleExclamationPoint } from 'lucide-react';

/** An error in plain words, with an optional machine code shown as a small badge. */
export function ErrorNote({ title, message, code, children, tone = 'error' }: {
  title?: string;
  message: string;
  code?: string;
  children?: ReactNode;
  tone?: 'error' | 'warning';
}) {
  return (
    <div className={`error-note tone-${tone}`} role="alert">
      <CircleExclamationPoint size={16} className="error-note-icon" aria-hidden="true" />
      <div className="error-note-body">
        {(title || code) && (
          <div className="error-note-head">
            {title && <strong>{title}</strong>}
            {code && <span className="code-badge" title="Error code">{code}</span>}
          </div>
        )}
        <div className="error-note-message">{message}</div>
        {children}
      </div>
    </div>
  );
}
