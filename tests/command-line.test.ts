/**
 * "Copy as command": the line the app copies, run through a real `sh -c` against the example skills,
 * gives the result the app got; any text survives the quoting; a secret never gets into the line.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { callCommand, countMasked, shellQuote, skillOption } from '../src-renderer/src/lib/command-line';
import { Workbench } from '../src-main/workbench/workbench';
import { EXAMPLES, ROOT } from './helpers';

/** A `skillbench` on PATH, as after `npm install -g` or in the repository with npx. */
function shim(cleanup: Cleanup): string {
  const bin = cleanup.tempDir('skillbench-bin-');
  const file = path.join(bin, 'skillbench');
  fs.writeFileSync(file, `#!/bin/sh\nexec ${shellQuote(process.execPath)} ${shellQuote(path.join(ROOT, 'bin', 'skillbench.cjs'))} "$@"\n`);
  fs.chmodSync(file, 0o755);
  return bin;
}

function sh(line: string, env: Record<string, string> = {}) {
  return spawnSync('sh', ['-c', line], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
}

describe('shellQuote', () => {
  it('gives sh back exactly the text, whatever it holds', () => {
    // One shell for many words: each printed with a NUL after it.
    const printed = (words: string[]) => sh(`printf '%s\\0' ${words.map(shellQuote).join(' ')}`).stdout.split('\0').slice(0, -1);
    const tricky = ["O'Brien", "''", "'", '', ' ', '$HOME', '`id`', '$(id)', '"quoted"', 'a\\b', '*', '~', '~/x', '=x', 'a b\tc\nd', '!', '#no comment', ';&|<>', 'naïve ✓ 日本'];
    expect(printed(tricky)).toEqual(tricky);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 30 }).filter((s) => !s.includes('\0')), { minLength: 1, maxLength: 40 }), (words) => {
        expect(printed(words)).toEqual(words);
      }),
      { numRuns: 60 },
    );
  });

  it('leaves plain words bare and quotes the rest', () => {
    expect(shellQuote('/tmp/skills/gas-estimator')).toBe('/tmp/skills/gas-estimator');
    expect(shellQuote('estimate_gas_cost')).toBe('estimate_gas_cost');
    expect(shellQuote('greet someone')).toBe("'greet someone'");
    expect(shellQuote("O'Brien")).toBe(`'O'\\''Brien'`);
    expect(shellQuote('~')).toBe("'~'");
  });
});

describe('callCommand', () => {
  it('builds the line with --skill, --protocol and --timeout only where they apply', () => {
    expect(callCommand({ path: '/s/gas', tool: 'estimate_gas_cost', args: { operation: 'swap', gas_price_gwei: 30 } }).line).toBe(
      `skillbench call /s/gas estimate_gas_cost --args '{"operation":"swap","gas_price_gwei":30}'`,
    );
    expect(callCommand({ path: '/s/agent', tool: 'analyze', args: {}, skill: 'build_analysis', protocol: 'action', timeoutSeconds: 12.5 }).line).toBe(
      `skillbench call /s/agent analyze --skill build_analysis --protocol action --args '{}' --timeout 12.5`,
    );
    expect(callCommand({ path: '-odd', tool: 't', args: {} }).line).toBe(`skillbench call ./-odd t --args '{}'`);
    expect(skillOption('examples/build-analysis#flaky_tests', 'flaky_tests')).toBe('flaky_tests');
    expect(skillOption('examples/gas-estimator', 'gas-estimator')).toBeUndefined();
    expect(countMasked({ key: '••••', list: ['a', 'x••••y'], '••••': 1 })).toBe(3);
  });
});

describe('the copied line in a real shell gives what the app got', () => {
  async function bench(cleanup: Cleanup) {
    const root = cleanup.tempDir('skillbench-cmd-');
    const skills = path.join(root, 'my examples');
    fs.cpSync(EXAMPLES, skills, { recursive: true });
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [skills], namedFolders: true }));
    return { wb, home, bin: shim(cleanup), list: await wb.listSkills() };
  }

  // it.for, not it.each: only it.for hands the test its context (the cleanup fixture).
  it.for<[string, string, Record<string, unknown>]>([
    ['greeter-app', 'greet someone', { name: `O'Brien "$HOME" \`id\` $(id); rm -rf ~ \\ \n naïve ✓`, age: 36 }],
    ['build_analysis', 'analyze', { target: 'ci_builds', days: 7 }],
    ['gas-estimator', 'estimate_gas_cost', { operation: 'swap', gas_price_gwei: 30 }],
  ])('%s: %s', async ([name, tool, args], { cleanup }) => {
    const { wb, home, bin, list } = await bench(cleanup);
    const skill = list.find((s) => s.name === name)!;
    const got = await wb.callTool(skill.id, tool, args);
    expect(got.outcome?.ok).toBe(true);

    const built = callCommand({ path: skill.dir, tool, args: await wb.authoring.maskSecrets(skill.id, args), skill: skillOption(skill.id, skill.name) });
    expect(built.masked).toBe(0);
    const ran = sh(built.line, { PATH: `${bin}${path.delimiter}${process.env.PATH}`, SKILLBENCH_HOME: home });
    expect(ran.stderr).toBe('');
    expect(ran.status).toBe(0);
    const o = got.outcome!;
    if (o.data !== undefined) expect(JSON.parse(ran.stdout)).toEqual(o.data);
    else expect(ran.stdout.trimEnd()).toBe(o.text);
  });

  it('a secret of the skill never gets into the line; the count says one must be filled in', async ({ cleanup }) => {
    const { wb, list } = await bench(cleanup);
    const skill = list.find((s) => s.name === 'greeter-app')!;
    const secret = 'sk-live-cmdline-secret-4242';
    await wb.updateSkillSettings(skill.id, { secretEnv: ['API_TOKEN'], secretValues: { API_TOKEN: secret } });
    const args = { name: secret };
    const built = callCommand({ path: skill.dir, tool: 'greet someone', args: await wb.authoring.maskSecrets(skill.id, args) });
    expect(built.line).not.toContain(secret);
    expect(built.line).toContain('"name":"••••"');
    expect(built.masked).toBe(1);
  });
});
