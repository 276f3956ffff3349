/**
 * Looking never runs code: static checks (`skillbench validate`, `doctor --static`, the doctor's static part)
 * and inspecting a namel3ss app never run a file of the skill's folder or its repository. The trap is a
 * `.venv/bin/python` that leaves a marker file when anything runs it, as a pull request could add one; and a
 * `sitecustomize.py` in the folder, which a Python that has the folder on its path would run at start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { runDoctor } from '../src-main/authoring/doctor';
import { checkDependencyList } from '../src-main/authoring/checks/dependencies';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { cli } from './cli-run';
import { FIXTURES } from './helpers';

const posix = process.platform !== 'win32';
const SLACK_LIKE = path.join(FIXTURES, 'skilldef-validate', 'slack-like');
const PACK_APP = path.join(FIXTURES, 'namel3ss-wild', 'pack-app');

/** Puts a trap interpreter at `<dir>/.venv/bin/python`, laid out as `python -m venv` does; returns the marker's path. */
function trapVenv(cleanup: Cleanup, dir: string, sitePackages: Record<string, string> = {}): string {
  const marker = path.join(cleanup.tempDir(), 'ran');
  const venv = path.join(dir, '.venv');
  fs.mkdirSync(path.join(venv, 'bin'), { recursive: true });
  fs.writeFileSync(path.join(venv, 'pyvenv.cfg'), 'home = /usr/bin\nversion = 3.12.4\n');
  fs.writeFileSync(path.join(venv, 'bin', 'python'), `#!/bin/sh\necho "$@" >> "${marker}"\nexit 1\n`, { mode: 0o755 });
  const site = path.join(venv, 'lib', 'python3.12', 'site-packages');
  fs.mkdirSync(site, { recursive: true });
  for (const [name, body] of Object.entries(sitePackages)) {
    fs.mkdirSync(path.dirname(path.join(site, name)), { recursive: true });
    fs.writeFileSync(path.join(site, name), body);
  }
  return marker;
}

/** A sitecustomize.py that leaves a marker: any Python with the folder on its path runs it at start. */
function trapSitecustomize(cleanup: Cleanup, dir: string): string {
  const marker = path.join(cleanup.tempDir(), 'site-ran');
  fs.writeFileSync(path.join(dir, 'sitecustomize.py'), `open(${JSON.stringify(marker)}, "a").write("ran\\n")\n`);
  return marker;
}

function copy(cleanup: Cleanup, from: string, name: string): string {
  const dir = path.join(cleanup.tempDir(), name);
  fs.cpSync(from, dir, { recursive: true });
  return dir;
}

