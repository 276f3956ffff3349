/**
 * Whether the UI can reach the workbench right now. While it cannot (browser mode, the server stopped or not yet
 * reached), everything that would ask the workbench for something is greyed out with the reason as its tooltip,
 * and statuses show "unknown": what the page last heard may no longer be true.
 */
import type { SkillStatus } from '@contract';
import type { ConnectionState } from '../api/connection';
import { useStore } from '../store';

export type ShownStatus = SkillStatus | 'unknown';

export function offlineReason(state: ConnectionState): string | null {
  switch (state) {
    case 'open':
      return null;
    case 'connecting':
    case 'reconnecting':
      return 'Connecting to the workbench…';
    case 'lost':
    case 'unreachable':
      return 'The workbench server stopped: start it again to use this.';
    case 'unauthorised':
      return 'This page is not connected to the workbench (see the message at the top).';
  }
}

/** Null while connected; otherwise why actions are unavailable. */
export function useOfflineReason(): string | null {
  return useStore((s) => offlineReason(s.connection));
}

/** The status to show: 'unknown' while the workbench cannot be reached. */
export function useShownStatus(status: SkillStatus): ShownStatus {
  return useStore((s) => (s.connection === 'open' ? status : 'unknown'));
}
