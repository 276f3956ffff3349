import type { ITheme } from '@xterm/xterm';

function v(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** The terminal's colours come from the app's CSS variables, so light and dark match the rest of the UI. */
export function terminalTheme(): ITheme {
  const dark = document.documentElement.dataset.theme === 'dark';
  return {
    background: v('--bg-term', dark ? '#15171a' : '#fbfbfc'),
    foreground: v('--text', dark ? '#e3e5e8' : '#1c1e21'),
    cursor: v('--bg-term', '#000'),
    cursorAccent: v('--bg-term', '#000'),
    selectionBackground: dark ? '#3b4a6b' : '#cddcfb',
    red: dark ? '#f27171' : '#c92a2a',
    brightRed: dark ? '#ff9b9b' : '#b02020',
    cyan: dark ? '#5ec8e0' : '#0b7f99',
    yellow: dark ? '#e8c262' : '#9a6700',
    black: dark ? '#6b7280' : '#4b5563',
    brightBlack: v('--text-faint', dark ? '#979da8' : '#646b77'),
  };
}
