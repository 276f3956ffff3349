/**
 * Hot reload on real folders: debounced change events (file-system events and polling), the paths it
 * ignores, Python syntax checks through a real interpreter, and the workbench restarting real skills.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, vi } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { checkPythonSyntax, describeSyntaxError, isIgnoredPath, pythonSyntaxErrors, reloadPlan, SkillWatcher } from '../src-main/runtime/hot-reload';
import { createSkill } from '../src-main/authoring/new-skill';
import { Workbench } from '../src-main/workbench/workbench';
import { eventually, waitFor } from './helpers';
import { scaled } from './machine-factor';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterEach(() => {
  vi.restoreAllMocks();
});

function skillDir(cleanup: Cleanup): string {
  const dir = cleanup.tempDir('skillbench-watch-');
  fs.writeFileSync(path.join(dir, 'skill.py'), 'print("v1")\n');
  fs.mkdirSync(path.join(dir, 'tools'));
  fs.writeFileSync(path.join(dir, 'tools', 'greeting.py'), 'X = 1\n');
  return dir;
}

function watch(cleanup: Cleanup, dir: string, opts: { debounceMs?: number; poll?: number; ignore?: string[] } = {}) {
  const calls: string[][] = [];
  const errors: Error[] = [];
  const w = cleanup.add(new SkillWatcher().watch(dir, { debounceMs: opts.debounceMs ?? 150, poll: opts.poll, ignore: opts.ignore, onChange: (f) => calls.push(f), onError: (e) => errors.push(e) }));
  return { w, calls, errors };
}

/** Several saves in quick succession, as an editor (or a formatter on save) does. */
async function burst(file: string, n = 5, gapMs = 20): Promise<void> {
  for (let i = 0; i < n; i++) {
    fs.writeFileSync(file, `print("v${i + 2}")\n`);
    await sleep(gapMs);
  }
}

describe.each([
  ['file-system events', undefined],
  ['polling', 40],
] as const)('SkillWatcher with %s', (_label, poll) => {
  it('turns a burst of saves into one change naming the file', async ({ cleanup }) => {
    const dir = skillDir(cleanup);
    // Saves 20 ms apart are one burst for a quiet time well above that: on a busy machine a 20 ms sleep was seen
    // to last over 150 ms (the watcher's own default is 300 ms), which split the burst in two.
    const debounceMs = scaled(500);
    const { w, calls } = watch(cleanup, dir, { poll, debounceMs });
    expect(w.mode).toBe(poll ? 'polling' : 'events');
    await sleep(100);
    await burst(path.join(dir, 'skill.py'));
    await waitFor(() => calls.length > 0, 3000 + debounceMs, 'a change');
    await sleep(debounceMs + 250);
    expect(calls).toEqual([[path.join(dir, 'skill.py')]]);
  });

  it('reports nothing for ignored paths', async ({ cleanup }) => {
    const dir = skillDir(cleanup);
    const { calls } = watch(cleanup, dir, { poll });
    await sleep(100);
    const ignored = [
      'data/alerts.json',
      '__pycache__/skill.cpython-311.pyc',
      'tools/__pycache__/greeting.cpython-311.pyc',
      '.git/HEAD',
      'node_modules/left-pad/index.js',
      '.venv/lib/site.py',
      '.skillbench/state.json',
      '.skill.py.swp',
      'skill.py~',
      '.#skill.py',
      '4913',
      'skill.pyc',
    ];
    for (const rel of ignored) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), 'x');
    }
    await sleep(600);
    expect(calls).toEqual([]);
    // The watcher is alive: a real change still comes through.
    fs.writeFileSync(path.join(dir, 'tools', 'greeting.py'), 'X = 2\n');
    await waitFor(() => calls.length > 0, 3000, 'a change');
    expect(calls[0]).toEqual([path.join(dir, 'tools', 'greeting.py')]);
  });

  it('sees files in folders created after it started, and removed files', async ({ cleanup }) => {
    const dir = skillDir(cleanup);
    const { calls } = watch(cleanup, dir, { poll });
    await sleep(100);
    fs.mkdirSync(path.join(dir, 'handlers'));
    await sleep(100);
    fs.writeFileSync(path.join(dir, 'handlers', 'prices.py'), 'P = 1\n');
    fs.rmSync(path.join(dir, 'tools', 'greeting.py'));
    await waitFor(() => calls.flat().length >= 2, 3000, 'both changes');
    const all = calls.flat();
    expect(all).toContain(path.join(dir, 'handlers', 'prices.py'));
    expect(all).toContain(path.join(dir, 'tools', 'greeting.py'));
  });

  it('honours extra ignore rules, and stops on close', async ({ cleanup }) => {
    const dir = skillDir(cleanup);
    const { w, calls } = watch(cleanup, dir, { poll, ignore: ['*.log', 'generated'] });
    await sleep(100);
    fs.writeFileSync(path.join(dir, 'run.log'), 'x');
    fs.mkdirSync(path.join(dir, 'generated'));
    fs.writeFileSync(path.join(dir, 'generated', 'schema.py'), 'x');
    await sleep(500);
    expect(calls).toEqual([]);
    w.close();
    expect(w.mode).toBe('closed');
    fs.writeFileSync(path.join(dir, 'skill.py'), 'print("after close")\n');
    await sleep(500);
    expect(calls).toEqual([]);
  });
});

