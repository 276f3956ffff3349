import type { ThemeChoice, TabName, Toast, UiSlice, Slice } from './types';

const THEME_KEY = 'skillbench.theme';

function readTheme(): ThemeChoice {
  try {
    const v = localStorage.getItem(THEME_KEY);
    if (v === 'light' || v === 'dark' || v === 'system') return v;
  } catch {
    /* ignore */
  }
  return 'system';
}

let toastId = 1;

export const createUiSlice: Slice<UiSlice> = (set) => ({
  theme: readTheme(),
  systemDark: typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches,
  activeTab: {},
  toasts: [],
  connection: 'connecting',
  setTheme: (theme) => {
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      /* ignore */
    }
    set({ theme });
  },
  setSystemDark: (systemDark) => set({ systemDark }),
  setActiveTab: (skillId, tab) => set((s) => ({ activeTab: { ...s.activeTab, [skillId]: tab } })),
  pushToast: (kind, text, lines) =>
    set((s) => {
      // The same message twice in a row is shown once.
      if (s.toasts.some((t) => t.text === text)) return {};
      return { toasts: [...s.toasts.slice(-3), { id: toastId++, kind, text, ...(lines?.length ? { lines } : {}) }] };
    }),
  dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  setConnection: (connection, connectionDetail) => set({ connection, connectionDetail }),
});

export const effectiveDark = (s: { theme: ThemeChoice; systemDark: boolean }): boolean =>
  s.theme === 'dark' || (s.theme === 'system' && s.systemDark);

export type { ThemeChoice, TabName, Toast, UiSlice };
