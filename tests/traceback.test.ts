/**
 * The stderr box's traceback reader (src-main/common/traceback.ts) on tracebacks a real skill prints:
 * a SkillDefinition skill (tests/fixtures/skilldef/raises) failing in its own code under the bundled SDK,
 * plain and chained both ways, as a failed call's stderr tail carries them. The skill's frames are told
 * from the SDK's by its folder, and the exception and the author's line come first.
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import type { CallOutcome } from '../src-main/contract';
import { resolveSkill } from '../src-main/protocols/discover';
import { SkillRuntime } from '../src-main/runtime/skill-runtime';
import { foldLabel, frameRows, parseStderr, shortFile, type RaisedException, type StderrPiece } from '../src-main/common/traceback';
import { FIXTURES } from './helpers';

const DIR = path.join(FIXTURES, 'skilldef', 'raises');

/** The last traceback's chain: a tail holds earlier calls' tracebacks too, the failed call's comes last. */
function chainOf(pieces: StderrPiece[]): RaisedException[] {
  const last = pieces.findLast((p) => p.kind === 'traceback');
  expect(last).toBeDefined();
  return last?.kind === 'traceback' ? last.chain : [];
}

/** "skill.py:13 parse_amount" for the skill's frames, "fold N" for the rest, innermost first. */
function rows(e: RaisedException): string[] {
  return frameRows(e.frames).map((r) => (r.kind === 'frame' ? `${shortFile(r.frame.file, DIR)}:${r.frame.line} ${r.frame.func}` : foldLabel(r.frames)));
}

describe('reading a failed call’s stderr', () => {
  it('real tracebacks of a skill under the SDK: the exception, the skill’s frames first, the SDK’s folded', async ({ cleanup }) => {
    const rt = cleanup.add(new SkillRuntime(resolveSkill(DIR), { home: cleanup.tempDir(), restart: { enabled: false } }));
    await rt.start();
    const tails: Record<string, string[]> = {};
    for (const tool of ['convert', 'convert_checked', 'convert_fallback']) {
      const o: CallOutcome = await rt.call(tool, {});
      expect(o.ok).toBe(false);
      tails[tool] = o.stderrTail ?? [];
    }

    // The call's error opens with the exception's type, as Python prints it: a KeyError's message alone is the key.
    const rate = await rt.call('rate', {});
    expect(rate.error?.message).toBe("KeyError: 'XYZ'");

    // A plain one: ValueError in parse_amount, called by convert, under six frames of the SDK.
    const plain = chainOf(parseStderr(tails.convert, DIR));
    expect(plain).toHaveLength(1);
    expect(plain[0].exception).toEqual(["ValueError: could not convert string to float: 'ten'"]);
    expect(plain[0].cut).toBeUndefined();
    expect(rows(plain[0])).toEqual(['skill.py:13 parse_amount', 'skill.py:17 convert', '6 frames in the SDK']);
    expect(plain[0].frames.find((f) => f.func === 'parse_amount')!.code[0]).toBe('return float(text)');

    // Raised from a KeyError: the cause is printed first, linked to the one that followed.
    const caused = chainOf(parseStderr(tails.convert_checked, DIR));
    expect(caused.map((e) => [e.exception[0], e.after])).toEqual([
      ["KeyError: 'XYZ'", undefined],
      ['RuntimeError: no rate for XYZ', 'cause'],
    ]);
    expect(rows(caused[0])).toEqual(['skill.py:9 rate_for', 'skill.py:24 convert_checked']);
    expect(rows(caused[1])).toEqual(['skill.py:26 convert_checked', '6 frames in the SDK']);

    // Raised while handling a KeyError.
    const during = chainOf(parseStderr(tails.convert_fallback, DIR));
    expect(during.map((e) => [e.exception[0], e.after])).toEqual([
      ["KeyError: 'XYZ'", undefined],
      ["ValueError: could not convert string to float: 'n/a'", 'context'],
    ]);
    expect(rows(during[1])).toEqual(['skill.py:13 parse_amount', 'skill.py:34 convert_fallback', '6 frames in the SDK']);

    // The tail of a later failed call holds earlier calls' tracebacks too (the first of them cut); its own is last, and whole.
    const all = parseStderr(tails.convert_fallback, DIR).filter((p) => p.kind === 'traceback');
    expect(all.length).toBeGreaterThan(1);
    expect(all.at(-1)!.chain[0].cut).toBeUndefined();
    // The lines around the tracebacks stay, as text.
    const text = parseStderr(tails.convert_fallback, DIR).filter((p) => p.kind === 'text').flatMap((p) => (p.kind === 'text' ? p.lines : []));
    expect(text).toContain('skillbench: tools/call failed:');

    // A tail that begins inside a traceback is read from its first whole frame, and says so.
    const start = tails.convert.findIndex((l) => l.includes('methods.py'));
    const cut = chainOf(parseStderr(tails.convert.slice(start + 1), DIR));
    expect(cut[0].cut).toBe(true);
    expect(rows(cut[0])).toEqual(['skill.py:13 parse_amount', 'skill.py:17 convert', '2 frames in the SDK']);
  });

  it('frames of Python, of libraries and of a .venv in the skill’s folder are not the skill’s; text alone stays text', () => {
    const lines = [
      'Traceback (most recent call last):',
      '  File "<frozen runpy>", line 198, in _run_module_as_main',
      '  File "/usr/lib/python3.11/asyncio/base_events.py", line 653, in run_until_complete',
      '    return future.result()',
      '  File "/skills/demo/.venv/lib/python3.11/site-packages/httpx/_client.py", line 10, in get',
      '    raise ConnectError(msg)',
      '  File "/skills/demo/tools/fetch.py", line 4, in fetch',
      '    return helper()',
      '  File "tools/helper.py", line 2, in helper',
      '    1 / 0',
      '  [Previous line repeated 2 more times]',
      'pydantic_core._pydantic_core.ValidationError: 1 validation error for Quote',
      'amount',
      '  Input should be a valid number [type=float_parsing]',
      '[skill] a line logged after it',
      '',
      'after the traceback',
    ];
    const pieces = parseStderr(lines, '/skills/demo');
    const chain = chainOf(pieces);
    expect(chain[0].frames.map((f) => f.owner)).toEqual(['python', 'python', 'library', 'skill', 'skill']);
    expect(chain[0].frames[4].code).toEqual(['1 / 0', '[Previous line repeated 2 more times]']);
    expect(rows(chain[0]).slice(2)).toEqual(['3 frames in libraries and Python']);
    // A message may run over lines; a line that starts a new record ends it.
    expect(chain[0].exception).toEqual(['pydantic_core._pydantic_core.ValidationError: 1 validation error for Quote', 'amount', '  Input should be a valid number [type=float_parsing]']);
    expect(pieces.at(-1)).toEqual({ kind: 'text', lines: ['[skill] a line logged after it', '', 'after the traceback'] });
    expect(parseStderr(['just a line', '  indented'], '/x')).toEqual([{ kind: 'text', lines: ['just a line', '  indented'] }]);
  });
});
