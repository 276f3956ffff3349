/**
 * The doctor never vouches for files that changed since it looked: the workbench tells the app of every
 * change to a skill's folder once the doctor has read it (the hot-reload watcher does the watching, for a
 * running skill, a stopped one and one with hot reload off), and each finding has a title in plain words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { WorkbenchEvents } from '../src-main/contract';
import { runDoctor } from '../src-main/authoring/doctor';
import { TITLED_CODES, findingTitle } from '../src-main/authoring/checks/finding-titles';
import { createSkill } from '../src-main/authoring/new-skill';
import { Workbench } from '../src-main/workbench/workbench';
import { allFiles, ROOT, waitFor } from './helpers';

async function bench(cleanup: Cleanup) {
  const parent = cleanup.tempDir('skillbench-doctor-');
  const made = createSkill({ folder: path.join(parent, 'greeter'), protocol: 'jsonrpc', name: 'greeter' });
  const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [parent], namedFolders: true, reloadDebounceMs: 100 }));
  const id = (await wb.listSkills()).find((s) => s.name === 'greeter')!.id;
  const changes: WorkbenchEvents['filesChanged'][] = [];
  wb.events.on('filesChanged', (c) => changes.push(c));
  return { wb, id, dir: made.dir, changes };
}

const statusOf = async (wb: Workbench, id: string) => (await wb.listSkills()).find((s) => s.id === id)!.status;

describe('the doctor hears of changes', () => {
  it('a stopped skill: after a doctor run, a save is told of (relative names) and the skill is not started', async ({ cleanup }) => {
    const { wb, id, dir, changes } = await bench(cleanup);
    const before = await wb.authoring.runDoctor(id);
    expect(before.ok).toBe(true);
    expect(await statusOf(wb, id)).toBe('stopped');

    const py = path.join(dir, 'skill.py');
    const good = fs.readFileSync(py, 'utf8');
    fs.writeFileSync(py, good.replace('def greet(args):', 'def greet(args)'));
    await waitFor(() => changes.length > 0, 5000, 'the change notice');
    expect(changes[0]).toEqual({ skillId: id, files: ['skill.py'] });
    expect(await statusOf(wb, id)).toBe('stopped');

    // What the app does on that notice: check again, and the syntax error is there with its place.
    const after = await wb.authoring.runDoctor(id);
    const line = good.split('\n').findIndex((l) => l.startsWith('def greet(args):')) + 1;
    expect(after.ok).toBe(false);
    expect(after.findings[0]).toMatchObject({ severity: 'error', code: 'PYTHON_SYNTAX', title: 'Python syntax error', file: 'skill.py', line });
  });

  it('a running skill with hot reload: every burst is told of, a README change too (which reloads nothing)', async ({ cleanup }) => {
    const { wb, id, dir, changes } = await bench(cleanup);
    await wb.startSkill(id);
    await wb.authoring.runDoctor(id);
    fs.writeFileSync(path.join(dir, 'README.md'), '# changed\n');
    await waitFor(() => changes.some((c) => c.files.includes('README.md')), 5000, 'the README notice');
    const py = path.join(dir, 'skill.py');
    fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('f"Hello, {name}!"', 'f"Howdy, {name}!"'));
    await waitFor(() => changes.some((c) => c.files.includes('skill.py')), 5000, 'the skill.py notice');
    await wb.reloadSettled(id);
    expect((await wb.callTool(id, 'greet', { name: 'Ada' })).outcome?.text).toBe('Howdy, Ada!');
  });

  it('hot reload switched off, or the skill stopped on purpose: changes are still told of, and nothing reloads', async ({ cleanup }) => {
    const { wb, id, dir, changes } = await bench(cleanup);
    await wb.startSkill(id);
    await wb.updateSkillSettings(id, { hotReload: false });
    await wb.authoring.runDoctor(id);
    const py = path.join(dir, 'skill.py');
    fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('f"Hello, {name}!"', 'f"Howdy, {name}!"'));
    await waitFor(() => changes.length > 0, 5000, 'the change notice with hot reload off');
    await wb.reloadSettled(id);
    expect((await wb.callTool(id, 'greet', { name: 'Ada' })).outcome?.text).toBe('Hello, Ada!');

    await wb.stopSkill(id);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x\n');
    await waitFor(() => changes.some((c) => c.files.includes('notes.txt')), 5000, 'the change notice after stop');
    expect(await statusOf(wb, id)).toBe('stopped');
  });

  it('without a doctor run and with the skill stopped, nothing watches the folder', async ({ cleanup }) => {
    const { dir, changes } = await bench(cleanup);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x\n');
    await new Promise((r) => setTimeout(r, 600));
    expect(changes).toEqual([]);
  });
});

describe('findings in plain words', () => {
  it('every code the doctor can give has a title of its own', () => {
    const src = allFiles(path.join(ROOT, 'src-main', 'authoring')).filter((f) => f.endsWith('.ts'));
    const used = new Set<string>();
    for (const f of src) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\.(?:error|warning|info|add)\(\s*(?:'(?:error|warning|info)',\s*)?(?:[^'(),]*\?\s*)?'([A-Z][A-Z_]+)'(?:\s*:\s*'([A-Z][A-Z_]+)')?/g)) {
        used.add(m[1]);
        if (m[2]) used.add(m[2]);
      }
    }
    expect(used.size).toBeGreaterThan(40);
    expect([...used].filter((c) => !TITLED_CODES.includes(c)).sort()).toEqual([]);
    expect(findingTitle('LIVE_STARTED')).toBe('Started, and listed its tools');
    expect(findingTitle('SOME_NEW_CODE')).toBe('Some new code');
  });

  it('a skill that writes into its own folder as it starts is told so, file by file (and a clean one is not)', async ({ cleanup }) => {
    const dir = createSkill({ folder: path.join(cleanup.tempDir('skillbench-doctor-'), 'greeter'), protocol: 'jsonrpc', name: 'greeter' }).dir;
    const home = cleanup.tempDir();
    expect((await runDoctor(dir, { home })).findings.filter((x) => x.code === 'WRITES_OWN_FOLDER')).toEqual([]);
    const py = path.join(dir, 'skill.py');
    fs.writeFileSync(py, `import pathlib, time\npathlib.Path(__file__).with_name("last-start.txt").write_text(str(time.time()))\n${fs.readFileSync(py, 'utf8')}`);
    const report = await runDoctor(dir, { home });
    expect(report.findings.filter((x) => x.code === 'WRITES_OWN_FOLDER')).toMatchObject([
      { severity: 'warning', title: 'The skill writes into its own folder', file: 'last-start.txt', message: 'The skill created last-start.txt in its own folder as it started.' },
    ]);
    // Bytecode and editor droppings are no change to anyone: never reported.
    expect(report.findings.some((x) => /__pycache__|\.pyc/.test(x.file ?? ''))).toBe(false);
  });

  it('a syntax error in any Python file of the skill is an error finding with its file and line', async ({ cleanup }) => {
    const dir = createSkill({ folder: path.join(cleanup.tempDir('skillbench-doctor-'), 'greeter'), protocol: 'skilldef', name: 'greeter' }).dir;
    fs.mkdirSync(path.join(dir, 'helpers'));
    fs.writeFileSync(path.join(dir, 'helpers', 'util.py'), 'def f():\n    return (1,\n\nx = 2\n');
    const report = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    const f = report.findings.find((x) => x.code === 'PYTHON_SYNTAX');
    expect(report.ok).toBe(false);
    expect(f).toMatchObject({ severity: 'error', title: 'Python syntax error', file: 'helpers/util.py' });
    expect(f!.line).toBeGreaterThanOrEqual(2);
    expect(f!.message).toMatch(/^Syntax error in helpers\/util\.py line \d+: /);
  });
});
