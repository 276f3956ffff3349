import { Monitor, Moon, Sun } from 'lucide-react';
import { useStore, type ThemeChoice } from '../../store';
import { IconButton } from '../common/Button';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemeChoice, string> = {
  system: 'Theme: follows the system (click for light)',
  light: 'Theme: light (click for dark)',
  dark: 'Theme: dark (click to follow the system)',
};

export function ThemeToggle() {
  const theme = useStore((s) => s.theme);
  const setTheme = useStore((s) => s.setTheme);
  const icon = theme === 'light' ? <Sun size={15} /> : theme === 'dark' ? <Moon size={15} /> : <Monitor size={15} />;
  return <IconButton worksOffline label={LABEL[theme]} icon={icon} onClick={() => setTheme(NEXT[theme])} data-testid="theme-toggle" />;
}
