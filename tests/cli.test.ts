import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { EXAMPLES, FIXTURES, waitFor } from './helpers';
import { EVERYTHING } from './mcp-helpers';
import { safeSkillDir, skillFolder } from '../src-main/host/workbench-home';
import { openHomeStores } from '../src-main/runtime/stores';
import { writeSettings } from '../src-main/runtime/skill-settings';
import { scaled } from './machine-factor';

const GAS = path.join(EXAMPLES, 'gas-estimator');
const RPC = path.join(FIXTURES, 'rpc');

describe('skillbench list', () => {
  it('lists the examples with protocol and name, skipping dependency folders', async ({ cleanup }) => {
    const root = cleanup.tempDir();
    fs.cpSync(GAS, path.join(root, 'gas'), { recursive: true });
    fs.cpSync(GAS, path.join(root, 'node_modules', 'hidden-skill'), { recursive: true });
    const r = await cli(['list', root, '--json']);
    expect(r.code).toBe(0);
    const skills = JSON.parse(r.stdout);
    expect(skills).toEqual([expect.objectContaining({ name: 'gas-estimator', protocol: 'jsonrpc' })]);
  });

  it('prints a table for people', async () => {
    const r = await cli(['list', EXAMPLES]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/gas-estimator\s+Subprocess JSON-RPC/);
  });
});

describe('skillbench inspect', () => {
  it('shows tools and their JSON Schemas', async () => {
    const r = await cli(['inspect', GAS, '--json']);
    expect(r.code).toBe(0);
    const info = JSON.parse(r.stdout);
    expect(info).toMatchObject({ protocol: 'jsonrpc', name: 'gas-estimator', version: '1.0.0' });
    const tool = info.tools.find((t: { name: string }) => t.name === 'estimate_gas_cost');
    expect(tool.inputSchema.required).toEqual(['gas_price_gwei']);
  });

  it('asks for --skill when a folder holds several skills', async ({ cleanup }) => {
    const root = cleanup.tempDir();
    fs.cpSync(GAS, path.join(root, 'a'), { recursive: true });
    fs.cpSync(RPC, path.join(root, 'b'), { recursive: true });
    const r = await cli(['inspect', root]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/holds 2 skills.*--skill NAME/);
    const picked = await cli(['inspect', root, '--skill', 'misbehaving', '--json']);
    expect(JSON.parse(picked.stdout).name).toBe('misbehaving');
  });
});

