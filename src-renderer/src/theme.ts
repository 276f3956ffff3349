import { effectiveDark, useStore } from './store';

/**
 * Applies the theme to <html data-theme> synchronously on every store change (before React re-renders), so anything
 * reading CSS variables in an effect (Monaco, xterm) sees the new colours.
 */
export function installTheme(): void {
  const apply = () => {
    const dark = effectiveDark(useStore.getState());
    const root = document.documentElement;
    root.dataset.theme = dark ? 'dark' : 'light';
    root.style.colorScheme = dark ? 'dark' : 'light';
  };
  apply();
  // Switch in one step: without this, every button fades between the two themes' colours for a moment.
  const switchNow = () => {
    const root = document.documentElement;
    root.classList.add('theme-switching');
    apply();
    requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('theme-switching')));
  };
  let last = effectiveDark(useStore.getState());
  useStore.subscribe((s) => {
    const d = effectiveDark(s);
    if (d !== last) {
      last = d;
      switchNow();
    }
  });
  const mq = matchMedia('(prefers-color-scheme: dark)');
  mq.addEventListener('change', (e) => useStore.getState().setSystemDark(e.matches));
}
