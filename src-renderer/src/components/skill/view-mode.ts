import type { SkillInfo, SkillSummary } from '@contract';
import type { SkillViewMode } from '../../store';
import type { ShownStatus } from '../../lib/offline';

/** The skill asks for its setup and has not had it. */
export function needsSetup(summary: SkillSummary, info: SkillInfo | undefined): boolean {
  return Boolean(info?.capabilities.setup && (summary.status === 'needs-setup' || info.needsSetup));
}

/**
 * Which view a skill opens in: the one the user chose with the "Developer view" switch; before any choice, the
 * simple one for a skill that waits for its setup, unless the user has already been moving between tabs.
 */
export function viewModeOf(choice: SkillViewMode | null, devTabsUsed: boolean, waitsForSetup: boolean): SkillViewMode {
  if (choice) return choice;
  return waitsForSetup && !devTabsUsed ? 'simple' : 'developer';
}

export interface PlainState {
  /** For styling and tests: what the words say. */
  kind: 'needs-setup' | 'ready' | 'running' | 'starting' | 'stopped' | 'crashed' | 'unknown';
  title: string;
  text: string;
}

/** The skill's state in the words of someone who only configures it. */
export function plainState(status: ShownStatus, waitsForSetup: boolean, hasSetup: boolean): PlainState {
  switch (status) {
    case 'unknown':
      return { kind: 'unknown', title: 'Unknown', text: 'The workbench cannot be reached right now, so its state is not known.' };
    case 'crashed':
      return { kind: 'crashed', title: 'Stopped unexpectedly', text: 'It stopped by itself. Start it again; if it keeps stopping, the developer view shows why.' };
    case 'starting':
    case 'restarting':
      return { kind: 'starting', title: 'Starting…', text: 'It is starting up. This takes a moment.' };
    case 'busy':
      return { kind: 'running', title: 'Running', text: 'It is working on a request right now.' };
    case 'stopped':
      return waitsForSetup
        ? { kind: 'needs-setup', title: 'Needs setup', text: 'Start it, then answer its questions below (such as an API key).' }
        : { kind: 'stopped', title: 'Stopped', text: 'It is not running. Start it to use it.' };
    case 'needs-setup':
      return { kind: 'needs-setup', title: 'Needs setup', text: 'Answer its questions below (such as an API key) before it can work.' };
    case 'ready':
      return waitsForSetup
        ? { kind: 'needs-setup', title: 'Needs setup', text: 'Answer its questions below (such as an API key) before it can work.' }
        : { kind: 'ready', title: 'Ready', text: hasSetup ? 'It is set up and running.' : 'It is running.' };
  }
}
