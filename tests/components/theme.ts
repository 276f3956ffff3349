/** The app's two themes, switched as theme.ts does it (data-theme on <html>), plus the store for Monaco's theme. */
import { useStore } from '../../src-renderer/src/store';

export type Theme = 'light' | 'dark';
export const THEMES: readonly Theme[] = ['light', 'dark'];

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/** Resolves once the new colours are painted: no transition is left half way for axe to measure. */
export async function applyTheme(theme: Theme): Promise<void> {
  const root = document.documentElement;
  root.classList.add('theme-switching');
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  useStore.setState({ theme });
  await frame();
  await frame();
  root.classList.remove('theme-switching');
}