describe('SkillWatcher fallback', () => {
  it('polls when the system refuses a file-system watch, and says so', async ({ cleanup }) => {
    const dir = skillDir(cleanup);
    vi.spyOn(fs, 'watch').mockImplementation(() => {
      throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' });
    });
    const { w, calls, errors } = watch(cleanup, dir);
    expect(w.mode).toBe('polling');
    expect(errors[0]?.message).toMatch(/ENOSPC.*polling it instead/);
    await sleep(600); // the first poll's snapshot is the baseline
    fs.writeFileSync(path.join(dir, 'skill.py'), 'print("v2")\n');
    await waitFor(() => calls.length > 0, 3000, 'a change seen by polling');
    expect(calls[0]).toEqual([path.join(dir, 'skill.py')]);
  });

  it('refuses a path that is not a folder', ({ cleanup }) => {
    const dir = skillDir(cleanup);
    expect(() => new SkillWatcher().watch(path.join(dir, 'skill.py'), { onChange: () => undefined })).toThrow(/not a folder/);
  });
});

describe('isIgnoredPath', () => {
  it('ignores dependency, cache and data folders, bytecode and editor droppings, and nothing else', () => {
    for (const p of ['data/x.json', 'a/__pycache__/m.pyc', '.git/config', 'node_modules/x/y.js', '.venv/bin/python', '.skillbench/s', 'm.pyc', 'x.swp', 'x~', '.#x.py', '#x.py#']) {
      expect(isIgnoredPath(p), p).toBe(true);
    }
    for (const p of ['skill.py', 'tools/data.py', 'tools/data/x.py', 'manifest.json', '.namel3ss/tools.yaml', '.claude/skills/a.py', 'SKILL.md']) {
      expect(isIgnoredPath(p), p).toBe(false);
    }
  });
});

