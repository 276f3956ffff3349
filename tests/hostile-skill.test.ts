/**
 * A hostile skill against the engine (issue 15): output nested thousands of levels deep, over-long
 * reverse requests, and what held before (noise, odd ids, duplicate answers). For each, the engine answers
 * correctly or with a clear error, and the skill (and the process serving it) is still there afterwards.
 * The skill is tests/fixtures/hostile/hostile.py, over both long-running protocols.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { readRecording } from '../src-main/qa/recording-reader';
import { cli } from './cli-run';

import { answerOf, HOSTILE, hostileWorkbench } from './hostile-helpers';

describe('output nested thousands of levels deep', () => {
  it('is cut at the bound and reported, with recording on, events subscribed and a secret known', async ({ cleanup }) => {
    const { wb, rpc, skilldef } = await hostileWorkbench(cleanup);
    {
      for (const skill of [rpc, skilldef]) {
        await wb.startSkill(skill);
        // A secret makes the redactor walk every value.
        await wb.updateSkillSettings(skill, { secretValues: { HOSTILE_TOKEN: 'tok-hostile-1234' } });
        // Named apart: two recordings of one name started within the same second share a file (reported).
        const rec = await wb.startRecording(skill, skill === rpc ? 'deep-rpc' : 'deep-skilldef');
        const wheres = skill === rpc ? ['result', 'content', 'text', 'notification', 'batch'] : ['result', 'text', 'batch', 'event', 'state'];
        for (const where of wheres) {
          const r = await wb.callTool(skill, 'deep', { levels: 5000, where });
          expect(r.outcome?.ok, `${skill} ${where}: ${JSON.stringify(r.outcome?.error)}`).toBe(true);
          // Whatever came back can be written as JSON again (the bridge, the CLI, the history all do).
          expect(() => JSON.stringify(r)).not.toThrow();
        }
        const text = await wb.callTool(skill, 'deep', { levels: 5000, where: 'text' });
        expect(JSON.stringify(text.outcome?.data).slice(250, 300)).toContain('[too deep: 5000 levels]');
        await wb.stopRecording(skill);
        // Reported in the skill's log, in plain words.
        const logs = (await wb.getLogs(skill)).map((l) => l.text).join('\n');
        expect(logs).toMatch(/nested 500\d levels deep; everything below level 256 was replaced by "\[too deep: 500\d levels\]"/);
        // The recording was written and reads back, every line of it.
        const back = readRecording(rec.file);
        expect(back.records.filter((x) => x.type === 'call').length).toBe(wheres.length + 1);
        expect(back.warnings).toEqual([]);
        // The skill still works.
        const echo = await wb.callTool(skill, 'echo', { after: 'deep' });
        expect(answerOf(echo)).toEqual({ after: 'deep' });
        expect(wb.redact(skill, JSON.stringify(await wb.getHistory(skill)))).toContain('after');
      }
    }
  });

  it('lets `skillbench call` print its JSON', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    for (const where of ['text', 'batch', 'content']) {
      const r = await cli(['call', path.join(HOSTILE, 'rpc'), 'deep', '--args', JSON.stringify({ levels: 5000, where }), '--json', '--record', path.join(home, `${where}.jsonl`)], { home });
      expect(r.stderr, where).not.toMatch(/call stack|RangeError/);
      expect(r.code, where).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.ok).toBe(true);
      expect(readRecording(path.join(home, `${where}.jsonl`)).records.some((x) => x.type === 'call')).toBe(true);
    }
  });
});

describe('a reverse request over the line limit', () => {
  it('is answered with an error the skill can read, instead of timing out', async ({ cleanup }) => {
    const { wb, rpc, skilldef } = await hostileWorkbench(cleanup);
    for (const skill of [skilldef, rpc]) {
      await wb.updateSkillSettings(skill, { maxLineBytes: 64 * 1024 });
      await wb.startSkill(skill);
      const r = await wb.callTool(skill, 'oversize_reverse', { bytes: 200_000, wait: 5 });
      const got = answerOf<{ answered: boolean; answer: { error?: { code: number; message: string } } }>(r);
      expect(got.answered, skill).toBe(true);
      expect(got.answer.error?.code).toBe(-32600);
      expect(got.answer.error?.message).toMatch(/over the 64 KiB limit: the request \(state\/set\) was not read/);
      const logs = (await wb.getLogs(skill)).map((l) => l.text).join('\n');
      expect(logs).toMatch(/the request \(state\/set\) was dropped and answered with an error/);
      expect(answerOf(await wb.callTool(skill, 'echo', { still: 'here' }))).toEqual({ still: 'here' });
    }
  });
});

describe('what held before', () => {
  it('takes noise, odd ids, prototype keys and duplicate answers, and goes on', async ({ cleanup }) => {
    const { wb, rpc, skilldef } = await hostileWorkbench(cleanup);
    for (const skill of [rpc, skilldef]) {
      const r = await wb.callTool(skill, 'noise', {});
      expect(r.outcome?.text).toBe('after noise');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(answerOf(await wb.callTool(skill, 'echo', { n: 1 }))).toEqual({ n: 1 });
      const logs = (await wb.getLogs(skill)).map((l) => l.text).join('\n');
      expect(logs).toMatch(/response to unknown id/);
    }
    expect(fs.existsSync(wb.home)).toBe(true);
  });
});
