/**
 * The real skills of alphahumanxyz/skills, unmodified, where the mirror of that repository is on this
 * machine (SKILLBENCH_REAL_SKILLS, else /work/.mirror/alphahumanxyz+skills/repo; a bare git repository).
 * Nothing of it is committed here: the skills are extracted into a temporary folder for the run.
 *
 * Done when: every real skill that needs nothing but the standard library, pydantic and the `mcp`
 * types loads on the bundled SDK both inside its repository and copied out alone, and inspect, tick and
 * message run. Where this interpreter has no MCP SDK, the `mcp` types come from the launcher's stand-in. Each
 * other skill must fail to load with one line naming the package it lacks. A skill that loads both copied out
 * and on its own SDK lists as many tools on both (the SDK's five interop tools among them). Also: the SDK's own
 * validator accepts our scaffold, and the doctor raises no error where that validator passes.
 *
 * "Inside its repository" is its newest snapshot (skills-py/<id>, no SDK in the repository: the host gives
 * it, here the bundled one); a skill the newest snapshot dropped is tried in the snapshot of 1c3082a with its
 * SDK taken out, as the newest snapshot did. The snapshot of 1c3082a with its own SDK is tried too, for the
 * table. Every outcome is written to test-results/real-skills.md, the closing note's table.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { createSkill } from '../src-main/authoring/new-skill';
import { runDoctor } from '../src-main/authoring/doctor';
import { systemPython } from '../src-main/host/paths';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { FIXTURES, ROOT, tempDir } from './helpers';
import { scaled } from './machine-factor';

const MIRROR = process.env.SKILLBENCH_REAL_SKILLS ?? '/work/.mirror/alphahumanxyz+skills/repo';
const HAS_MIRROR = fs.existsSync(path.join(MIRROR, 'HEAD'));
const OLD = '1c3082a';
const STAND_INS = path.join(FIXTURES, 'stand-ins');
/** What a skill may need besides the standard library, to count as one that must load. */
const ALLOWED = new Set(['mcp', 'pydantic']);
const SKIP_REASON = `skipped: no mirror of alphahumanxyz/skills at ${MIRROR} (set SKILLBENCH_REAL_SKILLS to a bare clone to run these)`;

if (!HAS_MIRROR) console.warn(`real-skills.test.ts: ${SKIP_REASON}`);

interface Outcome {
  loaded: boolean;
  detail: string;
  tools?: number;
  /** Of them, the skill's own (the rest are its SDK's). */
  own?: number;
  tick?: string;
  message?: string;
  /** The package named by a load failure ("the skill needs the Python package X"). */
  missing?: string;
}

function extract(commit: string, into: string, ...paths: string[]): void {
  fs.mkdirSync(into, { recursive: true });
  const tar = execFileSync('git', ['--git-dir', MIRROR, 'archive', commit, ...paths], { maxBuffer: 256 * 1024 * 1024 });
  execFileSync('tar', ['x', '-C', into], { input: tar });
}

/** Loads the skill as the CLI does (a runtime of its own), then inspect, one tick and one message hook. */
async function tryIt(dir: string, home: string, hostParity = false): Promise<Outcome> {
  const rt = SkillRuntime.withSettings(resolveSkill(dir, { protocol: 'skilldef' }), home, { restart: { enabled: false }, ...(hostParity ? { hostParity } : {}) });
  try {
    const info = await rt.start();
    let tick = 'no tick';
    if (rt.adapter.tick) {
      await rt.adapter.tick();
      tick = 'ok';
    }
    const said = await rt.adapter.transform!('beforeMessage', 'hello');
    const message = said === null ? 'unchanged' : `"${said.slice(0, 40)}"`;
    const own = info.tools.filter((t) => t.origin !== 'sdk').length;
    const sdk = info.tools.length - own;
    const standIn = info.notes.some((n) => n.startsWith("mcp.types is the workbench's stand-in")) ? ', mcp.types stand-in' : '';
    return { loaded: true, tools: info.tools.length, own, tick, message, detail: `${info.tools.length} tools (${own} own + ${sdk} SDK)${info.needsSetup ? ', needs setup' : ''}${standIn}` };
  } catch (err) {
    const detail = (err as Error).message.replace(/^.*? could not be loaded: /, '');
    const missing = /needs the Python package "([^"]+)"/.exec(detail)?.[1] ?? /needs its module ([\w.]+)/.exec(detail)?.[1];
    return { loaded: false, detail, missing };
  } finally {
    await rt.close().catch(() => undefined);
  }
}

