/**
 * AlphaHuman's TypeScript skills for its QuickJS runtime, laid out as its repository has them (`src/<id>/`, a
 * manifest beside index.ts, or one naming `"runtime": "quickjs"` and its built index.js): found as what they are,
 * never as Python skills; inspect shows the manifest and the tool definitions read from the files, and says the
 * workbench does not run them and that their host dropped that runtime; a call says so too; doctor gives no
 * advice to turn them into Python skills. Nothing of them runs.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { runDoctor } from '../src-main/authoring/doctor';
import { discover, resolveSkill } from '../src-main/protocols/discover';
import { readQuickJsTools } from '../src-main/protocols/quickjs';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { FIXTURES } from './helpers';

const DIR = path.join(FIXTURES, 'quickjs');
const LEDGER = path.join(DIR, 'src', 'ledger');
const TRACKER = path.join(DIR, 'src', 'tracker');

describe('QuickJS skills', () => {
  it('are found as QuickJS skills, by their runtime or by the layout; shared code and other manifests are not', () => {
    const found = discover(DIR).map((r) => [path.relative(DIR, r.dir), r.protocol, r.name]);
    expect(found.filter(([, p]) => p === 'quickjs')).toEqual([
      ['src/ledger', 'quickjs', 'Ledger'],
      ['src/tracker', 'quickjs', 'Tracker'],
    ]);
    // The manifest that names quickjs and its built index.js is not taken for a Python SkillDefinition skill.
    expect(found.some(([, p]) => p === 'skilldef')).toBe(false);
    expect(found.some(([d]) => d === 'desktop-extension' || d === 'src/helpers')).toBe(false);
    expect(resolveSkill(path.join(TRACKER, 'manifest.json')).protocol).toBe('quickjs');
  });

  it('their tools are read from the definitions in the files: names, descriptions, schemas; a schema that is no literal is counted', () => {
    const { tools, unreadSchemas } = readQuickJsTools(LEDGER);
    expect(tools.map((t) => t.name)).toEqual(['add-entry', 'list-entries']);
    const list = tools.find((t) => t.name === 'list-entries')!;
    expect(list.description).toBe('List the newest entries, optionally of one category.');
    expect(list.inputSchema).toEqual({
      type: 'object',
      properties: {
        limit: { type: 'number', description: 'At most this many', default: 20 },
        category: { type: 'string', enum: ['food', 'travel'], description: "The category (e.g. 'food')" },
      },
      required: [],
    });
    expect(tools.find((t) => t.name === 'add-entry')!.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(unreadSchemas).toBe(1);
    expect(readQuickJsTools(TRACKER).tools).toEqual([
      { name: 'track', description: 'Where a parcel is', inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
    ]);
  });

  it('inspect shows the manifest and the tools, and says the workbench does not run them and why; a call says so', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const r = await cli(['inspect', TRACKER], { home });
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toContain('Tracker 0.3.0  (QuickJS skill (not run))');
    expect(out).toContain('The workbench does not run QuickJS skills yet, and AlphaHuman\'s host, which ran them, dropped its QuickJS runtime on 2026-04-11.');
    expect(out).toContain('Note: Manifest: id "tracker", runtime "quickjs", entry index.js, version 0.3.0, env TRACKER_TOKEN.');
    expect(out).toContain('Tools (1):\n  track — Where a parcel is');
    const call = await cli(['call', LEDGER, 'list-entries', '--args', '{}'], { home });
    expect(call.code).not.toBe(0);
    expect(call.stderr).toContain('Ledger: list-entries failed: list-entries was not called: The workbench does not run QuickJS skills yet');
    // In the app: read on opening, a note on top; starting it reads the same and leaves it stopped.
    const rt = cleanup.add(new SkillRuntime(resolveSkill(LEDGER), { home, restart: { enabled: false } }));
    const described = await rt.describe();
    expect(described?.notes[0]).toMatch(/^A TypeScript skill for AlphaHuman's QuickJS runtime: read from its files, not run\./);
    expect(described?.notes[1]).toBe('Manifest: id "ledger", no runtime named (its layout says QuickJS), entry index.ts, version 1.2.0, setup required ("Connect the ledger"), platforms windows, macos, linux.');
    expect((await rt.start()).tools.map((t) => t.name)).toEqual(['add-entry', 'list-entries']);
    expect(rt.adapter.status()).toBe('stopped');
  });

  it('doctor: no advice to make it a Python skill, no start, its tools checked as read', async ({ cleanup }) => {
    const report = await runDoctor(TRACKER, { live: true, home: cleanup.tempDir() });
    expect(report.protocol).toBe('quickjs');
    expect(report.findings.map((f) => f.message).join('\n')).not.toMatch(/runtime.*python|Set "runtime"/i);
    expect(report.findings.find((f) => f.code === 'LIVE_SKIPPED')?.message).toContain('does not run QuickJS skills yet');
    expect(report.findings.some((f) => f.code === 'LIVE_STARTED')).toBe(false);
    expect(report.ok).toBe(true);
  });
});
