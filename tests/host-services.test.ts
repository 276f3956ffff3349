/**
 * Host services for SkillDefinition skills and the secret store, on real files in a fresh temp home per test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDACTED } from '../src-main/contract';
import { JSONRPC, RpcError } from '../src-main/common/errors';
import { Redactor } from '../src-main/engine/redactor';
import { CoalescingWriter, CorruptFileError, readJsonFile, writeFileAtomic, writeFileAtomicSync } from '../src-main/host/atomic-write';
import { DataStore } from '../src-main/host/data-store';
import { EntityStore } from '../src-main/host/entity-store';
import { createHostServices } from '../src-main/protocols/skilldef/host-services';
import { safeStorageCipher, type SafeStorageLike } from '../src-main/host/secret-cipher';
import { SecretStore } from '../src-main/host/secret-store';
import { StateStore } from '../src-main/host/state-store';
import { homeLayout, safeSkillDir, skillPaths } from '../src-main/host/workbench-home';

/** Skipped on Windows, saying why in its name: symbolic links need extra rights there, and file modes (0600) do not exist. */
const posixOnly = (name: string, fn: () => unknown) =>
  it.skipIf(process.platform === 'win32')(process.platform === 'win32' ? `${name} (skipped: symbolic links and file modes are POSIX)` : name, fn);
const SKILL = 'skills/demo#main';

let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-host-'));
});
/** The entity stores the tests opened: flushed at the end, which closes their journals' files (Node 26 makes a file
 * handle left for the garbage collector an uncaught error, which the test running then would be blamed for). */
const opened: EntityStore[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(opened.splice(0).map((e) => e.flush().catch(() => undefined)));
  fs.rmSync(home, { recursive: true, force: true });
});

/** Every file under a folder, links not followed. */
function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...allFiles(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

function setup(skillId = SKILL) {
  const logs: string[] = [];
  const events: [string, unknown][] = [];
  const log = (l: string) => void logs.push(l);
  const secrets = SecretStore.open(home, { log });
  const state = StateStore.forSkill(home, skillId, { secrets: secrets.forSkill(skillId), log });
  const data = DataStore.forSkill(home, skillId, { secrets: secrets.forSkill(skillId) });
  const entities = EntityStore.open(home, { log });
  opened.push(entities);
  const host = createHostServices({
    skillId, state, data, entities, log,
    secrets: secrets.forSkill(skillId),
    onEvent: (t, d) => void events.push([t, d]),
  });
  const call = (method: string, params?: unknown) => host.handle(method, params) as Promise<Record<string, unknown>>;
  return { logs, events, secrets, state, data, entities, host, call };
}

async function rpcError(p: Promise<unknown>): Promise<RpcError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(RpcError);
  return err as RpcError;
}

