import { useStore } from '../store';

export async function copyText(text: string, what = 'Copied'): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    useStore.getState().pushToast('success', `${what} to the clipboard.`);
  } catch {
    useStore.getState().pushToast('error', 'The clipboard is not available here; select the text and copy it instead.');
  }
}
