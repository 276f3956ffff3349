import type { SkillViewMode, ThemeChoice, TabName, Toast, UiSlice, Slice } from './types';

const THEME_KEY = 'skillbench.theme';
const VIEW_KEY = 'skillbench.skillView';
const DEV_TABS_KEY = 'skillbench.devTabsUsed';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function keep(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode: it holds for this session */
  }
}

function readView(): SkillViewMode | null {
  const v = read(VIEW_KEY);
  return v === 'simple' || v === 'developer' ? v : null;
}

function readTheme(): ThemeChoice {
  const v = read(THEME_KEY);
  return v === 'light' || v === 'dark' || v === 'system' ? v : 'system';
}

let toastId = 1;

export const createUiSlice: Slice<UiSlice> = (set) => ({
  theme: readTheme(),
  systemDark: typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches,
  activeTab: {},
  viewChoice: readView(),
  devTabsUsed: read(DEV_TABS_KEY) === '1',
  toasts: [],
  connection: 'connecting',
  setTheme: (theme) => {
    keep(THEME_KEY, theme);
    set({ theme });
  },
  setSystemDark: (systemDark) => set({ systemDark }),
  setActiveTab: (skillId, tab) => set((s) => ({ activeTab: { ...s.activeTab, [skillId]: tab } })),
  setViewChoice: (viewChoice) => {
    keep(VIEW_KEY, viewChoice);
    set({ viewChoice });
  },
  markDevTabsUsed: () =>
    set((s) => {
      if (s.devTabsUsed) return {};
      keep(DEV_TABS_KEY, '1');
      return { devTabsUsed: true };
    }),
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

export type { SkillViewMode, ThemeChoice, TabName, Toast, UiSlice };
