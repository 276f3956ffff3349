/**
 * A skill's environment (protocols/skill-env.ts): a variable of the workbench's own environment does not
 * reach a skill, unless the skill's manifest lists it or its settings say "inherit everything"; the safe
 * defaults and the skill's settings (plain and secret) always do. Real Python processes of every protocol.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { runDoctor } from '../src-main/authoring/doctor';
import { envReads } from '../src-main/authoring/checks/env-reads';
import { defaultEnvironment, skillEnvironment } from '../src-main/protocols/skill-env';
import { Workbench } from '../src-main/workbench/workbench';

const SHELL = 'SKILLENV_SHELL';
const LISTED = 'SKILLENV_LISTED';
const NAMES = [SHELL, 'SKILLENV_PLAIN', 'FROM_MANIFEST', 'PATH', 'HOME'];
const SECRET = 'sekrit-value-42';
const sha = (v: string) => createHash('sha256').update(v).digest('hex');
const SECRET_SHA = sha(SECRET);
const LISTED_SHA = sha('listed-value');

beforeAll(() => {
  // What a user's shell holds: a token nobody asked the skill to get, and one its manifest lists.
  process.env[SHELL] = 'shell-token';
  process.env[LISTED] = 'listed-value';
});
afterAll(() => {
  delete process.env[SHELL];
  delete process.env[LISTED];
});

// Secrets as hashes: their values themselves would be (rightly) masked in the answer.
const hashed = (n: string) => `(__import__("hashlib").sha256(os.environ["${n}"].encode()).hexdigest() if "${n}" in os.environ else None)`;
const READ = `dict({n: os.environ.get(n) for n in ${JSON.stringify(NAMES)}}, secret_sha256=${hashed('SKILLENV_SECRET')}, listed_sha256=${hashed(LISTED)})`;

function write(dir: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** One skill of each protocol, each with a tool "env" that answers what it sees of NAMES. */
function skills(cleanup: Cleanup): string {
  const parent = cleanup.tempDir('skillbench-env-');
  write(path.join(parent, 'rpc-env'), {
    'manifest.json': JSON.stringify({ name: 'rpc-env', runtime: { type: 'subprocess', command: 'python3', args: ['skill.py'], env: { FROM_MANIFEST: 'm' } } }),
    'skill.py': [
      'import json, os, sys',
      'for line in sys.stdin:',
      '    req = json.loads(line)',
      '    m = req.get("method")',
      '    if m == "initialize":',
      '        result = {"name": "rpc-env", "tools": [{"name": "env", "parameters": {"type": "object"}}]}',
      '    elif m == "tools/call":',
      `        result = {"content": json.dumps(${READ})}`,
      '    else:',
      '        result = {}',
      '    print(json.dumps({"jsonrpc": "2.0", "id": req.get("id"), "result": result}), flush=True)',
      '    if m == "shutdown":',
      '        break',
    ].join('\n'),
  });
  write(path.join(parent, 'def-env'), {
    'manifest.json': JSON.stringify({ id: 'def-env', name: 'def-env', runtime: 'python', entry: 'skill.py', env: [LISTED] }),
    'skill.py': [
      'import json, os',
      'from dev.types.skill_types import SkillDefinition, SkillTool, ToolDefinition, ToolResult',
      'async def env(args):',
      `    return ToolResult(content=json.dumps(${READ}))`,
      'skill = SkillDefinition(name="def-env", description="env", version="0.1.0", tools=[',
      '    SkillTool(definition=ToolDefinition(name="env", description="What it sees", parameters={"type": "object", "properties": {}}), execute=env)])',
    ].join('\n'),
  });
  write(path.join(parent, 'agent-env'), {
    'agent.yaml': ['name: agent-env', 'skills:', '  - name: act-env', '    entry: .claude/skills/act_env.py', `secrets: [${LISTED}]`].join('\n'),
    '.claude/skills/act_env.py': ['import json, os, sys', 'json.load(sys.stdin)', `print(json.dumps({"success": True, "data": ${READ}}))`].join('\n'),
  });
  write(path.join(parent, 'n3-env'), {
    'app.ai': ['tool "env":', '  implemented using python', '', '  input:', '    x is text', '', '  output:', '    seen is json'].join('\n'),
    '.namel3ss/tools.yaml': ['tools:', '  "env":', '    kind: "python"', '    entry: "tools.env:run"'].join('\n'),
    'tools/__init__.py': '',
    'tools/env.py': ['import os', 'def run(payload):', `    return {"seen": ${READ}}`].join('\n'),
  });
  return parent;
}

