/**
 * Our own fixtures shaped like the real skills that load on the bundled SDK (real-skills.test.ts runs the real
 * ones where their mirror is): `vault-cli` (1Password: `run_skill_server`, a tools/ subpackage of MCP Tools,
 * a required setup), `meta-coder` (Skill Coder: a fallback definition, no tools of its own, the server
 * imported inside main()) and `desk-control` (Desktop: its GUI library imported only when a tool runs).
 * Each loads inside a repository that brings no SDK (`skills-py/<id>`, as the newest snapshot has them) and
 * copied out alone; inspect, tick and message run; with host parity they show what the real host would.
 * The `mcp` types they import come from the launcher's stand-in where the interpreter has no MCP SDK.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { FIXTURES, ownTools, SDK_TOOLS } from './helpers';

const SHAPES = path.join(FIXTURES, 'skilldef-real-shapes');

function placed(cleanup: Cleanup, id: string, where: 'repository' | 'alone'): string {
  const root = cleanup.tempDir('skillbench-shapes-');
  const dir = where === 'repository' ? path.join(root, 'skills-py', id) : path.join(root, id);
  if (where === 'repository') fs.mkdirSync(path.join(root, '.git'));
  fs.cpSync(path.join(SHAPES, id), dir, { recursive: true });
  return dir;
}

function runtime(cleanup: Cleanup, dir: string, hostParity = false): SkillRuntime {
  const rt = SkillRuntime.withSettings(resolveSkill(dir, { protocol: 'skilldef' }), cleanup.tempDir(), {
    restart: { enabled: false },
    ...(hostParity ? { hostParity } : {}),
  });
  cleanup.add({ close: () => rt.close() });
  return rt;
}

async function exercise(rt: SkillRuntime) {
  const info = await rt.start();
  await rt.adapter.tick!();
  const message = await rt.adapter.transform!('beforeMessage', 'hello');
  return { info, message, tools: ownTools(info.tools), all: info.tools.map((t) => t.name) };
}

describe('shapes of the real skills, on the bundled SDK', () => {
  for (const where of ['repository', 'alone'] as const) {
    it(`vault-cli (${where}): run_skill_server, MCP Tools from a subpackage, setup required; a tool answers once set up`, async ({ cleanup }) => {
      const rt = runtime(cleanup, placed(cleanup, 'vault-cli', where));
      const { info, message, tools } = await exercise(rt);
      expect(info.notes[0]).toMatch(/loaded as package skills\.vault_cli so its relative imports work/);
      expect(tools).toEqual(['list_items', 'get_item']);
      expect(info.needsSetup).toBe(true);
      expect(message).toBeNull();
      expect((await rt.callTool('list_items', {})).outcome).toMatchObject({ ok: false, text: 'Vault CLI is not configured: run setup' });
      const step = await rt.adapter.setup!.start();
      expect((await rt.adapter.setup!.submit(step.id, { cli_path: 'op' })).status).toBe('complete');
      expect((await rt.callTool('list_items', {})).outcome!.data).toEqual([{ id: '1', title: 'Example' }]);
    });

    it(`meta-coder (${where}): its definition from skill_section.py loads, with no tools of its own`, async ({ cleanup }) => {
      const { tools, message } = await exercise(runtime(cleanup, placed(cleanup, 'meta-coder', where)));
      expect(tools).toEqual([]);
      expect(message).toBeNull();
    });

    it(`desk-control (${where}): loads without its GUI library, and the tool that needs it says so`, async ({ cleanup }) => {
      const rt = runtime(cleanup, placed(cleanup, 'desk-control', where));
      const { tools } = await exercise(rt);
      expect(tools).toEqual(['screen_size', 'wait']);
      expect((await rt.callTool('wait', {})).outcome!.text).toBe('waited');
      const r = (await rt.callTool('screen_size', {})).outcome!;
      expect(r.ok).toBe(false);
      expect(r.text).toMatch(/needs a GUI library: No module named 'skillbench_absent_gui_lib'/);
    });
  }

  it('with host parity: no tools before setup, the SDK\'s interop tools, names <id>__<tool>', async ({ cleanup }) => {
    const vault = await exercise(runtime(cleanup, placed(cleanup, 'vault-cli', 'alone'), true));
    expect(vault.tools).toEqual([]);
    const coder = await exercise(runtime(cleanup, placed(cleanup, 'meta-coder', 'alone'), true));
    expect(coder.all).toEqual(SDK_TOOLS.map((t) => `meta-coder__${t}`));
    expect(coder.tools).toEqual([]);
  });
});
