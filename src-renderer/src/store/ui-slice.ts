import type { Slice } from './types';
import type { ConnectionState } from '../api/connection';

export type ThemeChoice = 'light' | 'dark' | 'system';
export type TabName = 'tools' | 'setup' | 'logs' | 'messages' | 'timeline' | 'session' | 'data' | 'recordings' | 'doctor';

export interface Toast {
  id: number;
  kind: 'error' | 'info' | 'success';
  text: string;
  /** Lines to show as they are, under the text (a crashed skill's last stderr lines). */
  lines?: string[];
}

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

export interface UiSlice {
  theme: ThemeChoice;
  systemDark: boolean;
  activeTab: Record<string, TabName>;
  toasts: Toast[];
  connection: ConnectionState;
  connectionDetail?: string;
  setTheme(theme: ThemeChoice): void;
  setSystemDark(dark: boolean): void;
  setActiveTab(skillId: string, tab: TabName): void;
  pushToast(kind: Toast['kind'], text: string, lines?: string[]): void;
  dismissToast(id: number): void;
  setConnection(state: ConnectionState, detail?: string): void;
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