describe.skipIf(!HAS_MIRROR)(`the real skills of alphahumanxyz/skills${HAS_MIRROR ? '' : ` (${SKIP_REASON})`}`, () => {
  let work = '';
  let home = '';
  const rows: string[] = [];

  beforeAll(() => {
    work = tempDir('skillbench-real-skills-');
    home = path.join(work, 'home');
    extract(OLD, path.join(work, 'old'), 'dev', 'skills', 'examples');
    extract('HEAD', path.join(work, 'new'), 'skills-py');
    fs.mkdirSync(path.join(work, 'new', '.git'));
    extract(OLD, path.join(work, 'nosdk'), 'skills');
    fs.mkdirSync(path.join(work, 'nosdk', '.git'));
  }, scaled(120_000));

  afterAll(() => {
    if (rows.length) {
      const table = ['| skill | inside its repository | copied out alone | copied out, host parity | repository @1c3082a, its own SDK |', '|---|---|---|---|---|', ...rows].join('\n');
      fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
      fs.writeFileSync(path.join(ROOT, 'test-results', 'real-skills.md'), `${table}\n`);
      console.log(table);
    }
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it('each one that needs only the standard library, pydantic and mcp loads inside its repository and copied out, and inspect, tick and message run; each other says which package it lacks', async () => {
    const skills = fs.readdirSync(path.join(work, 'old', 'skills')).filter((s) => fs.existsSync(path.join(work, 'old', 'skills', s, 'manifest.json')));
    expect(skills.length).toBeGreaterThanOrEqual(12);
    const cell = (o: Outcome) => {
      if (o.loaded) return `loads: ${o.detail}; tick ${o.tick}; message ${o.message}`;
      const behind = /cannot import name '(\w+)' from '(dev[\w.]*)'/.exec(o.detail);
      return `does not load: ${o.missing ? `needs ${o.missing}` : behind ? `its SDK lacks ${behind[2]}.${behind[1]}` : o.detail.slice(0, 160)}`;
    };
    let loadedBoth = 0;
    for (const id of skills) {
      const newest = path.join(work, 'new', 'skills-py', id);
      const old = path.join(work, 'old', 'skills', id);
      const out = path.join(work, 'out', id);
      fs.cpSync(old, out, { recursive: true });
      const inRepo = await tryIt(fs.existsSync(newest) ? newest : path.join(work, 'nosdk', 'skills', id), home);
      const copied = await tryIt(out, home);
      const own = await tryIt(old, home);
      const parity = copied.loaded ? await tryIt(out, home, true) : null;
      // The real host lists no tools before setup is done, and keys them <id>__<tool>.
      if (parity?.loaded && parity.detail.includes('needs setup')) expect(parity.tools, id).toBe(0);
      rows.push(`| ${id} | ${fs.existsSync(newest) ? '' : '(1c3082a without its SDK) '}${cell(inRepo)} | ${cell(copied)} | ${parity ? cell(parity) : '-'} | ${cell(own)} |`);
      // On its own, older SDK it loads, or fails in one clear line: a package it lacks, or a name that SDK lacks.
      if (!own.loaded) expect(own.missing ?? /cannot import name '\w+' from 'dev\./.exec(own.detail)?.[0], `${id}: ${own.detail}`).toBeDefined();
      // Either it loads, and everything runs, or one line says which package outside the allowed ones it lacks.
      for (const o of [inRepo, copied]) {
        if (o.loaded) {
          expect(o.tick, id).toBeDefined();
          expect(o.message, id).toBe('unchanged');
        } else {
          expect(o.missing, `${id}: ${o.detail}`).toBeDefined();
          expect(o.detail.split('\n')).toHaveLength(1);
        }
      }
      // Its tool count is its own SDK's: the five interop tools are listed here too.
      if (copied.loaded && own.loaded) expect(copied.tools, `${id}: copied out against its own SDK`).toBe(own.tools);
      // A skill that lacks nothing outside the standard library, pydantic and mcp loads in both places.
      const lacks = [inRepo, copied].map((o) => o.missing?.split('.')[0]).filter((m): m is string => !!m);
      if (lacks.every((m) => ALLOWED.has(m.toLowerCase()))) {
        expect(inRepo.loaded && copied.loaded, `${id} should load: ${inRepo.detail} / ${copied.detail}`).toBe(true);
        loadedBoth++;
      }
    }
    // At 1c3082a: 1Password, Desktop and Skill Coder.
    expect(loadedBoth).toBeGreaterThanOrEqual(3);
  }, scaled(600_000));

  it("the SDK's own validator accepts our scaffold, and the doctor gives no error where that validator passes", async () => {
    const repo = path.join(work, 'old');
    createSkill({ folder: path.join(repo, 'skills', 'weather-report'), protocol: 'skilldef' });
    const v = spawnSync(systemPython(), ['-m', 'dev.validate.validator'], { cwd: repo, env: { ...process.env, PYTHONPATH: STAND_INS, NO_COLOR: '1' }, encoding: 'utf8' });
    // eslint-disable-next-line no-control-regex
    const text = (v.stdout + v.stderr).replace(/\u001b\[[0-9;]*m/g, '');
    const blocks = text.split(/\n(?=\s{2}(?:skills|examples)\/)/).map((b) => b.trim());
    const passed = blocks.filter((b) => /^(skills|examples)\//.test(b) && !b.includes('✗')).map((b) => b.split('\n')[0].trim());
    expect(passed).toContain('skills/weather-report');
    for (const rel of passed) {
      const report = await runDoctor(path.join(repo, rel), { live: false, home });
      expect(report.findings.filter((f) => f.severity === 'error'), rel).toEqual([]);
    }
    fs.rmSync(path.join(repo, 'skills', 'weather-report'), { recursive: true });
  }, scaled(300_000));
});
