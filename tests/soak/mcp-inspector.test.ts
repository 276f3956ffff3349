/**
 * The MCP Inspector's CLI (`mcp-inspector --cli`), the reference client for MCP servers, lists and calls a
 * tool of each example skill through `skillbench mcp`, as a user would type it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from '../cleanup-fixture';
import { cli } from '../cli-run';
import { EXAMPLES, ROOT } from '../helpers';
import { BIN } from '../mcp-bridge-client';

const INSPECTOR = path.join(ROOT, 'node_modules', '.bin', 'mcp-inspector');

function inspector(home: string, skill: string[], method: string[]): Promise<{ code: number; json: Record<string, unknown>; stderr: string }> {
  const args = ['--cli', '-e', `SKILLBENCH_HOME=${home}`, process.execPath, BIN, 'mcp', ...skill, '--method', ...method];
  return new Promise((resolve) => {
    execFile(INSPECTOR, args, { cwd: ROOT, timeout: 60_000, maxBuffer: 8 << 20 }, (err, stdout, stderr) => {
      let json: Record<string, unknown>;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = { unparsed: stdout };
      }
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, json, stderr });
    });
  });
}

const EXAMPLE_CALLS: { name: string; skill: string[]; tool: string; args: string[]; expect: RegExp }[] = [
  { name: 'gas-estimator (JSON-RPC)', skill: [path.join(EXAMPLES, 'gas-estimator')], tool: 'estimate_gas_cost', args: ['operation=transfer', 'gas_price_gwei=20'], expect: /"gas_limit": 21000/ },
  { name: 'greeter-app (namel3ss)', skill: [path.join(EXAMPLES, 'greeter-app')], tool: 'greet_someone', args: ['name=Ada'], expect: /Hello Ada/ },
  { name: 'build-analysis (action)', skill: [path.join(EXAMPLES, 'build-analysis'), '--skill', 'build_analysis'], tool: 'report', args: [], expect: /Daily build report/ },
  { name: 'price-alerts (SkillDefinition, set up first)', skill: [path.join(EXAMPLES, 'price-alerts')], tool: 'get_price', args: ['symbol=BTC'], expect: /"symbol": "BTC"/ },
];

describe('the MCP Inspector CLI through skillbench mcp', () => {
  for (const c of EXAMPLE_CALLS) {
    it(`${c.name}: tools/list, then tools/call ${c.tool}`, async ({ cleanup }) => {
      const home = cleanup.tempDir();
      if (c.tool === 'get_price') {
        const answers = path.join(home, 'answers.json');
        fs.writeFileSync(answers, JSON.stringify({ credentials: { api_key: `pk_${'a1'.repeat(12)}` }, preferences: {} }));
        const setup = await cli(['setup', c.skill[0], '--answers', answers], { home });
        expect(setup.code, setup.stderr).toBe(0);
      }
      const list = await inspector(home, c.skill, ['tools/list']);
      expect(list.code, list.stderr).toBe(0);
      const names = (list.json.tools as { name: string }[]).map((t) => t.name);
      expect(names).toContain(c.tool);
      const call = await inspector(home, c.skill, ['tools/call', '--tool-name', c.tool, ...c.args.flatMap((a) => ['--tool-arg', a])]);
      expect(call.code, call.stderr).toBe(0);
      expect(call.json.isError, JSON.stringify(call.json)).toBeFalsy();
      expect(JSON.stringify(call.json, null, 1)).toMatch(c.expect);
    });
  }

  it('price-digest (SkillDefinition): listed and called; its error comes back as the tool’s, in words', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const skill = [path.join(EXAMPLES, 'price-digest')];
    const list = await inspector(home, skill, ['tools/list']);
    // Its own tool first, then those its SDK puts on every skill (interop: list-skills, …).
    expect((list.json.tools as { name: string }[]).map((t) => t.name)).toEqual(['digest', 'list-skills', 'list-skill-data', 'list-skill-functions', 'request-skill-data', 'call-skill-function']);
    const call = await inspector(home, skill, ['tools/call', '--tool-name', 'digest']);
    expect(call.json.isError).toBe(true);
    expect(JSON.stringify(call.json)).toMatch(/Open both skills in the workbench/);
  });
});
