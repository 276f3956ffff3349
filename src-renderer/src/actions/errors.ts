import { useStore } from '../store';

/** The workbench already words its errors plainly; anything else gets a generic sentence. */
export function messageOf(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return 'Something went wrong, and the workbench did not say what.';
}

export function toastError(err: unknown, prefix?: string): void {
  const text = messageOf(err);
  useStore.getState().pushToast('error', prefix ? `${prefix}: ${text}` : text);
}
