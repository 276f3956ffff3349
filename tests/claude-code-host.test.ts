/**
 * The real Claude Code, from npm, driven headless against the scripted model server (tests/model-server.ts)
 * through the workbench's model proxy: `skillbench hosts add` installs it into a cache folder kept between runs
 * (`$XDG_CACHE_HOME/skill-workbench/hosts-home`, about 400 MB), `hosts` lists it, and `host-view` shows its catalog
 * entry for a skill as Claude Code words it, beside its own built-in skills; with a model, the proxy forwards
 * (the real key added there), the `Skill` call Claude Code makes is read from its output, and the run replays
 * offline from its recording. A long proof (tests/long-proofs.ts): the first install downloads from npm, and every
 * run starts a 400 MB binary. Where the npm registry cannot be reached and nothing is cached, it says so and skips.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { scaled } from './machine-factor';
import { modelServer } from './model-server';
import { runOneShot } from '../src-main/engine/one-shot';
import { SCRIPTED_TEXT } from '../src-main/hosts/scripted-answer';

/** A version known to behave as described; pinned, so the cache is reused and the proof does not move under it. */
const PINNED = '2.1.332';
const CACHE_HOME = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'skill-workbench', 'hosts-home');
const cached = fs.existsSync(path.join(CACHE_HOME, 'hosts', `claude-code@${PINNED}`));

/** Whether npm can reach its registry (asked only where nothing is cached). */
async function registryReachable(): Promise<string | null> {
  if (cached) return null;
  const r = await runOneShot({ spec: { command: 'npm', args: ['view', `@anthropic-ai/claude-code@${PINNED}`, 'version'], cwd: os.tmpdir(), env: process.env }, input: '', timeoutMs: 60_000, maxStdoutBytes: 65536 });
  if (r.spawnError) return `npm cannot be started (${r.spawnError.message})`;
  return r.code === 0 && r.stdout.trim() === PINNED ? null : `the npm registry cannot be reached (${r.stderr.trim().split('\n').at(-1) ?? `npm exited with ${r.code}`}) and Claude Code is not cached in ${CACHE_HOME}`;
}

const unreachable = await registryReachable();

