/**
 * `npm start`'s build (scripts/build.mjs): a step runs only when its inputs changed since its last successful build
 * or what it makes is gone; a failed step leaves its stamp as it was. Real files and a real Node child per step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { build, buildSteps, staleSteps, type BuildStep } from '../scripts/build.mjs';
import { ROOT } from './helpers';

/** A step that counts its runs in out/<name>.count and makes out/<name>.txt (or fails when src/fail exists). */
function step(name: string, inputs: string[]): BuildStep {
  const script = `const fs=require('fs');if(fs.existsSync('src/fail')){console.error('broken source');process.exit(3)}fs.mkdirSync('out',{recursive:true});const c='out/${name}.count';fs.writeFileSync(c,String((fs.existsSync(c)?+fs.readFileSync(c,'utf8'):0)+1));fs.writeFileSync('out/${name}.txt','made')`;
  return { name, label: `Building ${name}`, inputs, outputs: [`out/${name}.txt`], command: [process.execPath, '-e', script] };
}

describe('the build before npm start', () => {
  it('skips what is current, rebuilds the step whose sources changed, and says each step in a line', ({ cleanup }) => {
    const root = cleanup.tempDir('skillbench-build-');
    fs.mkdirSync(path.join(root, 'src', 'ui'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'engine.ts'), 'one');
    fs.writeFileSync(path.join(root, 'src', 'ui', 'view.tsx'), 'one');
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
    const steps = [step('app', ['src', 'package-lock.json']), step('cli', ['src/engine.ts', 'package-lock.json'])];
    const runs = (name: string) => Number(fs.readFileSync(path.join(root, 'out', `${name}.count`), 'utf8'));
    const lines: string[] = [];
    const go = () => build(root, { steps, log: (l) => lines.push(l) });

    expect(go()).toEqual(['app', 'cli']);
    expect(lines.join('')).toMatch(/^Building app… done in \d+\.\d s\.\nBuilding cli… done in \d+\.\d s\.\n$/);
    lines.length = 0;
    // Current: nothing runs, nothing is said.
    expect(go()).toEqual([]);
    expect(lines).toEqual([]);
    // A change to the UI alone rebuilds only the step that reads it.
    fs.writeFileSync(path.join(root, 'src', 'ui', 'view.tsx'), 'two');
    expect(staleSteps(root, steps).map((s) => s.name)).toEqual(['app']);
    expect(go()).toEqual(['app']);
    // A new time on the same content is no change; the lock file changing is.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'src', 'engine.ts'), later, later);
    expect(go()).toEqual([]);
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(go()).toEqual(['app', 'cli']);
    // What a step makes, removed, makes it run again.
    fs.rmSync(path.join(root, 'out', 'cli.txt'));
    expect(go()).toEqual(['cli']);
    expect([runs('app'), runs('cli')]).toEqual([3, 3]);

    // A failing step throws with its output and stays stale (its stamp is the last good build's)…
    fs.writeFileSync(path.join(root, 'src', 'fail'), '');
    expect(go).toThrow(/broken source/);
    expect(staleSteps(root, steps).map((s) => s.name)).toEqual(['app']);
    expect(go).toThrow(/broken source/);
    // …so with the sources back as they were built, there is nothing to do.
    fs.rmSync(path.join(root, 'src', 'fail'));
    expect(go()).toEqual([]);
    expect(runs('app')).toBe(3);
  });

  it('covers the sources, the build configs and package-lock.json of the real build', () => {
    const [app, cli] = buildSteps(ROOT);
    expect(app.inputs).toEqual(expect.arrayContaining(['src-main', 'src-preload', 'src-renderer', 'electron.vite.config.ts', 'tsconfig.web.json', 'package.json', 'package-lock.json']));
    expect(cli.inputs).toEqual(expect.arrayContaining(['src-main', 'scripts/build-cli.mjs', 'package-lock.json']));
    for (const s of [app, cli]) for (const i of s.inputs) expect(fs.existsSync(path.join(ROOT, i)), i).toBe(true);
  });
});