describe.skipIf(!posix)('static checks run nothing of the skill (a shell script stands in for a venv interpreter: POSIX only)', () => {
  it('validate and doctor --static read the .venv of the skill, never run it, and still check the dependencies in it', async ({ cleanup }) => {
    const dir = copy(cleanup, SLACK_LIKE, 'slack-like');
    const marker = trapVenv(cleanup, dir, { 'pydantic-2.7.1.dist-info/METADATA': 'Name: pydantic\nVersion: 2.7.1\n', 'pydantic/__init__.py': '' });
    const site = trapSitecustomize(cleanup, dir);
    const validated = await cli(['validate', dir, '--json'], { cwd: dir });
    const statics = await cli(['doctor', dir, '--static', '--json'], { cwd: dir });
    const report = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    expect(fs.existsSync(marker), 'the .venv interpreter ran').toBe(false);
    expect(fs.existsSync(site), 'sitecustomize.py ran').toBe(false);
    for (const r of [JSON.parse(validated.stdout), JSON.parse(statics.stdout), report] as { findings: { code: string; message: string }[] }[]) {
      const missing = r.findings.filter((f) => f.code === 'DEPENDENCY_MISSING').map((f) => f.message);
      // Read from the venv's site-packages: pydantic 2.7.1 is there, the made-up package is not.
      expect(missing).toEqual([expect.stringMatching(/"skillbench-no-such-package>=1\.0", which its virtual environment's Python, .*\.venv\/bin\/python does not have/)]);
    }
  });

  it("a .venv at the repository's root, levels above the skill, is not run either", async ({ cleanup }) => {
    const repo = cleanup.tempDir();
    fs.mkdirSync(path.join(repo, '.git'));
    const dir = path.join(repo, 'skills', 'slack-like');
    fs.cpSync(SLACK_LIKE, dir, { recursive: true });
    const marker = trapVenv(cleanup, repo);
    const r = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    expect(fs.existsSync(marker), 'the repository .venv interpreter ran').toBe(false);
    expect(r.findings.filter((f) => f.code === 'DEPENDENCY_MISSING')).toHaveLength(2);
  });

  it('the version in the venv is the one reported', async ({ cleanup }) => {
    const dir = copy(cleanup, SLACK_LIKE, 'slack-like');
    trapVenv(cleanup, dir, { 'pydantic-1.10.9.dist-info/METADATA': '', 'Typing_Extensions-4.9.0.dist-info/METADATA': '' });
    const r = await checkDependencyList(dir, ['pydantic>=2.0', 'typing-extensions'], {});
    expect(r).toMatchObject({ version: '3.12.4', deps: [{ name: 'pydantic', installed: '1.10.9' }, { name: 'typing-extensions', installed: '4.9.0' }] });
  });

  it('the system Python asked about dependencies runs isolated: a sitecustomize.py in the folder stays unrun', async ({ cleanup }) => {
    const dir = copy(cleanup, SLACK_LIKE, 'slack-like');
    const site = trapSitecustomize(cleanup, dir);
    const r = await cli(['validate', dir, '--json'], { cwd: dir, env: { PYTHONPATH: dir } });
    expect(fs.existsSync(site), 'sitecustomize.py ran').toBe(false);
    expect(JSON.parse(r.stdout).findings.some((f: { code: string }) => f.code === 'DEPENDENCY_MISSING')).toBe(true);
  });
});

describe.skipIf(!posix)('inspecting a namel3ss app runs nothing of the app (POSIX only, as above)', () => {
  it("finds namel3ss in the app's .venv by reading it, and never runs the app's interpreter", async ({ cleanup }) => {
    const dir = copy(cleanup, PACK_APP, 'pack-app');
    const marker = trapVenv(cleanup, dir, { 'namel3ss-0.9.0.dist-info/METADATA': '', 'namel3ss/__init__.py': '' });
    const rt = cleanup.add(new SkillRuntime(resolveSkill(dir), { home: cleanup.tempDir(), restart: { enabled: false } }));
    const info = await rt.start();
    expect(fs.existsSync(marker), 'the .venv interpreter ran').toBe(false);
    const lower = info.tools.find((t) => t.name === 'convert text to lowercase')!;
    expect(lower.description).not.toMatch(/cannot run here/);
  });

  it('with no .venv, asks the system Python isolated: a sitecustomize.py in the app stays unrun', async ({ cleanup }) => {
    const dir = copy(cleanup, PACK_APP, 'pack-app');
    const site = trapSitecustomize(cleanup, dir);
    const rt = cleanup.add(new SkillRuntime(resolveSkill(dir), { home: cleanup.tempDir(), restart: { enabled: false }, env: { PYTHONPATH: dir } }));
    const info = await rt.start();
    expect(fs.existsSync(site), 'sitecustomize.py ran').toBe(false);
    expect(info.tools.find((t) => t.name === 'convert text to lowercase')!.description).toMatch(/namel3ss is not installed/);
  });
});

describe.skipIf(!posix)('looking at an Agent Skill or a QuickJS skill runs nothing of it (POSIX only, as above)', () => {
  it('list, inspect, validate and doctor read its scripts and its tools, and run none of them', async ({ cleanup }) => {
    const root = cleanup.tempDir();
    const marker = path.join(cleanup.tempDir(), 'ran');
    const skill = path.join(root, '.claude', 'skills', 'trap-notes');
    fs.mkdirSync(path.join(skill, 'scripts'), { recursive: true });
    fs.writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: trap-notes\ndescription: Keeps notes. Use when the user asks to note something.\n---\n\nRun `scripts/note.sh` or `scripts/note.py`.\n');
    fs.writeFileSync(path.join(skill, 'scripts', 'note.sh'), `#!/bin/sh\n# Usage: note.sh TEXT\necho ran >> "${marker}"\n`, { mode: 0o755 });
    fs.writeFileSync(path.join(skill, 'scripts', 'note.py'), `"""Usage: note.py TEXT"""\nimport argparse\nopen(${JSON.stringify(marker)}, "a").write("ran\\n")\nif __name__ == "__main__":\n    argparse.ArgumentParser().parse_args()\n`, { mode: 0o755 });
    const quickjs = path.join(root, 'ts-skill');
    fs.cpSync(path.join(FIXTURES, 'quickjs', 'src'), quickjs, { recursive: true });
    for (const args of [['list', root], ['inspect', skill, '--json'], ['validate', skill, '--json'], ['doctor', skill, '--json'], ['list', quickjs], ['doctor', quickjs, '--json']]) {
      await cli(args, { cwd: root });
    }
    const inspected = await cli(['inspect', skill, '--json'], { cwd: root });
    expect(inspected.stdout).toContain('note.sh');
    expect(fs.existsSync(marker), 'a script of the skill ran').toBe(false);
  });
});
