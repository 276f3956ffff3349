/**
 * The app's authoring commands over real skills and files: the doctor, new skills (opened and selected),
 * saved requests and collections (plain files, secrets only in the encrypted store), collection runs
 * against the workbench's own running skill, and the checks that keep the bridge from touching any
 * folder the user did not open.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { REDACTED, type Protocol } from '../src-main/contract';
import { createSkill } from '../src-main/authoring/new-skill';
import { Workbench } from '../src-main/workbench/workbench';
import { allFiles, EXAMPLES } from './helpers';

function make(cleanup: Cleanup, folders: string[], pick?: string): Workbench {
  const wb = new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders, namedFolders: true, pickFolder: pick ? () => Promise.resolve(pick) : undefined });
  cleanup.add(wb);
  return wb;
}

/** A workspace folder holding one new skill; returns the workbench and the skill's id. */
async function withSkill(cleanup: Cleanup, protocol: Protocol = 'jsonrpc', name = 'greeter') {
  const root = cleanup.tempDir('skillbench-ws-');
  createSkill({ folder: path.join(root, name), protocol, name });
  // The template's own smoke collection out of the way: these tests begin with a skill that has none.
  fs.rmSync(path.join(root, name, '.skillbench'), { recursive: true });
  const wb = make(cleanup, [root]);
  const id = (await wb.listSkills()).find((s) => s.name === name)!.id;
  return { wb, id, root, dir: path.join(root, name) };
}

describe('doctor in the app', () => {
  it('reviews a skill of the workspace, pointing at the file and field of each finding', async ({ cleanup }) => {
    const { wb, id, dir } = await withSkill(cleanup);
    const clean = await wb.authoring.runDoctor(id);
    expect(clean).toMatchObject({ skill: 'greeter', protocol: 'jsonrpc', ok: true });
    expect(clean.findings.filter((f) => f.severity !== 'info')).toEqual([]);

    const manifest = path.join(dir, 'manifest.json');
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), tick_interval: 200 }, null, 2));
    const report = await wb.authoring.runDoctor(id);
    expect(report.ok).toBe(false);
    expect(report.findings[0]).toMatchObject({ severity: 'error', code: 'TICK_INTERVAL_TOO_SHORT', file: 'manifest.json', field: 'tick_interval' });
    expect(report.findings[0].fix).toMatch(/1000/);
    await expect(wb.authoring.runDoctor('no/such#skill')).rejects.toThrow(/There is no skill "no\/such#skill"/);
  });

  it('picks the one skill it was asked about where a folder holds several', async ({ cleanup }) => {
    const wb = make(cleanup, [path.join(EXAMPLES, 'build-analysis')]);
    const flaky = (await wb.listSkills()).find((s) => s.name === 'flaky_tests')!;
    const report = await wb.authoring.runDoctor(flaky.id);
    expect(report).toMatchObject({ skill: 'flaky_tests', protocol: 'action', ok: true });
  });
});

describe('new skill from the app', () => {
  it('creates it in an open folder, opens and selects it, and it runs', async ({ cleanup }) => {
    const root = cleanup.tempDir('skillbench-ws-');
    const wb = make(cleanup, [root]);
    const made = await wb.authoring.createSkill({ protocol: 'skilldef', name: 'weather-report', parent: root });
    expect(made).toMatchObject({ name: 'weather-report', protocol: 'skilldef', dir: fs.realpathSync(path.join(root, 'weather-report')) });
    expect(made.files).toContain('skill.py');
    expect((await wb.getWorkspace()).selectedSkill).toBe(made.skillId);
    expect((await wb.listSkills()).map((s) => s.id)).toContain(made.skillId);
    const call = await wb.callTool(made.skillId, 'greet', { name: 'Ada' });
    expect(call.outcome).toMatchObject({ ok: true, text: 'Hello, Ada!' });
  });

  it('makes it in a subfolder of an open folder, or in a folder the native picker returned', async ({ cleanup }) => {
    const root = cleanup.tempDir('skillbench-ws-');
    fs.mkdirSync(path.join(root, 'team'));
    const picked = cleanup.tempDir('skillbench-picked-');
    const wb = make(cleanup, [root], picked);
    const inner = await wb.authoring.createSkill({ protocol: 'action', name: 'triage', parent: path.join(root, 'team') });
    expect((await wb.getWorkspace()).folders).toEqual([root]);
    expect((await wb.listSkills()).find((s) => s.id === inner.skillId)?.protocol).toBe('action');

    await expect(wb.authoring.createSkill({ protocol: 'jsonrpc', name: 'far', parent: picked })).rejects.toThrow(/is not one of the open folders/);
    expect(await wb.pickFolder()).toBe(picked);
    const far = await wb.authoring.createSkill({ protocol: 'jsonrpc', name: 'far', parent: picked });
    expect((await wb.getWorkspace()).folders).toEqual([root, far.dir]);
    expect((await wb.callTool(far.skillId, 'greet', { name: 'Bo' })).outcome?.text).toBe('Hello, Bo!');
  });

  it('refuses, in plain words, what it must not do, and writes nothing', async ({ cleanup }) => {
    const root = cleanup.tempDir('skillbench-ws-');
    const elsewhere = cleanup.tempDir('skillbench-elsewhere-');
    const wb = make(cleanup, [root]);
    const create = (req: Record<string, unknown>) => wb.authoring.createSkill({ protocol: 'jsonrpc', name: 'ok-name', parent: root, ...req } as never);
    await expect(create({ parent: elsewhere })).rejects.toThrow(/is not one of the open folders/);
    await expect(create({ parent: 'relative/folder' })).rejects.toThrow(/not a full path/);
    await expect(create({ parent: path.join(root, 'missing') })).rejects.toThrow(/There is no folder at/);
    await expect(create({ name: '../escape' })).rejects.toThrow(/cannot be used: start with a letter/);
    await expect(create({ name: '' })).rejects.toThrow(/needs a name/);
    await expect(create({ protocol: 'cobol' })).rejects.toThrow(/Choose a protocol/);
    fs.mkdirSync(path.join(root, 'taken'));
    fs.writeFileSync(path.join(root, 'taken', 'notes.txt'), 'mine');
    await expect(create({ name: 'taken' })).rejects.toThrow(/already exists and is not empty/);
    expect(fs.readdirSync(root)).toEqual(['taken']);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });
});

