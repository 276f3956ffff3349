/**
 * A skill that fails in its own code once it is imported says where, as a failed import does: a skill dying in
 * on_load ("'OtterState' object has no attribute 'model_copy'", as on a too-old pydantic) could not be loaded,
 * with the hook, the skill's file and line, and the exception; so does a failing setup wizard, and a failed
 * call in the command line. Real Python processes on the bundled SDK. An SDK that logs no traceback (the
 * original one) still gets the hook named.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { resolveSkill } from '../src-main/protocols/discover';
import { failedHook } from '../src-main/protocols/skilldef/failed-hook';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { FIXTURES } from './helpers';

const SKILLDEF = path.join(FIXTURES, 'skilldef');
const ON_LOAD = path.join(SKILLDEF, 'fails-on-load');

describe('a failure in the skill’s own code names the hook, the file and the line', () => {
  it('on_load: the start fails as a load failure, in one line, with the innermost frame of the skill', async ({ cleanup }) => {
    const rt = cleanup.add(new SkillRuntime(resolveSkill(ON_LOAD), { home: cleanup.tempDir(), restart: { enabled: false } }));
    const failed = await rt.start().then(() => null, (e: Error) => e);
    expect(failed?.message).toBe(
      `fails-on-load could not be loaded: on_load failed (at ${path.join(ON_LOAD, 'state.py')}, line 11): AttributeError: 'OtterState' object has no attribute 'model_copy'`,
    );
    // A load failure fails the same way each time: not restarted.
    expect(rt.adapter.status()).toBe('crashed');
  });

  it('the command line prints that line; a failed call adds where the tool failed', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const r = await cli(['inspect', ON_LOAD], { home });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`on_load failed (at ${path.join(ON_LOAD, 'state.py')}, line 11): AttributeError:`);
    const raises = path.join(SKILLDEF, 'raises');
    const call = await cli(['call', raises, 'convert', '--args', '{}'], { home });
    expect(call.stderr.split('\n').slice(0, 2)).toEqual([
      "raises: convert failed: ValueError: could not convert string to float: 'ten'",
      `  at ${path.join(raises, 'skill.py')}, line 13, in parse_amount`,
    ]);
  });

  it('a syntax error is said once, in one sentence with its file and line: the launcher\'s line, though the code and a caret follow it', async ({ cleanup }) => {
    const dir = path.join(SKILLDEF, 'syntax-error');
    const r = await cli(['call', dir, 'anything', '--args', '{}'], { home: cleanup.tempDir() });
    expect(r.code).not.toBe(0);
    const first = r.stderr.split('\n')[0];
    expect(first).toMatch(new RegExp(`^skillbench: \\S+ could not be loaded: syntax error in ${path.join(dir, 'skill.py').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, line 5: `));
    expect(r.stderr).not.toContain('skillbench: skillbench:');
    expect(r.stderr).not.toContain(': skillbench: ');
  });

  it('setup: on_setup_start failing in the skill says so', async ({ cleanup }) => {
    const dir = path.join(SKILLDEF, 'fails-in-setup');
    const rt = cleanup.add(new SkillRuntime(resolveSkill(dir), { home: cleanup.tempDir(), restart: { enabled: false } }));
    await rt.start();
    const failed = await rt.adapter.setup!.start().then(() => null, (e: Error) => e);
    expect(failed?.message).toBe(`on_setup_start failed (at ${path.join(dir, 'skill.py')}, line 9): KeyError: 'credentials'`);
  });

  it('without a traceback of this failure (an SDK that logs none, or another failure’s) the hook alone is named', () => {
    const dir = '/skills/otter';
    const earlier = ['skillbench: tools/call failed:', 'Traceback (most recent call last):', `  File "${dir}/skill.py", line 3, in t`, 'ValueError: other'];
    expect(failedHook('skill/load', 'boom', [], dir)).toBe('on_load failed: boom');
    expect(failedHook('skill/load', 'boom', earlier, dir)).toBe('on_load failed: boom');
    // A multi-line message (pydantic's) is matched on its first line and kept whole.
    const own = ['skillbench: skill/tick failed:', 'Traceback (most recent call last):', `  File "${dir}/sync.py", line 40, in pull`, '    x = y', 'ValueError: 2 errors', '  field a'];
    expect(failedHook('skill/tick', '2 errors\n  field a', [...earlier, ...own], dir)).toBe(`on_tick failed (at ${dir}/sync.py, line 40): ValueError: 2 errors\n  field a`);
  });
});