describe('skillbench call', () => {
  it('exits 0 with the result, and --json gives {ok, result, durationMs, protocol}', async () => {
    const r = await cli(['call', GAS, 'estimate_gas_cost', '--args', '{"operation":"transfer","gas_price_gwei":10}', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, protocol: 'jsonrpc', result: { gas_limit: 21000, cost_eth: 0.00021 } });
    expect(typeof out.durationMs).toBe('number');
  });

  it('reads arguments from a file', async ({ cleanup }) => {
    const f = path.join(cleanup.tempDir(), 'args.json');
    fs.writeFileSync(f, '{"operation":"swap","gas_price_gwei":1}');
    const r = await cli(['call', GAS, 'estimate_gas_cost', '--args-file', f]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).gas_limit).toBe(150000);
  });

  it('exits 1 when the tool reports an error', async () => {
    // --as-is: sent unchecked, so the skill's own check answers.
    const r = await cli(['call', GAS, 'estimate_gas_cost', '--args', '{"operation":"swap"}', '--as-is']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/gas_price_gwei is required/);
  });

  it('exits 2 on a crash, with the stderr around it, and no stack trace', async () => {
    const r = await cli(['call', RPC, 'crash']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/exited with code 3/);
    expect(r.stderr).toMatch(/about to crash/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 3 on a timeout', async () => {
    const r = await cli(['call', RPC, 'hang', '--timeout', '0.5', '--json']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).error.code).toBe('TIMEOUT');
  });

  it('exits 2 with one clear sentence on bad usage', async () => {
    const bad = await cli(['call', GAS, 'estimate_gas_cost', '--args', '{nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toMatch(/^skillbench: --args is not valid JSON/);
    const missing = await cli(['call', '/no/such/skill', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/No such file or folder: \/no\/such\/skill/);
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
  });

  it('keeps its logs under SKILLBENCH_HOME', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    await cli(['call', GAS, 'list_operations'], { home });
    const skills = fs.readdirSync(path.join(home, 'skills'));
    expect(skills.length).toBe(1);
    const logs = fs.readdirSync(path.join(home, 'skills', skills[0], 'logs'));
    expect(fs.readFileSync(path.join(home, 'skills', skills[0], 'logs', logs[0]), 'utf8')).toMatch(/ system\nStarting /);
  });

  it('applies the skill\'s saved settings, and --debug or an inherited SKILL_DEBUG=1 switches debug on', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const agent = path.join(FIXTURES, 'action', 'agent');
    const id = JSON.parse((await cli(['inspect', agent, '--skill', 'misbehave', '--json'], { home })).stdout).id as string;
    const dir = safeSkillDir(home, id);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ env: { FIXTURE_EXTRA: 'from-settings' } }));
    const echo = async (extra: string[], env?: Record<string, string>) =>
      JSON.parse((await cli(['call', agent, 'echo', '--skill', 'misbehave', '--json', ...extra], { home, env })).stdout).result;
    const plain = await echo([], { SKILL_DEBUG: '' });
    expect(plain).toMatchObject({ extra_env: 'from-settings', skill_debug: null });
    expect((await echo(['--debug'], { SKILL_DEBUG: '' })).skill_debug).toBe('1');
    expect((await echo([], { SKILL_DEBUG: '1' })).skill_debug).toBe('1');
  });

  it('says a missing folder is a mistake (exit 2), rather than listing no skills', async ({ cleanup }) => {
    const r = await cli(['list', path.join(cleanup.tempDir(), 'nope')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no folder or file at .*nope/);
  });

  it('names the actions an action skill knows when asked for one it does not', async () => {
    const r = await cli(['call', path.join(EXAMPLES, 'build-analysis'), 'bogus', '--skill', 'build_analysis']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/Unknown action: bogus\nThe actions it knows: analyze, report, fetch, daily_briefing\./);
  });

  it('a JSON-RPC skill whose manifest.json a typo broke is still one: the manifest is named, not its skill.py', async ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'gas-estimator');
    fs.cpSync(GAS, dir, { recursive: true });
    const manifest = path.join(dir, 'manifest.json');
    fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').replace('"tick_interval": 5000', '"tick_interval": 5000,'));
    const listed = JSON.parse((await cli(['list', dir, '--json'])).stdout);
    expect(listed.map((s: { protocol: string }) => s.protocol)).toEqual(['jsonrpc']);
    const r = await cli(['call', dir, 'estimate_gas_cost', '--args', '{}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/manifest\.json is not valid JSON \(.*line 11 column 1/);
    expect(r.stderr).not.toMatch(/defines no/);
  });

  it('says on stderr, as it comes, that the skill printed a line that is not JSON-RPC, and names it in the timeout', async () => {
    const r = await cli(['call', RPC, 'text_answer', '--timeout', '1']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^skillbench: warning: The skill wrote a line to stdout that is not JSON-RPC .*: result: 42$/m);
    expect(r.stderr).toMatch(/Meanwhile it wrote a line that is not JSON-RPC: "result: 42"/);
  });

  it('refuses arguments that do not fit the tool\'s schema before sending anything; --as-is sends them', async () => {
    const r = await cli(['call', GAS, 'estimate_gas_cost', '--args', '{"gas_limit": 50000}', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toEqual({ code: 'VALIDATION', message: "The arguments do not fit the tool's schema: gas_price_gwei: Required. Nothing was sent (--as-is sends them unchecked)." });
    const sent = await cli(['call', GAS, 'estimate_gas_cost', '--args', '{"gas_limit": 50000}', '--as-is']);
    expect(sent.code).toBe(1);
    expect(sent.stderr).toContain('estimate_gas_cost failed: gas_price_gwei is required');
  });

  it('refuses arguments given after the tool\'s name, which it would have left out, and says to use --args', async () => {
    const r = await cli(['call', GAS, 'estimate_gas_cost', '{"gas_limit": 50000, "gas_price_gwei": 20}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`skillbench: call takes the tool's arguments with --args, not after its name: skillbench call <path> estimate_gas_cost --args '{"gas_limit": 50000, "gas_price_gwei": 20}'`);
  });

  it('raises a tick_interval under 1000 ms to 1000, and says so', async ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'fast-ticks');
    fs.cpSync(RPC, dir, { recursive: true });
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...manifest, tick_interval: 200 }));
    const info = JSON.parse((await cli(['inspect', dir, '--json'])).stdout);
    expect(info.tickIntervalMs).toBe(1000);
    expect(info.notes.join(' ')).toMatch(/tick_interval 200 ms is under the 1000 ms minimum/);
  });

  it('runs an action skill\'s script once per call, with no probe first', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const r = await cli(['call', path.join(EXAMPLES, 'build-analysis'), 'analyze', '--skill', 'build_analysis', '--args', '{"target":"ci_builds","days":7}'], { home });
    expect(r.code).toBe(0);
    const [skill] = fs.readdirSync(path.join(home, 'skills'));
    const logDir = path.join(home, 'skills', skill, 'logs');
    const log = fs.readdirSync(logDir).map((f) => fs.readFileSync(path.join(logDir, f), 'utf8')).join('');
    expect(log.match(/^(Probe|Call) /gm)).toEqual(['Call ']);
  });
});

describe('skillbench call and secrets', () => {
  it('prints a secret the skill answers with as •••• unless --show-secrets is given', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    // The secret as the skill's settings keep it, under the id the command line gives the folder.
    const id = JSON.parse((await cli(['inspect', RPC, '--json'], { home })).stdout).id as string;
    writeSettings(skillFolder(home, id), id, { secretValues: { TOKEN: 'tok-9f8e7d6c5b4a' } }, openHomeStores(home).secrets);
    const masked = await cli(['call', RPC, 'echo', '--args', '{"note":"the key is tok-9f8e7d6c5b4a"}', '--json'], { home });
    expect(masked.code).toBe(0);
    expect(masked.stdout).toContain('the key is ••••');
    expect(masked.stdout).not.toContain('tok-9f8e7d6c5b4a');
    const shown = await cli(['call', RPC, 'echo', '--args', '{"note":"the key is tok-9f8e7d6c5b4a"}', '--json', '--show-secrets'], { home });
    expect(shown.stdout).toContain('the key is tok-9f8e7d6c5b4a');
  });
});

describe('the command line run in process', () => {
  /** This process's children (skill processes a run failed to stop would be here). */
  const children = () =>
    fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1] === String(process.pid);
        } catch {
          return false;
        }
      });

  const listeners = () => ['SIGINT', 'SIGTERM', 'exit'].map((e) => process.listenerCount(e));

  it('leaves nothing behind: no skill process, no signal or exit listener, no exit code, no temporary config', { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const home = cleanup.tempDir();
    // The first run may set the process-wide hooks that are set once (a last flush of logs at exit).
    await cli(['call', GAS, 'list_operations', '--record', path.join(home, 'r.jsonl')], { home });
    // An MCP server named by --command gets a config of its own under the home, gone once the run ends.
    const mcpConfigs = () => (fs.existsSync(path.join(home, 'tmp')) ? fs.readdirSync(path.join(home, 'tmp')) : []);
    const before = { children: children(), listeners: listeners(), configs: mcpConfigs() };
    expect((await cli(['call', RPC, 'hang', '--timeout', '1'], { home })).code).toBe(3);
    expect((await cli(['call', RPC, 'crash'], { home })).code).toBe(2);
    expect((await cli(['setup', path.join(EXAMPLES, 'price-alerts')], { home, input: '' })).code).toBe(2);
    const byCommand = await cli(['call', '--command', `'${process.execPath}' '${EVERYTHING}' stdio`, 'echo', '--args', '{"message":"hi"}'], { home });
    expect(byCommand.stdout).toContain('hi');
    expect((await cli(['call', GAS, 'list_operations', '--record', path.join(home, 'r.jsonl')], { home })).code).toBe(0);
    await waitFor(() => children().length === before.children.length, 5000, 'the skills to exit');
    expect(children()).toEqual(before.children);
    expect(listeners()).toEqual(before.listeners);
    expect(process.exitCode).toBeUndefined();
    expect(mcpConfigs().filter((d) => !before.configs.includes(d))).toEqual([]);
  });

  it('gives each run its own environment and folder, even side by side', async ({ cleanup }) => {
    const [a, b] = [cleanup.tempDir(), cleanup.tempDir()];
    const runs = await Promise.all([
      cli(['call', GAS, 'list_operations'], { home: a }),
      cli(['call', GAS, 'list_operations'], { home: b }),
      cli(['list', '.'], { cwd: EXAMPLES }),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    expect(fs.readdirSync(path.join(a, 'skills'))).toEqual(fs.readdirSync(path.join(b, 'skills')));
    expect(runs[2].stdout).toMatch(/\ngas-estimator\s+Subprocess JSON-RPC\s+gas-estimator\/skill\.py\n/);
    expect(process.env.SKILLBENCH_HOME).toBeUndefined();
  });
});