async function bench(cleanup: Cleanup) {
  const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [skills(cleanup)], namedFolders: true }));
  const list = await wb.listSkills();
  const id = (name: string) => list.find((s) => s.name === name)!.id;
  return { wb, id };
}

/** What the skill's "env" tool saw. */
async function seen(wb: Workbench, id: string): Promise<Record<string, string | null>> {
  const r = await wb.callTool(id, 'env', { x: '' });
  expect(r.outcome?.error).toBeUndefined();
  const o = r.outcome!;
  const v = (o.data ?? JSON.parse(o.text ?? 'null')) as Record<string, unknown>;
  return ((v && 'seen' in v ? v.seen : v) ?? {}) as Record<string, string | null>;
}

describe('a skill gets an explicit environment', () => {
  // it.for, not it.each: only it.for hands the test its context (the cleanup fixture).
  it.for<[string, boolean]>([
    ['rpc-env', false],
    ['def-env', true],
    ['act-env', true],
    ['n3-env', false],
  ])('%s: the shell token stays out, PATH comes in, a listed name comes in only where listed (%s)', async ([name, listed], { cleanup }) => {
    const { wb, id } = await bench(cleanup);
    const env = await seen(wb, id(name));
    expect(env[SHELL]).toBeNull();
    // (A pyenv shim puts its own folders first.)
    expect(env.PATH).toContain(process.env.PATH);
    expect(env.HOME).toBe(process.env.HOME);
    expect(env.listed_sha256).toBe(listed ? LISTED_SHA : null);
    if (name === 'rpc-env') expect(env.FROM_MANIFEST).toBe('m');
  });

  it.for(['rpc-env', 'def-env', 'act-env', 'n3-env'])('%s: its settings, plain and secret, reach it; "inherit everything" brings the shell token', async (name, { cleanup }) => {
    const { wb, id } = await bench(cleanup);
    const sid = id(name);
    await wb.updateSkillSettings(sid, { env: { SKILLENV_PLAIN: 'plain' }, secretValues: { SKILLENV_SECRET: SECRET } });
    await wb.restartSkill(sid).catch(() => undefined);
    let env = await seen(wb, sid);
    expect([env.SKILLENV_PLAIN, env.secret_sha256, env[SHELL]]).toEqual(['plain', SECRET_SHA, null]);

    const saved = await wb.updateSkillSettings(sid, { inheritEnv: true });
    expect(saved.inheritEnv).toBe(true);
    expect((await wb.getSkillSettings(sid)).inheritEnv).toBe(true);
    await wb.restartSkill(sid).catch(() => undefined);
    env = await seen(wb, sid);
    expect([env[SHELL], env.listed_sha256, env.SKILLENV_PLAIN, env.secret_sha256]).toEqual(['shell-token', LISTED_SHA, 'plain', SECRET_SHA]);

    // Off again: the token is gone at the next start.
    await wb.updateSkillSettings(sid, { inheritEnv: false });
    await wb.restartSkill(sid).catch(() => undefined);
    expect((await seen(wb, sid))[SHELL]).toBeNull();
  });

  it('refuses an inherit setting that is not true or false, and keeps what was saved', async ({ cleanup }) => {
    const { wb, id } = await bench(cleanup);
    await expect(wb.updateSkillSettings(id('rpc-env'), { inheritEnv: 'yes' as unknown as boolean })).rejects.toThrow(/on or off/);
    expect((await wb.getSkillSettings(id('rpc-env'))).inheritEnv).toBeUndefined();
  });
});

