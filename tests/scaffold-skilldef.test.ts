/**
 * `skillbench new --protocol skilldef` (and the app's New skill, which uses the same template): a
 * package-shaped skill like the SDK's scaffold makes and the real skills are, on the current SDK surface
 * (an option with a tool_filter, on_status): its own tests pass, the doctor finds nothing, and it loads,
 * inspects, ticks and answers message hooks alone and inside a skills repository under a folder whose
 * name is no identifier. (The SDK's own validator is run on it in real-skills.test.ts, where the SDK is.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { createSkill } from '../src-main/authoring/new-skill';
import { runDoctor } from '../src-main/authoring/doctor';
import { systemPython } from '../src-main/host/paths';
import { Workbench } from '../src-main/workbench/workbench';
import { ROOT } from './helpers';

const SDK = path.join(ROOT, 'resources', 'python');

function alone(cleanup: Cleanup): string {
  return createSkill({ folder: path.join(cleanup.tempDir(), 'weather-report'), protocol: 'skilldef' }).dir;
}

function inRepo(cleanup: Cleanup): string {
  // A skills repository on the current SDK (the real one, at 1c3082a, has it at dev/).
  const repo = cleanup.tempDir('skills-repo-');
  fs.cpSync(path.join(SDK, 'dev'), path.join(repo, 'dev'), { recursive: true });
  return createSkill({ folder: path.join(repo, 'skills', 'weather-report'), protocol: 'skilldef' }).dir;
}

describe('the skilldef scaffold', () => {
  it('is a package: __main__.py the entry, skill.py with options and on_status, tools.py imported relatively', ({ cleanup }) => {
    const made = createSkill({ folder: path.join(cleanup.tempDir(), 'weather-report'), protocol: 'skilldef' });
    expect(made.files).toEqual(expect.arrayContaining(['__init__.py', '__main__.py', 'skill.py', 'tools.py', 'state.py', 'manifest.json', 'test_skill.py']));
    expect(JSON.parse(fs.readFileSync(path.join(made.dir, 'manifest.json'), 'utf8'))).toMatchObject({ id: 'weather-report', entry: '__main__.py', runtime: 'python' });
    const skill = fs.readFileSync(path.join(made.dir, 'skill.py'), 'utf8');
    expect(skill).toMatch(/SkillOptionDefinition\(/);
    expect(skill).toMatch(/tool_filter=\["shout"\]/);
    expect(skill).toMatch(/on_status=on_status/);
    expect(skill).toMatch(/from \.tools import TOOLS/);
    const tests = spawnSync(systemPython(), ['-m', 'unittest'], { cwd: made.dir, env: { ...process.env, SKILLBENCH_SDK: SDK }, encoding: 'utf8' });
    expect(tests.status, tests.stderr).toBe(0);
    expect(tests.stderr).toMatch(/Ran 4 tests/);
  });

  for (const [where, make] of [['alone', alone], ['in a skills repository, under a folder that is no identifier', inRepo]] as const) {
    it(`${where}: the doctor finds nothing, and it loads, inspects, ticks, answers message hooks and its option`, async ({ cleanup }) => {
      const dir = make(cleanup);
      const report = await runDoctor(dir, { home: cleanup.tempDir() });
      expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
      const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [path.dirname(dir)], namedFolders: true }));
      const id = (await wb.listSkills()).find((s) => s.dir === dir)!.id;
      const info = await wb.inspectSkill(id);
      expect(info.notes.join(' ')).toMatch(/package skills\.weather_report/);
      expect(info.tools.map((t) => t.name)).toContain('greet');
      expect(info.tools.map((t) => t.name)).not.toContain('shout');
      expect((await wb.callTool(id, 'greet', { name: 'Ada' })).outcome).toMatchObject({ ok: true, text: 'Hello, Ada!' });
      await wb.tickNow(id);
      expect(await wb.transformMessage(id, 'beforeMessage', 'hi')).toBeNull();
      const changed = await wb.setOption(id, 'loud_greetings', true);
      expect(changed.info.tools.map((t) => t.name)).toContain('shout');
      expect((await wb.callTool(id, 'shout', { name: 'Ada' })).outcome!.text).toBe('HELLO, ADA!');
    });
  }
});
