/**
 * A large state does not freeze the workbench: 2,000 `state/set` calls on a 100k-key state, served by the
 * real host services on real files, keep the event loop responsive, cost few writes, and the file after
 * the final flush holds exactly the expected merge. (Issue 15, item 13: before, each set copied and wrote
 * the whole state, and the event loop stalled for the length of the run.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { scaled } from './machine-factor';
import { DataStore } from '../src-main/host/data-store';
import { EntityStore } from '../src-main/host/entity-store';
import { createHostServices } from '../src-main/protocols/skilldef/host-services';
import { SecretStore } from '../src-main/host/secret-store';
import { StateStore } from '../src-main/host/state-store';
import { skillPaths } from '../src-main/host/workbench-home';

const SKILL = 'skills/big#main';
const KEYS = 100_000;
const SETS = 2_000;

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-state-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(home, { recursive: true, force: true });
});

it('2,000 sets on a 100k-key state keep the event loop responsive and end on disk as the expected merge', async () => {
  const file = skillPaths(home, SKILL).stateFile;
  const expected: Record<string, unknown> = {};
  for (let i = 0; i < KEYS; i++) expected[`key${i}`] = { n: i, label: `value ${i}` };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(expected));

  const secrets = SecretStore.open(home);
  const state = StateStore.forSkill(home, SKILL, { secrets: secrets.forSkill(SKILL) });
  const host = createHostServices({
    skillId: SKILL,
    state,
    data: DataStore.forSkill(home, SKILL, { secrets: secrets.forSkill(SKILL) }),
    entities: EntityStore.open(home),
  });
  expect((await host.handle('state/get', {}) as { state: object }).state).toEqual(expected); // loaded once, before measuring

  const renames = vi.spyOn(fs.promises, 'rename');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  for (let i = 0; i < SETS; i++) {
    // As a skill does: one set at a time, each awaited; changes old keys and adds new ones.
    const partial = { [`key${(i * 37) % KEYS}`]: { n: -i - 1 }, [`added${i}`]: i };
    Object.assign(expected, partial);
    expect(await host.handle('state/set', { partial })).toEqual({ ok: true });
  }
  await state.flush();
  delay.disable();

  const longestMs = delay.max / 1e6;
  const writes = renames.mock.calls.filter(([, to]) => to === file).length;
  console.log(`state/set x${SETS} on ${KEYS} keys: longest event-loop delay ${longestMs.toFixed(0)} ms, ${writes} writes of state.json`);
  // A responsiveness bound, not a speed target: a stalled loop (a whole-state copy and write per set) is far above it.
  expect(longestMs).toBeLessThan(scaled(500));
  expect(writes).toBeGreaterThanOrEqual(1);
  expect(writes).toBeLessThan(SETS / 10);
  expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(expected);
  expect(fs.readdirSync(path.dirname(file)).filter((n) => n.includes('.tmp-'))).toEqual([]);
}, scaled(120_000));

it('a "__proto__" key set by a skill is kept as data, never as the state\'s prototype', async () => {
  const state = StateStore.forSkill(home, SKILL);
  await state.merge(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
  await state.flush();
  const onDisk = JSON.parse(fs.readFileSync(skillPaths(home, SKILL).stateFile, 'utf8'));
  expect(Object.keys(onDisk)).toEqual(['__proto__', 'a']);
  expect((state.get() as { polluted?: boolean }).polluted).toBeUndefined();
  expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
});
