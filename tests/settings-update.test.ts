/**
 * updateSkillSettings with malformed updates, against a real workbench and a running skill: each one is
 * refused whole with an error naming the field (never an internal TypeError), and nothing changes: not the
 * settings file, not the secrets, not the running skill.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { skillFolder } from '../src-main/host/workbench-home';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { allFiles, FIXTURES } from './helpers';
import { scaled } from './machine-factor';

const huge = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`V${i}`, 'x']));
const protoKey = (inner: string) => JSON.parse(`{${inner}}`) as Record<string, unknown>;

/** The update, and the field the refusal must name. */
const MALFORMED: [string, unknown, RegExp][] = [
  ['null', null, /settings update must be an object/],
  ['a text', 'hotReload', /settings update must be an object/],
  ['a list', [{ hotReload: true }], /settings update must be an object/],
  ['a number', 42, /settings update must be an object/],
  ['env as a text (spread into one key per character)', { env: 'x'.repeat(200_013) }, /"env"/],
  ['env as a list', { env: ['A=1'] }, /"env"/],
  ['env with a number value', { env: { A: 1 } }, /"env\.A"/],
  ['env with nested junk', { env: { A: { deep: [1, { x: 2 }] } } }, /"env\.A"/],
  ['env of 200,000 keys', { env: huge }, /"env" can hold at most/],
  ['env with a __proto__ key', { env: protoKey('"__proto__": "x"') }, /"env".*__proto__/],
  ['env with a bad name', { env: { 'BAD NAME': 'x' } }, /not a valid environment variable name/],
  ['secretEnv as a text', { secretEnv: 'TOKEN' }, /"secretEnv"/],
  ['secretEnv as a number', { secretEnv: 5 }, /"secretEnv"/],
  ['secretEnv with a number', { secretEnv: [1] }, /"secretEnv"/],
  ['args as a text', { args: '--flag' }, /"args"/],
  ['args with an object', { args: [{}] }, /"args"/],
  ['args with a NUL', { args: ['a\0b'] }, /"args".*NUL/],
  ['hotReload as a text', { hotReload: 'yes' }, /"hotReload"/],
  ['debug as a number', { debug: 1 }, /"debug"/],
  ['inheritEnv as a text', { inheritEnv: 'yes' }, /"inheritEnv".*on or off/],
  ['hostParity as null', { hostParity: null }, /"hostParity"/],
  ['a negative timeout', { timeoutMs: -5 }, /"timeoutMs"/],
  ['a NaN timeout', { timeoutMs: NaN }, /"timeoutMs"/],
  ['an infinite timeout', { timeoutMs: Infinity }, /"timeoutMs"/],
  ['a timeout as a text', { timeoutMs: '1000' }, /"timeoutMs"/],
  ['a fractional line limit', { maxLineBytes: 2048.5 }, /"maxLineBytes"/],
  ['a tiny line limit', { maxLineBytes: 10 }, /"maxLineBytes"/],
  ['history as a text', { history: '50' }, /"history"/],
  ['history with a negative size', { history: { maxMb: -1, maxDays: 7 } }, /"history\.maxMb"/],
  ['history with NaN days', { history: { maxMb: 1, maxDays: NaN } }, /"history\.maxDays"/],
  ['history with an unknown key', { history: { maxMb: 1, maxDays: 1, keepAll: true } }, /"history".*keepAll/],
  ['secretValues as a text', { secretValues: 'tok' }, /"secretValues"/],
  ['secretValues with an empty value', { secretValues: { TOKEN: '' } }, /"secretValues\.TOKEN"/],
  ['secretValues with an object value', { secretValues: { TOKEN: { value: 'x' } } }, /"secretValues\.TOKEN"/],
  ['an unknown key', { hotreload: false }, /"hotreload" is not a skill setting/],
  ['a __proto__ key', protoKey('"__proto__": {"debug": true}'), /"__proto__" is not a skill setting/],
  ['a constructor key', { constructor: { debug: true } }, /"constructor" is not a skill setting/],
  ['a good field beside a bad one', { debug: true, env: { A: 'ok' }, timeoutMs: -1 }, /"timeoutMs"/],
];

describe('updateSkillSettings refuses malformed updates whole', () => {
  it(`refuses ${MALFORMED.length} malformed shapes, naming the field, and changes nothing`, { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], namedFolders: true }));
    const [skill] = await wb.listSkills();
    await wb.updateSkillSettings(skill.id, { env: { KEEP: 'me' }, secretValues: { TOKEN: 'tok-settings-1234567' }, history: { maxMb: 50, maxDays: 7 } });
    await wb.startSkill(skill.id);
    const statuses: string[] = [];
    wb.events.on('status', (s) => statuses.push(s.status));
    const settingsFile = path.join(skillFolder(home, skill.id), 'settings.json');
    const snapshot = () => Object.fromEntries(allFiles(home).filter((f) => !f.includes(`${path.sep}logs${path.sep}`) && !f.includes(`${path.sep}messages${path.sep}`)).map((f) => [f, fs.readFileSync(f, 'latin1')]));
    const before = snapshot();
    const settingsBefore = await wb.getSkillSettings(skill.id);

    // Every shape is tried before anything is asserted, so a failure lists them all.
    const taken: string[] = [];
    const badWords: string[] = [];
    for (const [what, update, field] of MALFORMED) {
      const err = await wb.updateSkillSettings(skill.id, update as never).then(() => null, (e: Error) => e);
      if (!err) taken.push(what);
      else if (!/^The settings were not changed: /.test(err.message) || !field.test(err.message) || err.message.length > 400 || /TypeError|Cannot (read|destructure|convert)|is not (iterable|a function)|undefined/.test(err.message)) {
        badWords.push(`${what}: ${err.message.slice(0, 200)}`);
      }
    }
    expect(taken).toEqual([]);
    expect(badWords).toEqual([]);
    expect(snapshot()).toEqual(before);
    expect(await wb.getSkillSettings(skill.id)).toEqual(settingsBefore);
    expect(Object.getPrototypeOf(JSON.parse(fs.readFileSync(settingsFile, 'utf8')))).toBe(Object.prototype);
    // The skill was neither stopped nor restarted, and still answers.
    expect(statuses).toEqual([]);
    expect((await wb.callTool(skill.id, 'echo', { after: true })).outcome?.ok).toBe(true);

    // A well-formed update still goes through.
    expect(await wb.updateSkillSettings(skill.id, { hotReload: false, args: ['--x'] })).toMatchObject({ hotReload: false, args: ['--x'], env: { KEEP: 'me' } });
  });
});