describe('the rule itself', () => {
  it('passes the safe defaults and locale categories, never a shell function, and the skill own values over all', () => {
    const source = { PATH: '/bin', HOME: '/h', LC_TIME: 'de_DE.UTF-8', TMPDIR: '/t', GITHUB_TOKEN: 'x', SHELL: '() { evil; }', APPDATA: 'C:\\a' };
    expect(defaultEnvironment(source, 'linux')).toEqual({ PATH: '/bin', HOME: '/h', LC_TIME: 'de_DE.UTF-8', TMPDIR: '/t' });
    expect(defaultEnvironment(source, 'win32')).toEqual({ PATH: '/bin', APPDATA: 'C:\\a' });
    const env = skillEnvironment({ source, listed: ['GITHUB_TOKEN', 'NOT_SET'], own: { PATH: '/own' } });
    expect(env.GITHUB_TOKEN).toBe('x');
    expect('NOT_SET' in env).toBe(false);
    expect(env.PATH).toBe('/own');
    expect([env.PYTHONUNBUFFERED, env.PYTHONIOENCODING]).toEqual(['1', 'utf-8']);
  });

  it('passes on the way out to the network (proxies, extra certificate authorities) on every platform', () => {
    const source = { HTTPS_PROXY: 'http://proxy:3128', no_proxy: 'localhost', NODE_EXTRA_CA_CERTS: '/etc/corp.pem', SSL_CERT_FILE: '/etc/ca.pem', OPENAI_API_KEY: 'k' };
    const want = { HTTPS_PROXY: 'http://proxy:3128', no_proxy: 'localhost', NODE_EXTRA_CA_CERTS: '/etc/corp.pem', SSL_CERT_FILE: '/etc/ca.pem' };
    expect(defaultEnvironment(source, 'linux')).toEqual(want);
    expect(defaultEnvironment(source, 'win32')).toEqual(want);
  });
});

describe('the doctor warns of a variable the skill reads but will not get', () => {
  const SOURCE = [
    'import os',
    'from os import getenv',
    'from dev.types.skill_types import SkillDefinition',
    'TOKEN = os.environ["MY_TOKEN"]',
    'URL = os.environ.get("API_URL")',
    'LEVEL = os.getenv("LOG_LEVEL", "info")',
    'LISTED = os.environ.get("SKILLENV_LISTED")',
    'PLAIN = getenv("FROM_SETTINGS")',
    'HOME = os.environ["HOME"]',
    '# OLD = os.environ["COMMENTED_OUT"]',
    'os.environ["SET_HERE"] = "1"',
    'AGAIN = os.environ["SET_HERE"]',
    'skill = SkillDefinition(name="reader", description="reads", version="0.1.0", tools=[])',
  ].join('\n');

  function reader(cleanup: Cleanup): string {
    return write(path.join(cleanup.tempDir('skillbench-env-doctor-'), 'reader'), {
      'manifest.json': JSON.stringify({ id: 'reader', name: 'reader', runtime: 'python', entry: 'skill.py', env: [LISTED] }),
      'skill.py': SOURCE,
    });
  }

  it('reads with literal names are found, with their lines; reads with a default, writes and comments are not', () => {
    expect(envReads(SOURCE)).toEqual([
      { name: 'MY_TOKEN', line: 4 },
      { name: 'API_URL', line: 5 },
      { name: LISTED, line: 7 },
      { name: 'FROM_SETTINGS', line: 8 },
      { name: 'HOME', line: 9 },
    ]);
  });

  it('names neither safe, listed nor in the settings are warnings in plain words; inheriting everything silences them', async ({ cleanup }) => {
    const dir = reader(cleanup);
    const report = await runDoctor(dir, { live: false, settingsEnv: () => ({ own: ['FROM_SETTINGS'], inherit: false }) });
    const warned = report.findings.filter((f) => f.code === 'ENV_NOT_GIVEN');
    expect(warned.map((f) => [f.file, f.line, f.severity])).toEqual([
      ['skill.py', 4, 'warning'],
      ['skill.py', 5, 'warning'],
    ]);
    expect(warned[0].message).toContain('reads MY_TOKEN from its environment, which it will not get');
    expect(warned[0].fix).toContain("Add MY_TOKEN to the manifest's env list, or give it a value in the skill's settings");
    expect(warned[0].title).toBe('The skill reads a variable it will not get');
    expect(report.ok).toBe(true);

    const inheriting = await runDoctor(dir, { live: false, settingsEnv: () => ({ own: [], inherit: true }) });
    expect(inheriting.findings.filter((f) => f.code === 'ENV_NOT_GIVEN')).toEqual([]);
  });

  it("in the app, the doctor reads the skill's own settings", async ({ cleanup }) => {
    const dir = reader(cleanup);
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [path.dirname(dir)], namedFolders: true }));
    const [skill] = await wb.listSkills();
    const names = async () => (await wb.authoring.runDoctor(skill.id)).findings.filter((f) => f.code === 'ENV_NOT_GIVEN').map((f) => f.line);
    expect(await names()).toEqual([4, 5, 8]);
    await wb.updateSkillSettings(skill.id, { env: { FROM_SETTINGS: 'x' }, secretValues: { MY_TOKEN: 'tok-123456789' } });
    expect(await names()).toEqual([5]);
    await wb.updateSkillSettings(skill.id, { inheritEnv: true });
    expect(await names()).toEqual([]);
  });
});
