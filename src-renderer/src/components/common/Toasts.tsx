import { useEffect } from 'react';
import { X } from 'lucide-react';
import { useStore } from '../../store';
import type { Toast } from '../../store/ui-slice';
// Global class names kept beside the module classes: tests select .toast, .toast-text, .toast-close, .toast-lines.
import styles from './Toasts.module.css';

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useStore((s) => s.dismissToast);
  useEffect(() => {
    const t = setTimeout(() => dismiss(toast.id), toast.kind === 'error' ? 9000 : 3500);
    return () => clearTimeout(t);
  }, [toast, dismiss]);
  return (
    <div className={`${styles.toast} toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span className={`${styles.toastText} toast-text`}>
        {toast.text}
        {toast.lines && <pre className={`${styles.toastLines} toast-lines`}>{toast.lines.join('\n')}</pre>}
      </span>
      <button type="button" className={`${styles.toastClose} toast-close`} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        <X size={14} aria-hidden="true" />
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useStore((s) => s.toasts);
  return (
    <div className={styles.toasts} aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