describe('atomic writes', () => {
  it('replaces the file and leaves no temp file behind', async () => {
    const file = path.join(home, 'a.json');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two');
    writeFileAtomicSync(file, 'three');
    expect(fs.readFileSync(file, 'utf8')).toBe('three');
    expect(fs.readdirSync(home)).toEqual(['a.json']);
  });

  it('a failure before the rename keeps the old file whole and removes the temp file', async () => {
    const file = path.join(home, 'a.json');
    await writeFileAtomic(file, 'old content');
    vi.spyOn(fs.promises, 'rename').mockRejectedValueOnce(Object.assign(new Error('disk on fire'), { code: 'EIO' }));
    await expect(writeFileAtomic(file, 'new content')).rejects.toThrow('disk on fire');
    expect(fs.readFileSync(file, 'utf8')).toBe('old content');
    expect(fs.readdirSync(home)).toEqual(['a.json']);

    vi.spyOn(fs, 'renameSync').mockImplementationOnce(() => {
      throw new Error('sync disk on fire');
    });
    expect(() => writeFileAtomicSync(file, 'newer')).toThrow('sync disk on fire');
    expect(fs.readFileSync(file, 'utf8')).toBe('old content');
    expect(fs.readdirSync(home)).toEqual(['a.json']);
  });

  it('coalesces bursts and settles each save once its data is on disk', async () => {
    const file = path.join(home, 'sub', 'c.json');
    let value = 0;
    let renders = 0;
    const w = new CoalescingWriter(file, () => (renders++, String(value)));
    const saves: Promise<void>[] = [];
    for (let i = 1; i <= 20; i++) {
      value = i;
      saves.push(w.save().then(() => expect(Number(fs.readFileSync(file, 'utf8'))).toBeGreaterThanOrEqual(i)));
    }
    await Promise.all(saves);
    expect(fs.readFileSync(file, 'utf8')).toBe('20');
    expect(renders).toBeLessThanOrEqual(3);
  });

  it('reads a missing JSON file as the fallback and keeps a corrupt one aside', () => {
    const file = path.join(home, 'x.json');
    expect(readJsonFile(file, { empty: true })).toEqual({ empty: true });
    fs.writeFileSync(file, '{"half": ');
    let err: CorruptFileError | undefined;
    expect(() => readJsonFile(file, {})).toThrow(CorruptFileError);
    fs.renameSync(fs.readdirSync(home).map((n) => path.join(home, n))[0], file);
    readJsonFile(file, {}, { onCorrupt: (e) => (err = e) });
    expect(err!.message).toMatch(/x\.json could not be read \(it is not valid JSON/);
    expect(fs.readFileSync(err!.keptAs, 'utf8')).toBe('{"half": ');
    expect(path.basename(err!.keptAs)).toMatch(/^x\.json\.corrupt-/);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('state', () => {
  it('state/set merges shallowly, persists, and state/get returns it', async () => {
    const { call, state } = setup();
    expect(await call('state/get')).toEqual({ state: {} });
    expect(await call('state/set', { partial: { a: { x: 1 }, b: 1 } })).toEqual({ ok: true });
    await call('state/set', { partial: { a: { y: 2 }, c: null } });
    expect(await call('state/get')).toEqual({ state: { a: { y: 2 }, b: 1, c: null } });
    await state.flush(); // written behind; stop and close flush it
    const again = new StateStore(skillPaths(home, SKILL).stateFile);
    expect(again.get()).toEqual({ a: { y: 2 }, b: 1, c: null });
  });

  it('replace swaps the whole state, keeping secrets the UI saw redacted', async () => {
    const { state, secrets } = setup();
    secrets.set(SKILL, 'token', 'tok-123456');
    await state.merge({ token: 'tok-123456', keep: 1 });
    await state.replace({ token: REDACTED, other: 2 });
    expect(state.get()).toEqual({ token: 'tok-123456', other: 2 });
    expect(state.getForDisplay()).toEqual({ token: { $secret: 'token' }, other: 2 });
  });

  it('a corrupt state.json is reported, kept aside, and the skill starts from {}', async () => {
    const file = skillPaths(home, SKILL).stateFile;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"count": 4');
    const { call, logs, state } = setup();
    expect(await call('state/get')).toEqual({ state: {} });
    expect(logs.join('\n')).toMatch(/State: .*state\.json could not be read .*kept aside as state\.json\.corrupt-/);
    const kept = fs.readdirSync(path.dirname(file)).filter((n) => n.startsWith('state.json.corrupt-'));
    expect(kept).toHaveLength(1);
    expect(fs.readFileSync(path.join(path.dirname(file), kept[0]), 'utf8')).toBe('{"count": 4');
    await call('state/set', { partial: { count: 5 } });
    await state.flush();
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ count: 5 });
  });
});

describe('data folder', () => {
  it('reads a missing file as "" and round-trips a written one', async () => {
    const { call, data } = setup();
    expect(await call('data/read', { filename: 'alerts.json' })).toEqual({ content: '' });
    expect(await data.list()).toEqual([]);
    expect(await call('data/write', { filename: 'alerts.json', content: '[1,2]' })).toEqual({ ok: true });
    expect(await call('data/read', { filename: 'alerts.json' })).toEqual({ content: '[1,2]' });
    expect(await call('data/read', { filename: 'other.json' })).toEqual({ content: '' });
    const [info] = await data.list();
    expect(info).toMatchObject({ name: 'alerts.json', size: 5 });
    expect(Math.abs(info.modifiedAt - Date.now())).toBeLessThan(60_000);
    expect(fs.readdirSync(data.dir)).toEqual(['alerts.json']);
  });

  it('refuses every name that would leave the folder, saying why', async () => {
    const { call, logs } = setup();
    const cases: [string, RegExp][] = [
      ['..', /file names must stay inside the skill's data folder/],
      ['../x', /^Refused data\/write to "\.\.\/x": file names must stay inside the skill's data folder/],
      ['/etc/passwd', /absolute paths are not allowed/],
      ['a/b', /"\/" and "\\" are not allowed/],
      ['a\\b', /"\/" and "\\" are not allowed/],
      ['x\0y', /NUL character/],
      ['', /a file name is required/],
      ['.', /"\." and "\.\." are not file names/],
    ];
    for (const [name, why] of cases) {
      const w = await rpcError(call('data/write', { filename: name, content: 'pwned' }));
      expect(w.code).toBe(JSONRPC.INVALID_PARAMS);
      expect(w.message).toMatch(why);
      const r = await rpcError(call('data/read', { filename: name }));
      expect(r.code).toBe(JSONRPC.INVALID_PARAMS);
      expect(r.message).toMatch(/^Refused data\/read of /);
    }
    expect(fs.existsSync(path.join(skillPaths(home, SKILL).dir, 'x'))).toBe(false);
    expect(logs.filter((l) => l.startsWith('data/write refused: Refused data/write to'))).toHaveLength(cases.length);
  });

  posixOnly('refuses a symbolic link leading outside, follows one that stays inside', async () => {
    const { call, data } = setup();
    const outside = path.join(home, 'outside.txt');
    fs.writeFileSync(outside, 'not yours');
    fs.mkdirSync(data.dir, { recursive: true });
    fs.symlinkSync(outside, path.join(data.dir, 'link.txt'));
    fs.symlinkSync(path.join(home, 'nowhere'), path.join(data.dir, 'dangling.txt'));
    for (const name of ['link.txt', 'dangling.txt']) {
      const w = await rpcError(call('data/write', { filename: name, content: 'overwritten' }));
      expect(w.message).toMatch(new RegExp(`Refused data/write to "${name}": file names must stay inside the skill's data folder \\(it is a symbolic link`));
      await rpcError(call('data/read', { filename: name }));
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe('not yours');
    expect(fs.existsSync(path.join(home, 'nowhere'))).toBe(false);

    await data.write('real.txt', 'inside');
    fs.symlinkSync(path.join(data.dir, 'real.txt'), path.join(data.dir, 'alias.txt'));
    expect(await call('data/read', { filename: 'alias.txt' })).toEqual({ content: 'inside' });
    expect((await data.list()).map((f) => f.name)).toEqual(['alias.txt', 'real.txt']);
  });

  it('refuses content that is not text', async () => {
    const { call } = setup();
    const e = await rpcError(call('data/write', { filename: 'a.txt', content: 42 }));
    expect(e).toMatchObject({ code: JSONRPC.INVALID_PARAMS, message: 'Refused data/write to "a.txt": the content must be text' });
  });
});

describe('entities', () => {
  it('upsert by type + source + sourceId replaces; without ids each upsert is new', async () => {
    const { call, entities } = setup();
    await call('entities/upsert', { type: 'contact', source: 'tg', sourceId: '1', title: 'Alice' });
    const [first] = entities.list();
    await call('entities/upsert', { type: 'contact', source: 'tg', sourceId: '1', title: 'Alice B', summary: 'friend' });
    await call('entities/upsert', { type: 'contact', source: 'mail', sourceId: '1', title: 'Alice (mail)' });
    expect(entities.size).toBe(2);
    const alice = entities.list({ source: 'tg' });
    expect(alice).toHaveLength(1);
    expect(alice[0]).toMatchObject({ id: first.id, title: 'Alice B', summary: 'friend', type: 'contact' });
    await call('entities/upsert', { type: 'note', source: 'x', title: 'n' });
    await call('entities/upsert', { type: 'note', source: 'x', title: 'n' });
    expect(entities.list({ type: 'note' })).toHaveLength(2);
    expect(entities.list({ owner: SKILL })).toHaveLength(4);
    await entities.flush();
    expect(new EntityStore(homeLayout(home).entitiesFile).list({ source: 'tg' })[0].title).toBe('Alice B');
  });

  it('search matches text case-insensitively, filters by types, limits, newest first on ties', async () => {
    let clock = 1000;
    const store = new EntityStore(homeLayout(home).entitiesFile, { now: () => clock++ });
    opened.push(store);
    await store.upsert({ type: 'wallet', source: 's', sourceId: 'w', title: 'Cold wallet', metadata: { chain: 'ETH', n: 7 } });
    await store.upsert({ type: 'contact', source: 's', sourceId: 'c', title: 'Bob', summary: 'owns an eth wallet' });
    for (let i = 0; i < 25; i++) await store.upsert({ type: 'chat', source: 's', sourceId: `k${i}`, title: `chat ${i}` });
    expect(store.search({ query: 'WALLET' }).map((e) => e.sourceId)).toEqual(['w', 'c']);
    expect(store.search({ query: 'eth' }).map((e) => e.sourceId)).toEqual(['c', 'w']); // summary outranks metadata
    expect(store.search({ query: 'eth', types: ['wallet'] }).map((e) => e.sourceId)).toEqual(['w']);
    expect(store.search({ query: '7' }).map((e) => e.sourceId)).toEqual(['k17', 'k7', 'w']); // numbers in metadata are searchable
    expect(store.search({ query: 'chat' })).toHaveLength(20);
    expect(store.search({ query: 'chat', limit: 3 }).map((e) => e.title)).toEqual(['chat 24', 'chat 23', 'chat 22']);
    expect(store.search({ query: 'nothing like it' })).toEqual([]);

    const { call } = setup();
    const r = await call('entities/search', { query: 'cold', limit: 5 });
    expect((r.results as { title: string }[]).map((e) => e.title)).toEqual(['Cold wallet']);
    expect((await rpcError(call('entities/search', { query: 'x', limit: 0 }))).code).toBe(JSONRPC.INVALID_PARAMS);
  });

  it('stores relationships and answers them by direction', async () => {
    const { call } = setup();
    await call('entities/upsertRelationship', { sourceId: 'a', targetId: 'b', type: 'knows', source: 'tg' });
    await call('entities/upsertRelationship', { sourceId: 'a', targetId: 'b', type: 'knows', source: 'tg', metadata: { since: 2020 } });
    await call('entities/upsertRelationship', { sourceId: 'c', targetId: 'a', type: 'owes', source: 'tg' });
    const out = await call('entities/getRelationships', { entityId: 'a', direction: 'outgoing' });
    expect(out.results).toEqual([expect.objectContaining({ targetId: 'b', metadata: { since: 2020 } })]);
    const both = await call('entities/getRelationships', { entityId: 'a', direction: 'both' });
    expect(both.results).toHaveLength(2);
    expect((await rpcError(call('entities/getRelationships', { entityId: 'a', direction: 'up' }))).message).toMatch(/direction/);
  });
});

describe('secrets', () => {
  const SECRET = 'sk-live-Zq9"ü\\token';
  const ascii = (s: string) => s.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  // As written raw, inside a JSON string, and inside an ASCII-only JSON string (Python's json.dumps default).
  const forms = [SECRET, JSON.stringify(SECRET).slice(1, -1), ascii(JSON.stringify(SECRET).slice(1, -1))];

  it('leaves no secret in clear in any file under the home, and gives the real values back', async () => {
    const { call, secrets, state, entities } = setup();
    secrets.set(SKILL, 'apiKey', SECRET);
    await call('state/set', { partial: { apiKey: SECRET, header: `Bearer ${SECRET}`, nested: { list: [SECRET] } } });
    const pyJson = ascii(JSON.stringify({ token: SECRET }));
    const files = { 'raw.txt': `token=${SECRET}\n`, 'config.json': JSON.stringify({ token: SECRET }), 'py.json': pyJson };
    for (const [filename, content] of Object.entries(files)) await call('data/write', { filename, content });
    await call('entities/upsert', { type: 'account', source: 'x', sourceId: '1', title: `key ${SECRET}` });
    await state.flush();
    await entities.flush();

    const scanned = allFiles(home);
    expect(scanned.map((f) => path.basename(f))).toEqual(expect.arrayContaining(['secrets.json', 'secret.key', 'state.json', 'raw.txt', 'entities.json']));
    for (const file of scanned) {
      const bytes = fs.readFileSync(file, 'latin1') + fs.readFileSync(file, 'utf8');
      for (const f of forms) expect(bytes.includes(f), `${f} found in ${file}`).toBe(false);
    }
    expect(fs.readFileSync(skillPaths(home, SKILL).stateFile, 'utf8')).toContain('"$secret": "apiKey"');
    expect(fs.readFileSync(homeLayout(home).secretsFile, 'utf8')).toContain('"cipher": "local-key"');

    // A fresh process: everything read back from disk.
    const fresh = setup();
    expect(fresh.secrets.get(SKILL, 'apiKey')).toBe(SECRET);
    expect(fresh.state.get()).toEqual({ apiKey: SECRET, header: `Bearer ${SECRET}`, nested: { list: [SECRET] } });
    for (const [filename, content] of Object.entries(files)) expect((await fresh.call('data/read', { filename })).content).toBe(content);
    expect(await fresh.data.readForDisplay('raw.txt')).toBe(`token=${REDACTED}\n`);
    expect(fresh.entities.list()[0].title).toBe(`key ${REDACTED}`);
  });

  it('rescrub hides a secret stored after the skill already wrote it in clear', async () => {
    const { call, secrets, state, data } = setup();
    await call('state/set', { partial: { password: 'hunter2-long' } });
    await call('data/write', { filename: 'creds.txt', content: 'pw=hunter2-long' });
    secrets.set(SKILL, 'password', 'hunter2-long');
    await state.rescrub();
    expect(await data.rescrub()).toEqual(['creds.txt']);
    for (const file of allFiles(home)) expect(fs.readFileSync(file, 'utf8')).not.toContain('hunter2-long');
    expect(state.get()).toEqual({ password: 'hunter2-long' });
    expect(await data.read('creds.txt')).toBe('pw=hunter2-long');
  });

  posixOnly('keeps the key file and secrets.json owner-only (0600)', () => {
    const s = SecretStore.open(home);
    s.set(SKILL, 'k', 'value-1');
    expect(fs.statSync(homeLayout(home).secretKeyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(homeLayout(home).secretsFile).mode & 0o777).toBe(0o600);
    fs.chmodSync(homeLayout(home).secretKeyFile, 0o644);
    const logs: string[] = [];
    expect(SecretStore.open(home, { log: (l) => logs.push(l) }).get(SKILL, 'k')).toBe('value-1');
    expect(fs.statSync(homeLayout(home).secretKeyFile).mode & 0o777).toBe(0o600);
    expect(logs.join()).toMatch(/could be read by other users \(mode 644\)/);
  });

  it('a corrupt secrets.json is reported and kept aside', () => {
    fs.writeFileSync(homeLayout(home).secretsFile, 'definitely not json');
    const logs: string[] = [];
    const s = SecretStore.open(home, { log: (l) => logs.push(l) });
    expect(s.skills()).toEqual([]);
    expect(logs.join()).toMatch(/^Secrets: .*secrets\.json could not be read \(it is not valid JSON.*kept aside as secrets\.json\.corrupt-/);
    const kept = fs.readdirSync(home).filter((n) => n.startsWith('secrets.json.corrupt-'));
    expect(fs.readFileSync(path.join(home, kept[0]), 'utf8')).toBe('definitely not json');
    s.set(SKILL, 'k', 'v-after');
    expect(SecretStore.open(home).get(SKILL, 'k')).toBe('v-after');
  });

  it('refuses values moved between slots or tampered with, and never re-creates a lost key', () => {
    const s = SecretStore.open(home);
    s.set(SKILL, 'a', 'value-a');
    s.set(SKILL, 'b', 'value-b');
    const file = homeLayout(home).secretsFile;
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    [doc.skills[SKILL].a, doc.skills[SKILL].b] = [doc.skills[SKILL].b, doc.skills[SKILL].a];
    fs.writeFileSync(file, JSON.stringify(doc));
    const logs: string[] = [];
    const swapped = SecretStore.open(home, { log: (l) => logs.push(l) });
    expect(swapped.get(SKILL, 'a')).toBeUndefined();
    expect(swapped.unreadable(SKILL)).toEqual([
      { key: 'a', reason: expect.stringMatching(/belongs to another skill or key/) },
      { key: 'b', reason: expect.stringMatching(/belongs to another skill or key/) },
    ]);
    expect(logs[0]).toMatch(/Secret "a" of skills\/demo#main cannot be read/);

    fs.rmSync(homeLayout(home).secretKeyFile);
    const lost = SecretStore.open(home);
    expect(lost.all(SKILL)).toEqual({});
    expect(lost.unreadable(SKILL)[0].reason).toMatch(/key file .*secret\.key is missing/);
    expect(fs.existsSync(homeLayout(home).secretKeyFile)).toBe(false);
    expect(lost.keys(SKILL)).toEqual(['a', 'b']);
  });

  it('redacts a short secret where it stands alone, not inside other words', () => {
    const r = new Redactor();
    r.add('ab');
    expect(r.text('key=ab; "ab"; about cab ab_x')).toBe(`key=${REDACTED}; "${REDACTED}"; about cab ab_x`);
    expect(r.value({ k: 'ab', t: 'table' })).toEqual({ k: REDACTED, t: 'table' });
  });

  it('redacts a numeric secret sent back as a number, and no number that merely contains its digits', () => {
    const r = new Redactor();
    r.add('4321');
    expect(r.value({ pin: 4321, id: 7, durationMs: 14321, time: 1795425943210, text: 'pin 4321' })).toEqual({ pin: REDACTED, id: 7, durationMs: 14321, time: 1795425943210, text: `pin ${REDACTED}` });
  });

  it('redacts a secret escaped once and twice, non-ASCII included', () => {
    const r = new Redactor();
    const secret = 'p"w\\é-long';
    r.add(secret);
    const once = JSON.stringify(secret);
    const twice = JSON.stringify(JSON.stringify({ t: secret }));
    const ascii = once.replace(/[\u007f-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
    for (const text of [secret, once, twice, ascii, JSON.stringify(ascii)]) expect(r.text(text)).not.toContain('long');
  });

  it('teaches a redactor the secrets, present and future', () => {
    const s = SecretStore.open(home);
    s.set(SKILL, 'one', 'first-secret');
    const r = new Redactor();
    const stop = s.registerWith(SKILL, r);
    s.set(SKILL, 'two', 'second-secret');
    s.set('other-skill', 'three', 'third-secret');
    expect(r.text('first-secret second-secret third-secret')).toBe(`${REDACTED} ${REDACTED} third-secret`);
    stop();
    s.set(SKILL, 'four', 'fourth-secret');
    expect(r.text('fourth-secret')).toBe('fourth-secret');
  });

  it('fits Electron safeStorage, and reads older local-key values through readers', () => {
    const fake = (available: boolean, backend?: string): SafeStorageLike => ({
      isEncryptionAvailable: () => available,
      getSelectedStorageBackend: backend ? () => backend : undefined,
      encryptString: (p) => Buffer.from([...Buffer.from(p)].map((b) => b ^ 0x5a)),
      decryptString: (b) => Buffer.from([...b].map((x) => x ^ 0x5a)).toString(),
    });
    expect(safeStorageCipher(fake(false))).toBeNull();
    expect(safeStorageCipher(fake(true, 'basic_text'))).toBeNull();
    const keychain = safeStorageCipher(fake(true, 'gnome_libsecret'))!;
    expect(keychain.kind).toBe('os-keychain');

    const cli = SecretStore.open(home);
    cli.set(SKILL, 'old', 'from-the-cli');
    const app = SecretStore.open(home, { cipher: keychain, readers: [cli.cipher] });
    app.set(SKILL, 'new', 'from-the-app');
    expect(app.all(SKILL)).toEqual({ old: 'from-the-cli', new: 'from-the-app' });
    const cliAgain = SecretStore.open(home);
    expect(cliAgain.get(SKILL, 'new')).toBeUndefined();
    expect(cliAgain.unreadable(SKILL)).toEqual([{ key: 'new', reason: expect.stringMatching(/desktop app/) }]);
  });
});

describe('reverse calls', () => {
  it('an unknown method gets -32601 and a log line naming it', async () => {
    const { call, logs } = setup();
    const e = await rpcError(call('skills/teleport', {}));
    expect(e.code).toBe(JSONRPC.METHOD_NOT_FOUND);
    expect(e.message).toBe('Method not found: skills/teleport');
    expect(logs).toEqual([expect.stringContaining('"skills/teleport"')]);
    expect((await rpcError(call('__proto__', {}))).code).toBe(JSONRPC.METHOD_NOT_FOUND);
  });

  it('checks params in plain words', async () => {
    const { call, logs } = setup();
    expect((await rpcError(call('state/set', {}))).message).toBe('state/set needs "partial": an object of state keys to change (got a undefined)');
    expect((await rpcError(call('state/set', { partial: [1] }))).message).toMatch(/\(got a list\)/);
    expect((await rpcError(call('entities/upsert', { source: 's' }))).message).toMatch(/entities\/upsert needs "type" as non-empty text/);
    expect((await rpcError(call('intelligence/emitEvent', { data: 1 }))).code).toBe(JSONRPC.INVALID_PARAMS);
    expect((await rpcError(call('data/read', [1]))).message).toMatch(/params as an object/);
    expect(logs.every((l) => / refused: /.test(l))).toBe(true);
    expect(logs).toHaveLength(5);
  });

  it('emitEvent hands the event to the caller; skills/list answers', async () => {
    const { call, events, state, data, entities } = setup();
    expect(await call('intelligence/emitEvent', { eventType: 'price.alert', data: { p: 3 } })).toEqual({ ok: true });
    expect(events).toEqual([['price.alert', { p: 3 }]]);
    expect(await call('skills/list')).toEqual({ skills: [] });
    const withList = createHostServices({ skillId: SKILL, state, data, entities, listSkills: () => Promise.resolve([{ id: 'a' }]) });
    expect(await withList.handle('skills/list', undefined)).toEqual({ skills: [{ id: 'a' }] });
  });

  it('a failure of the disk comes back as -32603 and is logged', async () => {
    const { call, logs, data } = setup();
    fs.mkdirSync(path.dirname(data.dir), { recursive: true });
    fs.writeFileSync(data.dir, 'a file where the folder should be');
    const e = await rpcError(call('data/write', { filename: 'a.txt', content: 'x' }));
    expect(e.code).toBe(JSONRPC.INTERNAL_ERROR);
    expect(logs[0]).toMatch(/^data\/write failed: /);
  });
});

describe('home layout', () => {
  it('turns any skill id into a distinct folder inside <home>/skills', () => {
    const ids = ['../../etc', 'a/b#c', 'a#b/c', '#', '', 'CON', '.hidden', 'ünïcode/skill', 'x'.repeat(300)];
    const dirs = ids.map((id) => safeSkillDir(home, id));
    for (const d of dirs) {
      expect(path.dirname(d)).toBe(path.join(home, 'skills'));
      expect(path.basename(d)).toMatch(/^[A-Za-z0-9_-]{1,53}$/);
      expect(path.basename(d)).not.toMatch(/^(CON|PRN|AUX|NUL)$/i);
    }
    expect(new Set(dirs).size).toBe(ids.length);
    expect(safeSkillDir(home, 'a/b#c')).toBe(safeSkillDir(home, 'a/b#c'));
  });
});
