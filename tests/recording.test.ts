import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordLine } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import { EXAMPLES, FIXTURES, recordEchoThenCrash, tempDir } from './helpers';

const open: Workbench[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((w) => w.close()));
});

function lines(file: string): RecordLine[] {
  return fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RecordLine);
}

describe('recording a session', () => {
  it('writes a header and every call, message, hook, setup step, event and note, secrets redacted', async () => {
    const home = tempDir();
    const wb = new Workbench({ home, kind: 'browser', folders: [path.join(EXAMPLES, 'price-alerts')], replaceFolders: true });
    open.push(wb);
    const id = 'price-alerts';
    await wb.inspectSkill(id);
    const info = await wb.startRecording(id, 'exploratory');
    expect(info).toMatchObject({ active: true, skillName: 'Price alerts', protocol: 'skilldef' });
    const step = await wb.setupStart(id);
    await wb.setupSubmit(id, step.id, { api_key: 'pk_wrong' });
    const next = await wb.setupSubmit(id, step.id, { api_key: 'pk_demo1234567890abcdefghij' });
    await wb.setupSubmit(id, next.nextStep!.id, { currency: 'USD', symbols: ['BTC'], threshold_pct: 5, notify_on_drops: true });
    await wb.callTool(id, 'get_price', { symbol: 'BTC' });
    await wb.callTool(id, 'get_price', { symbol: 'NOPE' });
    await wb.transformMessage(id, 'beforeMessage', 'and $BTC?');
    await wb.annotate(id, 'prices look right');
    await wb.tickNow(id);
    const stopped = await wb.stopRecording(id);
    expect(stopped?.active).toBe(false);
    const recs = lines(info.file);
    expect(recs[0]).toMatchObject({ type: 'header', name: 'exploratory', skill: { protocol: 'skilldef', name: 'Price alerts' } });
    expect((recs[0] as { folderHash: string }).folderHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const types = recs.map((r) => r.type);
    for (const t of ['call-start', 'call', 'message', 'setup', 'message-hook', 'note', 'tick', 'end']) expect(types).toContain(t);
    const calls = recs.filter((r) => r.type === 'call') as Extract<RecordLine, { type: 'call' }>[];
    expect(calls.map((c) => c.tool)).toEqual(['get_price', 'get_price']);
    expect(calls[0].outcome.ok).toBe(true);
    const seqs = recs.slice(1).map((r) => (r as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(fs.readFileSync(info.file, 'utf8')).not.toContain('pk_demo1234567890abcdefghij');
    expect((await wb.listRecordings()).map((r) => r.file)).toEqual([info.file]);
  });

  it('keeps every record up to a crash of the skill, and the crash itself', async () => {
    const home = tempDir();
    const wb = new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], replaceFolders: true });
    open.push(wb);
    const info = await recordEchoThenCrash(wb);
    const recs = lines(info.file);
    const calls = recs.filter((r) => r.type === 'call') as Extract<RecordLine, { type: 'call' }>[];
    expect(calls.map((c) => c.tool)).toEqual(['echo', 'crash']);
    expect(recs.some((r) => r.type === 'lifecycle' && r.kind === 'crash')).toBe(true);
  });
});
