/**
 * A sandboxed namel3ss tool that tries to outlast its sandbox (tests/fixtures/sandbox-persistence): it rewrites
 * its own bindings to drop `sandbox: true`, rewrites an unsandboxed sibling's module, plants `sitecustomize.py`
 * and stdlib-named modules in the app, and plants the same in its own workspace; files already in the app
 * (a `sitecustomize.py`, a `json.py`, an `encodings` package) must not run before the runner confines a call.
 * Each planted file, if it ever runs, leaves a marker in a folder outside the app that no sandboxed call may write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { confineSupport } from '../src-main/host/confine';
import { namel3ssProtocol, type Namel3ssSkill } from '../src-main/protocols/namel3ss';
import { toolWorkspace, workspacesFolder } from '../src-main/protocols/namel3ss/plan';
import { FIXTURES } from './helpers';
import { scaled } from './machine-factor';

const T = { timeout: scaled(120_000) };
const linux = process.platform === 'linux' && confineSupport().landlockAbi >= 4;

interface Rig {
  skill: Namel3ssSkill;
  dir: string;
  outside: string;
  workspace: (tool: string) => string;
  /** The markers planted code left: empty while nothing planted ran outside a sandbox. */
  markers: () => string[];
}

function rig(cleanup: Cleanup): Rig {
  const dir = path.join(cleanup.tempDir(), 'persistence-app');
  fs.cpSync(path.join(FIXTURES, 'sandbox-persistence'), dir, { recursive: true });
  const outside = cleanup.tempDir();
  const home = cleanup.tempDir();
  const [ref] = namel3ssProtocol.detect(dir, path.dirname(dir));
  const skill = namel3ssProtocol.create(ref, { logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home, env: {} }) as Namel3ssSkill;
  return { skill, dir, outside, workspace: (tool) => toolWorkspace(workspacesFolder(home, ref.id), tool), markers: () => fs.readdirSync(outside).filter((f) => f.startsWith('ran-')) };
}

function results(out: { data?: unknown }): Record<string, string> {
  return (out.data as { results: Record<string, string> }).results;
}

function planter(outside: string, name: string): string {
  return `open(${JSON.stringify(path.join(outside, `ran-${name}`))}, 'w').close()\n`;
}

describe.runIf(linux)('a sandboxed tool that tries to undo its own sandbox', () => {
  it('cannot drop sandbox: true from its bindings, so its next call is as confined as its first', T, async ({ cleanup }) => {
    const { skill, dir, outside, markers } = rig(cleanup);
    const bindings = fs.readFileSync(path.join(dir, '.namel3ss', 'tools.yaml'), 'utf8');
    for (let call = 1; call <= 2; call++) {
      const out = await skill.call('undo sandbox', { outside });
      expect(out.error).toBeUndefined();
      expect(out.trace?.enforcement).toMatch(/^isolated: no writes outside its workspace and a private temporary folder \(Landlock\)/);
      expect(Object.entries(results(out)).filter(([, v]) => !v.startsWith('blocked'))).toEqual([]);
    }
    expect(fs.readFileSync(path.join(dir, '.namel3ss', 'tools.yaml'), 'utf8')).toBe(bindings);
    expect(fs.existsSync(path.join(outside, 'escaped.txt'))).toBe(false);
    // Its unsandboxed sibling still runs its own code.
    expect(await skill.call('plain', { outside })).toMatchObject({ ok: true, data: { results: { ran: true } } });
    expect(markers()).toEqual([]);
  });

  it('plants in its workspace only, which no later run imports', T, async ({ cleanup }) => {
    const { skill, dir, outside, workspace, markers } = rig(cleanup);
    const planted = await skill.call('plant in workspace', { outside });
    expect(planted.error).toBeUndefined();
    expect(Object.values(results(planted)).every((v) => v === 'done')).toBe(true);
    expect(fs.readdirSync(workspace('plant in workspace')).sort()).toEqual(['evil.pth', 'json.py', 'plain.py', 'sitecustomize.py', 'tools']);
    expect(fs.existsSync(path.join(dir, 'sitecustomize.py'))).toBe(false);
    expect(path.relative(dir, workspace('plant in workspace')).startsWith('..')).toBe(true);
    expect(await skill.call('plain', { outside })).toMatchObject({ ok: true, data: { results: { ran: true } } });
    expect((await skill.call('undo sandbox', { outside })).error).toBeUndefined();
    expect(markers()).toEqual([]);
  });
});

describe('files in the app that the runner would import before confining a call', () => {
  it('never run at start-up: sitecustomize.py, usercustomize.py and stdlib-named modules stay the app\'s, imported by no one', T, async ({ cleanup }) => {
    const { skill, dir, outside, markers } = rig(cleanup);
    for (const name of ['sitecustomize.py', 'usercustomize.py', 'json.py', 'ctypes.py', 'encodings/__init__.py', 'namel3ss_isolate.py', 'skillbench_landlock.py']) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), planter(outside, name.split('/')[0]));
    }
    // The unsandboxed tool and the sandboxed one both answer, with the runner's own imports intact.
    expect(await skill.call('plain', { outside })).toMatchObject({ ok: true, data: { results: { ran: true } } });
    const boxed = await skill.call('undo sandbox', { outside });
    expect(boxed.error).toBeUndefined();
    if (linux) expect(boxed.trace?.enforcement).toMatch(/^isolated: /);
    expect(markers()).toEqual([]);
  });
});