describe('checkPythonSyntax', () => {
  it('reports the file, line and Python\'s own message', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const good = path.join(dir, 'setup.py');
    const bad = path.join(dir, 'skill.py');
    fs.writeFileSync(good, 'X = 1\n');
    fs.writeFileSync(bad, 'import json\n\ndef greet(args)\n    return "hi"\n');
    const err = await checkPythonSyntax([good, bad]);
    expect(err).toMatchObject({ file: bad, line: 3 });
    expect(err!.message).toMatch(/expected ':'|invalid syntax/);
    expect(describeSyntaxError(err!, dir)).toMatch(/^Syntax error in skill\.py line 3: /);
  });

  it('returns null for code that compiles, skips other and missing files, and writes no bytecode', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const ok = path.join(dir, 'skill.py');
    fs.writeFileSync(ok, 'async def greet(args):\n    return {"message": f"Hello, {args[\'name\']}!"}\n');
    fs.writeFileSync(path.join(dir, 'notes.md'), 'def (:\n');
    expect(await checkPythonSyntax([ok, path.join(dir, 'notes.md'), path.join(dir, 'gone.py')])).toBeNull();
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.md', 'skill.py']);
  });

  it('lists every broken file for the doctor, in the order given', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const a = path.join(dir, 'a.py');
    const b = path.join(dir, 'b.py');
    fs.writeFileSync(a, 'x = (\n');
    fs.writeFileSync(b, 'if True:\nprint("x")\n');
    const all = await pythonSyntaxErrors([a, b]);
    expect(all.map((p) => [path.basename(p.file), p.line])).toEqual([
      ['a.py', 1],
      ['b.py', 2],
    ]);
  });

  it('is what a host does on change: a broken save is reported, not reloaded', async ({ cleanup }) => {
    const dir = skillDir(cleanup);
    const seen: string[] = [];
    cleanup.add(
      new SkillWatcher().watch(dir, {
        debounceMs: 100,
        onChange: (files) => {
          const plan = reloadPlan(files, dir);
          void checkPythonSyntax(plan.python).then((err) => seen.push(err ? describeSyntaxError(err, dir) : `Reloaded after changes to ${plan.summary}`));
        },
      }),
    );
    await sleep(100);
    fs.writeFileSync(path.join(dir, 'skill.py'), 'def broken(:\n');
    await waitFor(() => seen.length === 1, 4000, 'the first reload decision');
    fs.writeFileSync(path.join(dir, 'skill.py'), 'def fixed():\n    pass\n');
    await waitFor(() => seen.length === 2, 4000, 'the second reload decision');
    expect(seen[0]).toMatch(/^Syntax error in skill\.py line 1: /);
    expect(seen[1]).toBe('Reloaded after changes to skill.py');
  });
});

describe('reloadPlan', () => {
  it('names the changes, picks the Python to check, and skips restarts for docs and tests', ({ cleanup }) => {
    const dir = skillDir(cleanup);
    const p = (rel: string) => path.join(dir, rel);
    const plan = reloadPlan([p('skill.py'), p('README.md'), p('gone.py')], dir);
    expect(plan).toMatchObject({ names: ['skill.py', 'README.md', 'gone.py'], python: [p('skill.py')], restart: true, summary: 'skill.py and gone.py' });
    expect(reloadPlan([p('README.md'), p('test_skill.py')], dir).restart).toBe(false);
    expect(reloadPlan([p('SKILL.md')], dir).restart).toBe(true);
    expect(reloadPlan([p('a.py'), p('b.py'), p('c.json')], dir).summary).toBe('a.py and 2 other files');
  });
});