function skillFolder(root: string, name: string, description: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nRun pdftotext on the file, then summarise.\n`);
  return dir;
}

describe.skipIf(unreachable !== null)(`Claude Code ${PINNED} from npm, through the model proxy${unreachable ? ` (skipped: ${unreachable})` : ''}`, () => {
  beforeAll(async () => {
    const add = await cli(['hosts', 'add', `claude-code@${PINNED}`], { home: CACHE_HOME });
    expect(add.stderr).not.toContain('skillbench:');
    expect(add.code).toBe(0);
  }, scaled(20 * 60_000));

  it('hosts lists the installed version, the binary from its platform package', async () => {
    const listed = JSON.parse((await cli(['hosts', '--json'], { home: CACHE_HOME, env: { PATH: '/usr/bin:/bin' } })).stdout);
    const cc = listed.hosts.find((h: { id: string; version: string }) => h.id === 'claude-code' && h.version === PINNED);
    expect(cc).toMatchObject({ source: 'home', found: true, proxied: true });
    expect(cc.path).toBe(path.join(CACHE_HOME, 'hosts', `claude-code@${PINNED}`, 'node_modules', '@anthropic-ai', `claude-code-${process.platform}-${process.arch}`, 'claude'));
    expect(listed.hosts.filter((h: { id: string }) => h.id !== 'claude-code').map((h: { id: string; found: boolean; proxied: boolean }) => [h.id, h.found, h.proxied])).toEqual([
      ['codex', false, false],
      ['gemini-cli', false, false],
    ]);
  });

  it("host-view with no model: the skill's catalog entry as Claude Code words it, its built-in skills beside it, none of the user's home, the scratch project removed", async ({ cleanup }) => {
    const skills = cleanup.tempDir();
    const pdf = skillFolder(skills, 'pdf', 'Extract text and tables from PDF files. Use when the user gives a PDF.');
    // The user's own ~/.claude, with a skill of theirs and settings: the host must read none of it.
    const userHome = cleanup.tempDir();
    skillFolder(path.join(userHome, '.claude', 'skills'), 'users-own-skill', 'A skill in the real home.');
    fs.writeFileSync(path.join(userHome, '.claude', 'settings.json'), JSON.stringify({ env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } }));
    const tmp = cleanup.tempDir();
    const r = await cli(['host-view', pdf, '--host', `claude-code@${PINNED}`, '--json'], { home: CACHE_HOME, env: { HOME: userHome, TMPDIR: tmp, ANTHROPIC_API_KEY: 'sk-ant-users-real-key' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const view = JSON.parse(r.stdout);
    expect(view.host).toMatchObject({ id: 'claude-code', version: PINNED });
    expect(view.catalogIn).toBe('system message');
    expect(view.entry).toMatchObject({ name: 'pdf', text: '- pdf: Extract text and tables from PDF files. Use when the user gives a PDF.' });
    expect(view.entry.tokens).toBeGreaterThan(10);
    // Claude Code's own skills compete with it; the user's real home gave none.
    const names = view.competing.map((l: { name: string }) => l.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('pdf');
    expect(names).not.toContain('users-own-skill');
    expect(view.tools.map((t: { name: string }) => t.name)).toContain('Skill');
    expect(view.system.tokens).toBeGreaterThan(100);
    expect(view.activated).toEqual([]);
    expect(view.kept).toBeNull();
    expect(fs.readdirSync(tmp)).toEqual([]);
    expect(r.stdout).not.toContain(SCRIPTED_TEXT);
    expect(r.stdout).not.toContain('sk-ant-users-real-key');

    const text = await cli(['host-view', pdf, '--host', 'claude-code'], { home: CACHE_HOME, env: { HOME: userHome, TMPDIR: tmp } });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^claude-code ${PINNED.replace(/\./g, '\\.')} sent its model \\(1 request, \\d+ ms\\):\\n  pdf, as listed \\(\\d+ tokens, in the system message\\):\\n    - pdf: Extract text`));
    expect(text.stdout).toMatch(/It competes with \d+ other entr(y|ies)/);
  });

  it('--keep leaves the scratch project: the skill where Claude Code reads it, a home of its own', async ({ cleanup }) => {
    const pdf = skillFolder(cleanup.tempDir(), 'pdf', 'Extract text from PDF files.');
    const tmp = cleanup.tempDir();
    const view = JSON.parse((await cli(['host-view', pdf, '--host', 'claude-code', '--keep', '--json'], { home: CACHE_HOME, env: { TMPDIR: tmp } })).stdout);
    expect(path.dirname(view.kept)).toBe(tmp);
    expect(fs.readFileSync(path.join(view.kept, 'project', '.claude', 'skills', 'pdf', 'SKILL.md'), 'utf8')).toContain('name: pdf');
    expect(fs.existsSync(path.join(view.kept, 'home', '.claude'))).toBe(true);
  });

  it("with a model: the proxy forwards with the user's key, Claude Code's Skill call is read from its output, and the run replays offline from its recording", async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    server.reply({ toolCalls: [{ name: 'Skill', arguments: { skill: 'pdf' } }] });
    server.respond(() => ({ text: 'Done.' }));
    const pdf = skillFolder(cleanup.tempDir(), 'pdf', 'Extract text and tables from PDF files.');
    const rec = path.join(cleanup.tempDir(), 'host-run.jsonl');
    const env = { TMPDIR: cleanup.tempDir(), SKB_TEST_KEY: 'sk-ant-the-real-key' };
    const model = ['--model', 'scripted-large', '--provider', 'anthropic', '--base-url', server.anthropicBaseUrl, '--api-key-env', 'SKB_TEST_KEY'];
    const live = await cli(['host-view', pdf, '--host', 'claude-code', '--query', 'Summarise report.pdf', ...model, '--record', rec, '--json'], { home: CACHE_HOME, env });
    expect(live.stderr).toBe('');
    const view = JSON.parse(live.stdout);
    expect(view.activated).toEqual(['pdf']);
    expect(view.requests).toBeGreaterThanOrEqual(2);
    const [first, second] = server.chats();
    expect(first.query).toBe('?beta=true');
    expect(first.headers['x-api-key']).toBe('sk-ant-the-real-key');
    expect(first.body.model).toBe('scripted-large');
    expect(first.body.stream).toBe(true);
    // Claude Code's shape: the user's message, then a system role message holding the skill catalog.
    const roles = first.body.messages.map((m: { role: string }) => m.role);
    expect(roles.slice(0, 2)).toEqual(['user', 'system']);
    // After the Skill call, the skill's body went back to the model.
    expect(JSON.stringify(second.body.messages)).toContain('Run pdftotext on the file');
    expect(fs.readFileSync(rec, 'utf8')).not.toContain('sk-ant-the-real-key');

    await server.close();
    const replayed = await cli(['host-view', pdf, '--host', 'claude-code', '--query', 'Summarise report.pdf', '--cassette', rec, '--json'], { home: CACHE_HOME, env: { TMPDIR: env.TMPDIR } });
    expect(replayed.stderr).toBe('');
    expect(JSON.parse(replayed.stdout)).toMatchObject({ activated: ['pdf'], entry: view.entry });
  });

  it("eval --host: each query through Claude Code, what it activated read from its output, the simulator's pick on the same model beside it", async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    // One model for both: a request that mentions invoice.pdf and has no tool result yet calls Skill pdf; any other is answered in words.
    server.respond((req) => {
      const said = JSON.stringify(req.body?.messages ?? []);
      return said.includes('invoice.pdf') && !said.includes('tool_result') && !said.includes('"role":"tool"') ? { toolCalls: [{ name: 'Skill', arguments: { skill: 'pdf' } }] } : { text: 'Done.' };
    });
    const root = cleanup.tempDir();
    skillFolder(path.join(root, 'skills'), 'pdf', 'Extract text and tables from PDF files.');
    skillFolder(path.join(root, 'skills'), 'sheet-tidy', 'Tidy spreadsheets: headers, types, blank rows.');
    const suite = path.join(root, 'triggers.yaml');
    fs.writeFileSync(suite, 'kind: trigger\nname: pdf triggers\nskills: [skills]\nruns: 2\nqueries:\n  - {query: "Extract the tables from invoice.pdf", should: pdf}\n  - {query: "What is 2 + 2?", should: none}\n');
    const model = ['--model', 'scripted-large', '--provider', 'anthropic', '--base-url', server.anthropicBaseUrl];
    const r = await cli(['eval', suite, '--host', 'claude-code', ...model, '--json'], { home: CACHE_HOME, env: { TMPDIR: cleanup.tempDir(), ANTHROPIC_API_KEY: 'sk-ant-key' } });
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout);
    expect(report.queries.map((q: { query: string; expected: string | null; activated: unknown[]; simulator: unknown[] }) => [q.query, q.expected, q.activated, q.simulator])).toEqual([
      ['Extract the tables from invoice.pdf', 'pdf', ['pdf', 'pdf'], ['pdf', 'pdf']],
      ['What is 2 + 2?', null, [null, null], [null, null]],
    ]);
    expect(report.summary).toEqual({ triggerRate: 0.5, precision: 1, recall: 1, agreement: 1 });
    expect(report.host).toEqual({ id: 'claude-code', version: PINNED });
    expect(report.exitCode).toBe(0);
    // Claude Code's runs went through the proxy: its requests are the ones with its system role message.
    expect(server.chats().filter((c) => c.query === '?beta=true').length).toBeGreaterThanOrEqual(4);
    const text = await cli(['eval', suite, '--host', 'claude-code', ...model, '--runs', '1'], { home: CACHE_HOME, env: { TMPDIR: cleanup.tempDir(), ANTHROPIC_API_KEY: 'sk-ant-key' } });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('✓ #1 "Extract the tables from invoice.pdf" (expects pdf): the host activated pdf; the simulator picked pdf');
    expect(text.stdout).toContain('the host and the simulator agreed in 100% of runs.');
  });

  it('skillbench mcp --install claude-code: Claude Code itself reads the entry from its own file and connects to the skill', async ({ cleanup }) => {
    const userHome = cleanup.tempDir();
    const gas = path.join(__dirname, '..', 'resources', 'examples', 'gas-estimator');
    const add = await cli(['mcp', gas, '--install', 'claude-code'], { env: { HOME: userHome, SKILLBENCH_HOME: cleanup.tempDir() } });
    expect(add.code, add.stderr).toBe(0);
    const claude = path.join(CACHE_HOME, 'hosts', `claude-code@${PINNED}`, 'node_modules', '@anthropic-ai', `claude-code-${process.platform}-${process.arch}`, 'claude');
    // `claude mcp get` starts the server as Claude Code does, to say whether it connects; no model is asked.
    const r = await runOneShot({ spec: { command: claude, args: ['mcp', 'get', 'gas-estimator'], cwd: userHome, env: { PATH: process.env.PATH, HOME: userHome, CLAUDE_CONFIG_DIR: userHome } }, input: '', timeoutMs: scaled(60_000), maxStdoutBytes: 65536 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Scope: User config (available in all your projects)');
    expect(r.stdout).toMatch(/Status: ✔ Connected/);
  });
});
