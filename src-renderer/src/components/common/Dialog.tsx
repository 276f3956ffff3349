import { useEffect, useRef, type ReactNode } from 'react';
// Global class names kept beside the module classes: tests select .dialog-body.
import styles from './Dialog.module.css';

/** How wide a dialog is: a question (small), a form that scrolls (medium), side-by-side panes or a report (wide). */
export type DialogSize = 'small' | 'medium' | 'wide';

/** A modal built on <dialog>: focus is trapped and Escape closes it, natively. */
export function Dialog({ open, title, onClose, children, footer, labelId, size = 'small' }: {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  labelId: string;
  size?: DialogSize;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[size]}`}
      aria-labelledby={labelId}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className={styles.dialogInner}>
          <h2 id={labelId} className={styles.dialogTitle}>{title}</h2>
          <div className={`${styles.dialogBody} dialog-body`}>{children}</div>
          {footer && <div className={styles.dialogFooter}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