describe('saved requests and collections in the app', () => {
  it('saves calls as plain files in the skill\'s folder, lists, reopens, deletes them', async ({ cleanup }) => {
    const { wb, id, dir } = await withSkill(cleanup);
    const saved = await wb.authoring.saveRequest(id, {
      collection: { name: 'smoke' },
      request: { name: 'greet Ada', tool: 'greet', args: { name: 'Ada' }, assertions: [{ contains: 'Hello' }] },
    });
    const cdir = path.join(dir, '.skillbench', 'collections', 'smoke');
    expect(saved.file).toBe(path.join(cdir, 'greet-Ada.json'));
    expect(JSON.parse(fs.readFileSync(saved.file, 'utf8'))).toEqual({ name: 'greet Ada', tool: 'greet', args: { name: 'Ada' }, assertions: [{ contains: 'Hello' }] });
    expect(saved.collection).toMatchObject({ name: 'smoke', dir: cdir, place: 'skill', requests: [{ name: 'greet Ada', file: 'greet-Ada.json' }] });

    // Into the same collection by its folder; a second name with the same file name gets its own file.
    await wb.authoring.saveRequest(id, { collection: { dir: cdir }, request: { name: 'greet-Ada', tool: 'greet', args: { name: 'Ada' }, assertions: [] } });
    const [c] = await wb.authoring.listCollections(id);
    expect(c.requests.map((r) => [r.name, r.file]).sort()).toEqual([
      ['greet Ada', 'greet-Ada.json'],
      ['greet-Ada', 'greet-Ada-2.json'],
    ]);
    expect(JSON.parse(fs.readFileSync(saved.file, 'utf8')).name).toBe('greet Ada');
    const after = await wb.authoring.deleteRequest(id, cdir, 'greet-Ada');
    expect(after.requests.map((r) => r.name)).toEqual(['greet Ada']);
    await expect(wb.authoring.deleteRequest(id, cdir, 'greet-Ada')).rejects.toThrow(/There is no request "greet-Ada"/);
  });

  it('keeps a collection in a folder the user chose, pointing back at the skill', async ({ cleanup }) => {
    const { wb, id, dir } = await withSkill(cleanup);
    const team = cleanup.tempDir('skillbench-team-');
    const saved = await wb.authoring.saveRequest(id, {
      collection: { name: 'team-suite', folder: team },
      request: { name: 'hello', tool: 'greet', args: { name: 'Bo' }, assertions: [] },
    });
    const cdir = path.join(fs.realpathSync(team), 'team-suite');
    expect(saved.collection).toMatchObject({ dir: cdir, place: 'folder' });
    expect(JSON.parse(fs.readFileSync(path.join(cdir, 'collection.json'), 'utf8')).skill).toBe(path.relative(cdir, dir));
    expect((await wb.authoring.listCollections(id)).map((x) => x.dir)).toEqual([cdir]);
    const run = await wb.authoring.runCollection(id, cdir);
    expect(run).toMatchObject({ passed: 1, failed: 0, env: null });
  });

  it('runs a collection on the running skill with an environment and a secret only the store holds', async ({ cleanup }) => {
    const { wb, id } = await withSkill(cleanup);
    const { collection } = await wb.authoring.saveRequest(id, {
      collection: { name: 'smoke' },
      request: { name: 'who', tool: 'greet', args: { name: '{{who}}' }, assertions: [{ equals: 'Hello, {{who}}!' }] },
    });
    await wb.authoring.saveRequest(id, {
      collection: { dir: collection.dir },
      request: { name: 'secret', tool: 'greet', args: { name: '{{token}}' }, assertions: [{ contains: 'Hello' }, { matches: '^Bye' }] },
    });
    await wb.authoring.setEnvironment(id, collection.dir, 'dev', { who: 'Ada', token: 'plain' });
    await wb.authoring.setEnvironment(id, collection.dir, 'staging', { who: 'Bo' });
    // Making "token" a secret takes its plain value out of the files.
    const secret = 'tok-3f9a8b7c6d5e';
    const details = await wb.authoring.setCollectionSecret(id, collection.dir, 'dev', 'token', secret);
    expect(details.environments).toEqual({ dev: { who: 'Ada' }, staging: { who: 'Bo' } });
    expect(details.secretsSet).toEqual({ dev: { token: true }, staging: { token: false } });

    const report = await wb.authoring.runCollection(id, collection.dir, 'dev');
    expect(report).toMatchObject({ env: 'dev', passed: 1, failed: 1 });
    const failed = report.results.find((r) => !r.pass)!;
    expect(failed.assertions.map((a) => a.pass)).toEqual([true, false]);
    expect(failed.outcome.text).toBe(`Hello, ${REDACTED}!`);
    expect(failed.assertions[1].message).toMatch(/should match \/\^Bye\//);
    expect(JSON.stringify(report)).not.toContain(secret);
    // The run used the workbench's own process: it shows in the skill's messages, secret redacted.
    const messages = JSON.stringify(await wb.getMessages(id));
    expect(messages).toContain('tools/call');
    expect(messages).not.toContain(secret);

    await expect(wb.authoring.runCollection(id, collection.dir, 'staging')).rejects.toThrow(/uses \{\{token\}\}, a secret with no value for environment "staging"/);
    await wb.authoring.setCollectionSecret(id, collection.dir, 'dev', 'token', null);
    expect((await wb.authoring.listCollections(id))[0].secretsSet.dev).toEqual({ token: false });
    await wb.close();
    expect(allFiles(wb.home).concat(allFiles(collection.dir)).filter((f) => fs.readFileSync(f, 'latin1').includes(secret))).toEqual([]);
  });

  it('refuses folders that are not the skill\'s collections, bad names, and known secrets in saved arguments', async ({ cleanup }) => {
    const { wb, id, root } = await withSkill(cleanup);
    const { collection } = await wb.authoring.saveRequest(id, { collection: { name: 'smoke' }, request: { name: 'a', tool: 'greet', args: { name: 'x' }, assertions: [] } });
    const outsider = path.join(cleanup.tempDir(), 'not-a-collection');
    for (const dir of [outsider, '/etc', path.join(collection.dir, '..', '..'), 'smoke']) {
      await expect(wb.authoring.runCollection(id, dir)).rejects.toThrow(/is not a collection of greeter/);
      await expect(wb.authoring.setEnvironment(id, dir, 'dev', {})).rejects.toThrow(/is not a collection of greeter/);
    }
    const save = (collectionRef: object, request: object = {}) =>
      wb.authoring.saveRequest(id, { collection: collectionRef as never, request: { name: 'b', tool: 'greet', args: {}, assertions: [], ...request } });
    await expect(save({ name: '../../escape' })).rejects.toThrow(/cannot name a collection/);
    await expect(save({ name: 'ok', folder: 'relative' })).rejects.toThrow(/not a full path/);
    await expect(save({ name: 'ok', folder: path.join(root, 'missing') })).rejects.toThrow(/There is no folder/);
    await expect(save({ dir: collection.dir }, { name: '  ' })).rejects.toThrow(/Give the request a name/);
    await expect(save({ dir: collection.dir }, { name: 'line\nbreak' })).rejects.toThrow(/without control characters/);
    await expect(wb.authoring.setEnvironment(id, collection.dir, '../dev', {})).rejects.toThrow(/cannot name an environment/);
    await expect(wb.authoring.setEnvironment(id, collection.dir, 'dev', { 'bad name': 1 })).rejects.toThrow(/cannot name a variable/);

    await wb.inspectSkill(id);
    await expect(save({ dir: collection.dir }, { tool: 'nope' })).rejects.toThrow(/has no tool "nope"/);
    await wb.updateSkillSettings(id, { secretValues: { API_KEY: 'sk-live-123456789abc' } });
    await expect(save({ dir: collection.dir }, { args: { name: 'sk-live-123456789abc' } })).rejects.toThrow(/a value the workbench keeps as a secret/);
    expect((await wb.authoring.listCollections(id))[0].requests.map((r) => r.name)).toEqual(['a']);
  });
});
