import { useId } from 'react';

/**
 * A DOM id unique on the page and stable for the component's life, starting with `prefix` so it reads well in
 * the devtools: React's `useId`, kept to the characters a CSS selector takes as they are (its own may hold
 * colons or guillemets). What tests select is a data-testid or a role, never one of these.
 */
export function useDomId(prefix: string): string {
  return `${prefix}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
