import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, describe, expect, vi } from 'vitest';
import { it } from './cleanup-fixture';
import type { CallSummary, RecordingInfo, RecordLine } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import { callsOf, parseRecording, readRecording } from '../src-main/qa/recording-reader';
import { allFiles, EXAMPLES, recordEchoThenCrash, rpcWorkbench } from './helpers';
import { workbenchApi } from '../src-main/workbench/api';

afterEach(() => {
  vi.restoreAllMocks();
});

/** From now on the disk refuses every write to this recording's file, as a full disk would. */
function refuseWrites(recording: unknown): void {
  // Read at each write, not kept: once the recording closes, its fd number goes to the next file opened.
  const open = recording as { fd: number | null };
  const write = fs.writeSync;
  vi.spyOn(fs, 'writeSync').mockImplementation(((f: number, ...rest: unknown[]) => {
    if (open.fd !== null && f === open.fd) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    return (write as (...a: unknown[]) => number)(f, ...rest);
  }));
}

function lines(file: string): RecordLine[] {
  return fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RecordLine);
}

describe('recording a session', () => {
  it('writes a header and every call, message, hook, setup step, event and note, secrets redacted', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = new Workbench({ home, kind: 'browser', folders: [path.join(EXAMPLES, 'price-alerts')], namedFolders: true });
    const api = workbenchApi(wb);
    cleanup.add(wb);
    const id = 'price-alerts';
    await api.inspectSkill(id);
    const info = await api.startRecording(id, 'exploratory');
    expect(info).toMatchObject({ active: true, skillName: 'Price alerts', protocol: 'skilldef' });
    const step = await api.setupStart(id);
    await api.setupSubmit(id, step.id, { api_key: 'pk_wrong' });
    const next = await api.setupSubmit(id, step.id, { api_key: 'pk_demo1234567890abcdefghij' });
    await api.setupSubmit(id, next.nextStep!.id, { currency: 'USD', symbols: ['BTC'], threshold_pct: 5, notify_on_drops: true });
    await api.callTool(id, 'get_price', { symbol: 'BTC' });
    await api.callTool(id, 'get_price', { symbol: 'NOPE' });
    await api.transformMessage(id, 'beforeMessage', 'and $BTC?');
    await api.annotate(id, 'prices look right');
    await api.tickNow(id);
    const stopped = await api.stopRecording(id);
    expect(stopped?.active).toBe(false);
    const recs = lines(info.file);
    expect(recs[0]).toMatchObject({ type: 'header', name: 'exploratory', skill: { protocol: 'skilldef', name: 'Price alerts' } });
    expect((recs[0] as { folderHash: string }).folderHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const types = recs.map((r) => r.type);
    for (const t of ['call-start', 'call', 'message', 'setup', 'message-hook', 'note', 'tick', 'end']) expect(types).toContain(t);
    const calls = recs.filter((r): r is Extract<RecordLine, { type: 'call' }> => r.type === 'call');
    expect(calls.map((c) => c.tool)).toEqual(['get_price', 'get_price']);
    expect(calls[0].outcome.ok).toBe(true);
    const seqs = recs.slice(1).map((r) => (r as { seq: number }).seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(fs.readFileSync(info.file, 'utf8')).not.toContain('pk_demo1234567890abcdefghij');
    expect((await api.listRecordings()).map((r) => r.file)).toEqual([info.file]);
  });

  it('keeps secrets out of recorded messages however the skill spells them, and every line valid JSON', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = rpcWorkbench(cleanup, home);
    const api = workbenchApi(wb);
    await api.updateSkillSettings('rpc', { secretValues: { TOKEN: 'p&ss<word/1', PIN: '4321' } });
    const info = await api.startRecording('rpc');
    const out = await api.callTool('rpc', 'go_style', { token: 'p&ss<word/1', pin: 4321 });
    expect(out.outcome?.ok).toBe(true);
    await api.stopRecording('rpc');
    await wb.close();
    const response = lines(info.file).find((r) => r.type === 'message' && r.message.kind === 'response' && r.message.method === 'tools/call');
    // The skill wrote the token as `p\u0026ss\u003cword\/1` and the PIN as a number.
    expect(response).toMatchObject({ message: { body: { result: { echo: { token: '••••', pin: '••••' } } } } });
    for (const file of allFiles(home).filter((f) => f.endsWith('.jsonl'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const l of text.trim().split('\n')) expect(() => JSON.parse(l), `${file}: ${l}`).not.toThrow();
      for (const spelled of ['p&ss', 'p\\u0026ss', '4321']) expect(text, file).not.toContain(spelled);
    }
  });

  it('keeps a secret typed into a note out of the timeline file and the recording, in every escaped form', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = rpcWorkbench(cleanup, home);
    const api = workbenchApi(wb);
    const token = '/ + " & < é > % ü \\ 漢x';
    await api.updateSkillSettings('rpc', { secretValues: { TOKEN: token } });
    await api.startSkill('rpc');
    const info = await api.startRecording('rpc');
    await api.annotate('rpc', `pasted the token ${token} by mistake`);
    await api.stopRecording('rpc');
    const shown = (await api.getTimeline('rpc')).entries.find((e) => e.label.startsWith('pasted'));
    expect(shown?.label).toBe('pasted the token •••• by mistake');
    await wb.close();
    const escaped = JSON.stringify(token).slice(1, -1);
    const ascii = escaped.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const files = allFiles(home).filter((f) => f.endsWith('.jsonl'));
    expect(files.some((f) => f.endsWith('timeline.jsonl'))).toBe(true);
    expect(files).toContain(info.file);
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const spelled of [token, escaped, ascii]) expect(text, file).not.toContain(spelled);
    }
  });

  it('keeps every record up to a crash of the skill, and the crash itself', async ({ cleanup }) => {
    const wb = rpcWorkbench(cleanup);
    const info = await recordEchoThenCrash(wb);
    const recs = lines(info.file);
    const calls = recs.filter((r): r is Extract<RecordLine, { type: 'call' }> => r.type === 'call');
    expect(calls.map((c) => c.tool)).toEqual(['echo', 'crash']);
    expect(recs.some((r) => r.type === 'lifecycle' && r.kind === 'crash')).toBe(true);
  });

  it('puts the records of a call on disk before a window hears of the call, with many calls in flight', async ({ cleanup }) => {
    const wb = rpcWorkbench(cleanup);
    const api = workbenchApi(wb);
    await api.startSkill('rpc');
    const info = await api.startRecording('rpc');
    const onDiskWhenShown: string[] = [];
    wb.events.onAnyForWindow((event, payload) => {
      if (event !== 'call') return;
      const call = payload as CallSummary;
      const kinds = lines(info.file).filter((r) => 'callId' in r && r.callId === call.callId).map((r) => r.type);
      onDiskWhenShown.push(`${call.status}:${kinds.join('+')}`);
    });
    // Something else already waits for the windows in this turn, so their delivery is due before the write.
    const skills = await api.listSkills();
    wb.events.emit('skills', skills);
    await Promise.all(Array.from({ length: 20 }, (_, n) => api.callTool('rpc', 'echo', { n })));
    await wb.events.delivered();
    expect(onDiskWhenShown).toHaveLength(40);
    for (const seen of onDiskWhenShown) expect(seen).toMatch(/^(running:call-start|done:call-start\+call)$/);
    // Message records are built around each message's own line: still whole entries, pairs and all.
    const messages = lines(info.file).filter((r): r is Extract<RecordLine, { type: 'message' }> => r.type === 'message');
    expect(messages).toHaveLength(40);
    const answer = messages.find((m) => m.message.kind === 'response')!.message;
    expect(answer).toMatchObject({ direction: 'in', method: 'tools/call', pairSeq: expect.any(Number), durationMs: expect.any(Number) });
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: answer.id, result: expect.anything() });
  });

  it('stops a recording whose file cannot be written, says so, and keeps the skill and what was written', async ({ cleanup }) => {
    const wb = rpcWorkbench(cleanup);
    const api = workbenchApi(wb);
    await api.startSkill('rpc');
    const info = await api.startRecording('rpc');
    await api.callTool('rpc', 'echo', { n: 1 });
    const ended = new Promise<RecordingInfo>((resolve) => wb.events.on('recording', (r) => !r.active && resolve(r)));
    refuseWrites((await wb.liveRuntime('rpc')).recording);
    // The call ran, but its records are not in the recording: it says so rather than answer ok, its result still in it.
    const call = await api.callTool('rpc', 'echo', { n: 2 });
    expect(call.outcome).toMatchObject({ ok: false, data: { n: 2 }, error: { code: 'NOT_KEPT', details: { notKept: ['recording'] } } });
    expect(call.outcome?.error?.message).toMatch(/^The disk is full: echo ran, but its recording could not be written, so this answer is not kept\./);
    expect((await ended).file).toBe(info.file);
    const { entries } = await api.getTimeline('rpc');
    expect(entries.at(-1)).toMatchObject({ kind: 'note', outcome: 'error', label: expect.stringContaining('Recording stopped') });
    expect((await api.getLogs('rpc')).some((l) => l.text.includes(`${info.file} could not be written`))).toBe(true);
    expect(lines(info.file).filter((r) => r.type === 'call')).toHaveLength(1);
    // The skill goes on, and a new recording starts.
    expect((await api.callTool('rpc', 'echo', { n: 3 })).outcome?.ok).toBe(true);
    expect((await api.startRecording('rpc')).active).toBe(true);
  });

  it('writes what a turn recorded when the process dies of an error in that turn', ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const script = path.join(dir, 'dies.ts');
    const file = path.join(dir, 'dies.jsonl');
    fs.writeFileSync(
      script,
      `import { Recorder } from ${JSON.stringify(path.resolve('src-main/runtime/recorder.ts'))};
       const r = Recorder.open(${JSON.stringify(file)}, { id: 'x', name: 'x', protocol: 'jsonrpc', dir: ${JSON.stringify(dir)}, root: ${JSON.stringify(dir)} });
       for (let i = 0; i < 3; i++) r.append({ type: 'note', text: 'before the fall ' + i });
       throw new Error('a bug of ours');`,
    );
    buildSync({ entryPoints: [script], bundle: true, platform: 'node', format: 'cjs', outfile: path.join(dir, 'dies.cjs'), logLevel: 'silent' });
    const run = spawnSync(process.execPath, [path.join(dir, 'dies.cjs')], { encoding: 'utf8' });
    expect(run.stderr).toContain('a bug of ours');
    expect(run.status).toBe(1);
    expect(lines(file).map((r) => (r.type === 'note' ? r.text : r.type))).toEqual(['header', 'before the fall 0', 'before the fall 1', 'before the fall 2']);
  });

  it("writes a call's arguments once (in its call-start) and reads them back for the call; older recordings read the same", async ({ cleanup }) => {
    const wb = rpcWorkbench(cleanup);
    const api = workbenchApi(wb);
    await api.startSkill('rpc');
    const info = await api.startRecording('rpc');
    await api.callTool('rpc', 'echo', { n: 1, text: 'only once' });
    await api.stopRecording('rpc');
    const raw = lines(info.file).filter((r) => r.type === 'call-start' || r.type === 'call');
    expect(raw.map((r) => [r.type, 'args' in r])).toEqual([['call-start', true], ['call', false]]);
    expect(callsOf(readRecording(info.file)).map((c) => c.args)).toEqual([{ n: 1, text: 'only once' }]);
    // A recording from before, with the arguments in both records, and one whose call-start was lost.
    const header = JSON.stringify({ type: 'header', version: 1, name: 'old', startedAt: 1, skill: { id: 'rpc', name: 'rpc', protocol: 'jsonrpc', dir: '/x' }, host: 'skillbench' });
    const outcome = { ok: true, text: 'x', durationMs: 1 };
    const old = [
      header,
      JSON.stringify({ seq: 1, time: 2, type: 'call-start', callId: 'a', tool: 'echo', args: { n: 2 } }),
      JSON.stringify({ seq: 2, time: 3, type: 'call', callId: 'a', tool: 'echo', args: { n: 2 }, outcome }),
      JSON.stringify({ seq: 3, time: 4, type: 'call', callId: 'b', tool: 'echo', outcome }),
    ].join('\n');
    expect(callsOf(parseRecording(old)).map((c) => c.args)).toEqual([{ n: 2 }, undefined]);
  });

  it('says so when the last write, at stop, is refused', async ({ cleanup }) => {
    const wb = rpcWorkbench(cleanup);
    const api = workbenchApi(wb);
    await api.startSkill('rpc');
    const info = await api.startRecording('rpc');
    await api.callTool('rpc', 'echo', { n: 1 });
    refuseWrites((await wb.liveRuntime('rpc')).recording);
    await api.stopRecording('rpc');
    expect((await api.getLogs('rpc')).some((l) => l.text.includes(`${info.file} could not be written (ENOSPC`))).toBe(true);
    expect(lines(info.file).filter((r) => r.type === 'call')).toHaveLength(1);
    expect(lines(info.file).some((r) => r.type === 'end')).toBe(false);
  });
});
