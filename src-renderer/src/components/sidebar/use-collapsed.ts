import { useCallback, useState } from 'react';

const KEY = 'skillbench.sidebarCollapsed';

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the skills list is folded to a rail; remembered across reloads, as the theme is. */
export function useSidebarCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(read);
  const set = useCallback((c: boolean) => {
    setState(c);
    try {
      localStorage.setItem(KEY, c ? '1' : '0');
    } catch {
      /* private mode: it holds for this session */
    }
  }, []);
  return [collapsed, set];
}
