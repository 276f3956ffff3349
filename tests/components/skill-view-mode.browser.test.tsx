/** Which view a skill opens in, and its state in plain words (components/skill/view-mode.ts). */
import { describe, expect, it } from 'vitest';
import { plainState, viewModeOf } from '../../src-renderer/src/components/skill/view-mode';

describe('the view a skill opens in', () => {
  it('is the simple one for a skill that waits for its setup, until the user has moved between tabs', () => {
    expect(viewModeOf(null, false, true)).toBe('simple');
    expect(viewModeOf(null, true, true)).toBe('developer');
    expect(viewModeOf(null, false, false)).toBe('developer');
  });

  it('is the one the user chose with the switch, whatever the skill', () => {
    expect(viewModeOf('developer', false, true)).toBe('developer');
    expect(viewModeOf('simple', true, false)).toBe('simple');
  });
});

describe('the state in plain words', () => {
  it('says "Needs setup" while the setup waits, running or not, and "Ready" once it is done', () => {
    expect(plainState('needs-setup', true, true).title).toBe('Needs setup');
    expect(plainState('stopped', true, true)).toMatchObject({ kind: 'needs-setup', title: 'Needs setup' });
    expect(plainState('stopped', true, true).text).toMatch(/^Start it/);
    // The status may say ready a moment before the info says the setup is done: the setup wins.
    expect(plainState('ready', true, true).kind).toBe('needs-setup');
    expect(plainState('ready', false, true)).toMatchObject({ kind: 'ready', title: 'Ready', text: 'It is set up and running.' });
    expect(plainState('ready', false, false).text).toBe('It is running.');
  });

  it('gives every other state a word a person uses', () => {
    expect(plainState('busy', false, true).title).toBe('Running');
    expect(plainState('starting', false, true).title).toBe('Starting…');
    expect(plainState('restarting', false, true).title).toBe('Starting…');
    expect(plainState('stopped', false, true).title).toBe('Stopped');
    expect(plainState('crashed', false, true).title).toBe('Stopped unexpectedly');
    expect(plainState('unknown', false, true).title).toBe('Unknown');
  });
});