describe('hot reload in the workbench', () => {
  /** A new skill from the template, in a workbench that watches it with a short debounce. */
  async function bench(cleanup: Cleanup, protocol: 'jsonrpc' | 'skilldef') {
    const parent = cleanup.tempDir('skillbench-reload-');
    const made = createSkill({ folder: path.join(parent, 'greeter'), protocol, name: 'greeter' });
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [parent], namedFolders: true, reloadDebounceMs: 100 }));
    const py = path.join(made.dir, 'skill.py');
    const edit = (from: string, to: string) => fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace(from, to));
    const id = (await wb.listSkills()).find((s) => s.name === 'greeter')!.id;
    return { wb, id, py, edit };
  }

  const text = async (wb: Workbench, id: string, tool = 'greet', args: unknown = { name: 'Ada' }) => (await wb.callTool(id, tool, args)).outcome?.text;
  const logText = async (wb: Workbench, id: string) => (await wb.getLogs(id)).map((l) => l.text).join('\n');
  const logged = (wb: Workbench, id: string, re: RegExp, what: string) =>
    eventually(async () => re.test(await logText(wb, id)), 8000, what);

  it('restarts a running skill when its code changes, says so in the log and on the timeline', async ({ cleanup }) => {
    const { wb, id, edit } = await bench(cleanup, 'jsonrpc');
    expect(await text(wb, id)).toBe('Hello, Ada!');
    edit('f"Hello, {name}!"', 'f"Howdy, {name}!"');
    await logged(wb, id, /Reloaded after a change to skill\.py/, 'the reload');
    await wb.reloadSettled(id);
    expect(await text(wb, id)).toBe('Howdy, Ada!');
    const marks = (await wb.getTimeline(id)).entries.filter((e) => e.kind === 'restart');
    expect(marks.map((m) => m.label)).toContain('Reloaded after a change to skill.py');
  });

  it('reports a syntax error with file and line and keeps the old code running; the fix reloads', async ({ cleanup }) => {
    const { wb, id, py, edit } = await bench(cleanup, 'jsonrpc');
    expect(await text(wb, id)).toBe('Hello, Ada!');
    const good = fs.readFileSync(py, 'utf8');
    fs.writeFileSync(py, good.replace('def greet(args):', 'def greet(args)'));
    await logged(wb, id, /Syntax error in skill\.py line \d+: .*Not reloaded/, 'the syntax error');
    await wb.reloadSettled(id);
    const line = good.split('\n').findIndex((l) => l.startsWith('def greet(args):')) + 1;
    expect(await logText(wb, id)).toContain(`Syntax error in skill.py line ${line}: `);
    const note = (await wb.getTimeline(id)).entries.find((e) => e.kind === 'note' && e.outcome === 'error');
    expect(note?.data).toMatchObject({ reload: 'syntax-error', file: 'skill.py', line });
    // Still the old process: it answers, nothing crashed or restarted.
    const summary = (await wb.listSkills()).find((s) => s.id === id)!;
    expect(summary.status).toBe('ready');
    expect(summary.statusDetail).toMatch(/^Syntax error in skill\.py line/);
    expect(await text(wb, id)).toBe('Hello, Ada!');
    expect((await wb.getTimeline(id)).entries.filter((e) => e.kind === 'crash' || e.kind === 'restart')).toEqual([]);
    fs.writeFileSync(py, good);
    edit('f"Hello, {name}!"', 'f"Fixed, {name}!"');
    await logged(wb, id, /Reloaded after a change to skill\.py/, 'the reload after the fix');
    await wb.reloadSettled(id);
    expect(await text(wb, id)).toBe('Fixed, Ada!');
  });

  it('keeps a SkillDefinition skill\'s state across the reload', async ({ cleanup }) => {
    const { wb, id, py } = await bench(cleanup, 'skilldef');
    // The package-shaped skill: its tools live in tools.py, its hooks in skill.py.
    const tools = path.join(path.dirname(py), 'tools.py');
    fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('async def on_load(ctx):\n', 'async def on_load(ctx):\n    state.CTX = ctx\n'));
    fs.writeFileSync(tools, fs.readFileSync(tools, 'utf8')
      .replace(/async def greet\(args\):[\s\S]*?return ToolResult\(content=f"Hello, \{name\}!"\)/, `async def greet(args):
    ctx = state.CTX
    n = int((await ctx.get_state()).get("n", 0)) + 1
    await ctx.set_state({"n": n})
    return ToolResult(content=f"v1 {n}")`));
    expect(await text(wb, id)).toBe('v1 1');
    expect(await text(wb, id)).toBe('v1 2');
    fs.writeFileSync(tools, fs.readFileSync(tools, 'utf8').replace('f"v1 {n}"', 'f"v2 {n}"'));
    await logged(wb, id, /Reloaded after a change to tools\.py/, 'the reload');
    await wb.reloadSettled(id);
    expect(await text(wb, id)).toBe('v2 3');
  });

  it('does nothing when the skill was stopped or its settings turn hot reload off', async ({ cleanup }) => {
    const { wb, id, edit } = await bench(cleanup, 'jsonrpc');
    await wb.updateSkillSettings(id, { hotReload: false });
    expect(await text(wb, id)).toBe('Hello, Ada!');
    edit('f"Hello, {name}!"', 'f"Howdy, {name}!"');
    await sleep(700);
    expect(await text(wb, id)).toBe('Hello, Ada!');
    // On again (no restart needed to switch it), then stopped on purpose: edits no longer start it.
    await wb.updateSkillSettings(id, { hotReload: true });
    edit('f"Howdy, {name}!"', 'f"Hi, {name}!"');
    await logged(wb, id, /Reloaded after a change to skill\.py/, 'the reload once switched on');
    await wb.reloadSettled(id);
    await wb.stopSkill(id);
    edit('f"Hi, {name}!"', 'f"Hey, {name}!"');
    await sleep(700);
    expect((await wb.listSkills()).find((s) => s.id === id)?.status).toBe('stopped');
  });
});
