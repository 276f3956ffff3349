import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { RecordingInfo } from '../src-main/contract';
import { Workbench } from '../src-main/workbench/workbench';
import { EXAMPLES, eventually, recordEchoThenCrash, rpcWorkbench } from './helpers';

/** A workbench over a fresh copy of gas-estimator (tests change its files), in a fresh home. */
async function gasBench(cleanup: Cleanup) {
  const home = cleanup.tempDir();
  const skills = cleanup.tempDir('skillbench-skills-');
  const skill = path.join(skills, 'gas-estimator');
  fs.cpSync(path.join(EXAMPLES, 'gas-estimator'), skill, { recursive: true });
  const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [skills], namedFolders: true }));
  const id = (await wb.listSkills()).find((s) => s.name === 'gas-estimator')!.id;
  return { wb, home, skill, id };
}

/** Two calls that succeed and one the skill refuses, with a note between them. */
async function recordGas(wb: Workbench, id: string, name = 'qa session'): Promise<RecordingInfo> {
  await wb.startSkill(id);
  const info = await wb.startRecording(id, name);
  await wb.callTool(id, 'estimate_gas_cost', { operation: 'swap', gas_price_gwei: 30 });
  await wb.annotate(id, 'swap looks cheap');
  await wb.callTool(id, 'compare_speeds', { operation: 'nope', base_fee_gwei: 10 });
  await wb.callTool(id, 'estimate_gas_cost', { operation: 'transfer', gas_price_gwei: 20 });
  return info;
}

describe('QA service: what the renderer may name', () => {
  it('refuses every path outside <home>/recordings, and reads or writes nothing there', async ({ cleanup }) => {
    const { wb, home, id } = await gasBench(cleanup);
    const info = await recordGas(wb, id);
    await wb.stopRecording(id);
    const outside = path.join(home, 'victim.jsonl');
    fs.copyFileSync(info.file, outside);
    const before = fs.readFileSync(outside, 'utf8');
    const linked = path.join(home, 'recordings', 'link.jsonl');
    fs.symlinkSync(outside, linked);
    fs.mkdirSync(path.join(home, 'recordings', 'sub'));
    fs.copyFileSync(info.file, path.join(home, 'recordings', 'sub', 'deeper.jsonl'));
    fs.writeFileSync(path.join(home, 'recordings', 'notes.txt'), 'not a recording');

    const bad: unknown[] = [
      outside,
      '../victim.jsonl',
      path.join(home, 'recordings', '..', 'victim.jsonl'),
      linked,
      'link.jsonl',
      'sub/deeper.jsonl',
      path.join(home, 'recordings', 'notes.txt'),
      '/etc/passwd',
      '',
      'a\0b.jsonl',
      42,
    ];
    for (const f of bad) {
      await expect(wb.qa.openRecording(f as string), String(f)).rejects.toThrow(/Only recordings in|Name a recording/);
      await expect(wb.qa.exportReport(f as string, 'html'), String(f)).rejects.toThrow(/Only recordings in|Name a recording/);
      await expect(wb.qa.setTolerance(f as string, 4, { ignore: ['data'] }), String(f)).rejects.toThrow(/Only recordings in|Name a recording/);
      await expect(wb.qa.replayRecording(f as string), String(f)).rejects.toThrow(/Only recordings in|Name a recording/);
    }
    expect(fs.readFileSync(outside, 'utf8')).toBe(before);
    expect(fs.readdirSync(home).filter((n) => n.includes('report'))).toEqual([]);
    await expect(wb.qa.openRecording('gone.jsonl')).rejects.toThrow(/There is no recording gone.jsonl/);

    // The name alone, or the full path as listRecordings gives it, both work.
    expect((await wb.qa.openRecording(path.basename(info.file))).header.name).toBe('qa session');
    expect((await wb.qa.openRecording(info.file)).header.name).toBe('qa session');
  });
});

describe('QA service: browsing a recording', () => {
  it('gives the calls with outcomes, paired messages, notes on the timeline, and whether it is still being written', async ({ cleanup }) => {
    const { wb, id } = await gasBench(cleanup);
    const info = await recordGas(wb, id);

    const live = await wb.qa.openRecording(info.file);
    expect(live.active).toBe(true);
    expect(live.endedAt).toBeUndefined();
    expect(live.calls.map((c) => [c.tool, c.outcome?.ok])).toEqual([
      ['estimate_gas_cost', true],
      ['compare_speeds', false],
      ['estimate_gas_cost', true],
    ]);
    expect(live.calls[0].outcome?.data).toEqual({ gas_limit: 150000, cost_eth: 0.0045, cost_usd: 13.5 });
    expect(live.calls[0].args).toEqual({ operation: 'swap', gas_price_gwei: 30 });
    expect(live.calls[1].outcome?.text).toBe('Unknown operation: nope');
    expect(live.timeline.filter((t) => t.kind === 'note').map((t) => t.label)).toContain('swap looks cheap');

    // Every request is paired with its response, both ways, under the new numbers.
    const calls = live.messages.filter((m) => m.kind === 'request' && m.method === 'tools/call');
    expect(calls).toHaveLength(3);
    for (const req of calls) {
      const res = live.messages.find((m) => m.seq === req.pairSeq)!;
      expect(res).toMatchObject({ kind: 'response', pairSeq: req.seq, direction: 'in' });
      expect(req.durationMs).toBe(res.durationMs);
    }
    expect(live.messages.map((m) => m.seq)).toEqual(live.messages.map((_, i) => i + 1));

    await wb.stopRecording(id);
    const done = await wb.qa.openRecording(info.file);
    expect(done.active).toBe(false);
    expect(done.endedAt).toBeGreaterThanOrEqual(done.header.startedAt);
    expect(done.records).toBe(fs.readFileSync(info.file, 'utf8').trim().split('\n').length - 1);
    expect(done.warnings).toEqual([]);
  });

  it('shows the stderr the skill wrote during the recording, and a call with no recorded answer', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = rpcWorkbench(cleanup, home);
    const info = await recordEchoThenCrash(wb);
    await wb.stopRecording('rpc');
    // As a killed app leaves it: a call that started and never got its answer.
    fs.appendFileSync(info.file, JSON.stringify({ seq: 999, time: Date.now(), type: 'call-start', callId: 'x', tool: 'hang', args: {} }) + '\n');

    const v = await eventually(async () => {
      const r = await wb.qa.openRecording(info.file);
      return r.stderr.some((l) => l.text === 'about to crash' && l.source === 'log') && r;
    }, 5000, 'the log to reach the disk');
    expect(v.timeline.some((t) => t.kind === 'crash')).toBe(true);
    expect(v.calls.at(-1)).toMatchObject({ tool: 'hang', seq: 999 });
    expect(v.calls.at(-1)?.outcome).toBeUndefined();
  });

  it('falls back to the stderr kept with failed calls when the log is not in this home', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = rpcWorkbench(cleanup, home);
    await wb.startSkill('rpc');
    const info = await wb.startRecording('rpc');
    await wb.callTool('rpc', 'crash', {});
    await wb.stopRecording('rpc');
    fs.rmSync(path.join(home, 'skills'), { recursive: true, force: true });
    const v = await wb.qa.openRecording(info.file);
    // Kept with the call and with the crash it caused: listed once.
    const lines = v.stderr.filter((l) => l.text === 'about to crash');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ source: 'call', callSeq: v.calls[0].seq });
  });

  it('keeps the last stderr lines with a crash outside any call, in the view and in the report', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = rpcWorkbench(cleanup, home);
    await wb.startSkill('rpc');
    const info = await wb.startRecording('rpc');
    expect((await wb.callTool('rpc', 'crash_later', { seconds: 0.1 })).outcome?.ok).toBe(true);
    await eventually(async () => (await wb.getTimeline('rpc')).entries.some((t) => t.kind === 'crash'), 5000, 'the crash');
    await wb.stopRecording('rpc');
    fs.rmSync(path.join(home, 'skills'), { recursive: true, force: true });

    const v = await wb.qa.openRecording(info.file);
    const crash = v.timeline.find((t) => t.kind === 'crash')!;
    expect(crash.label).toMatch(/code 4/);
    expect(crash.data).toEqual({ stderrTail: expect.arrayContaining(['RuntimeError: the worker thread gave up']) });
    expect(v.stderr.find((l) => l.text === 'RuntimeError: the worker thread gave up')).toMatchObject({ source: 'crash', crashSeq: crash.seq });

    const md = (await wb.qa.exportReport(info.file, 'markdown')).text;
    const failed = md.slice(md.indexOf('## What failed'));
    expect(failed.match(/^### /gm)).toHaveLength(1);
    expect(failed).toMatch(/### The skill crashed/);
    expect(failed).toMatch(/Stderr around it:\n\n```\n[^`]*RuntimeError: the worker thread gave up/);
  });

  it('counts records while recording, in recording events, and stops counting when stopped', async ({ cleanup }) => {
    const { wb, id } = await gasBench(cleanup);
    const seen: RecordingInfo[] = [];
    wb.events.on('recording', (r) => seen.push(r));
    await recordGas(wb, id);
    const onDisk = () => fs.readFileSync(seen[0].file, 'utf8').trim().split('\n').length - 1;
    await eventually(() => Promise.resolve(seen.some((r) => r.active && r.records === onDisk())), 5000, 'a count that matches the file');
    const stopped = await wb.stopRecording(id);
    expect(stopped?.active).toBe(false);
    const n = seen.length;
    // A second recording's counts come after any the first could still send: none may name the first as active.
    const second = await wb.startRecording(id, 'second');
    await wb.callTool(id, 'list_operations', {});
    const lines = (f: string) => fs.readFileSync(f, 'utf8').trim().split('\n').length - 1;
    await eventually(() => Promise.resolve(seen.some((r) => r.file === second.file && r.records === lines(second.file))), 5000, 'the second recording counted');
    expect(seen.slice(n).filter((r) => r.file === seen[0].file)).toEqual([]);
    await wb.stopRecording(id);
    const listed = (await wb.listRecordings()).find((r) => r.file === seen[0].file);
    expect(listed).toMatchObject({ active: false, records: onDisk() });
  });
});

describe('QA service: reports', () => {
  it('writes Markdown and HTML next to the recording and returns them', async ({ cleanup }) => {
    const { wb, id } = await gasBench(cleanup);
    const info = await recordGas(wb, id, 'report <me>');
    await wb.stopRecording(id);
    const md = await wb.qa.exportReport(info.file, 'markdown');
    expect(md.file).toBe(info.file.replace(/\.jsonl$/, '.report.md'));
    expect(fs.readFileSync(md.file, 'utf8')).toBe(md.text);
    expect(md.text).toContain('# QA report: report &lt;me&gt;');
    expect(md.text).toContain('swap looks cheap');
    expect(md.text).toMatch(/Calls: 3 \(1 failed\)/);
    const html = await wb.qa.exportReport(info.file, 'html');
    expect(html.file).toBe(info.file.replace(/\.jsonl$/, '.report.html'));
    expect(html.text).toContain('<title>QA report: report &lt;me&gt;</title>');
    await expect(wb.qa.exportReport(info.file, 'pdf' as 'html')).rejects.toThrow(/markdown or html, not "pdf"/);
    // Reports are not recordings: the list still holds one.
    expect((await wb.listRecordings()).map((r) => r.file)).toEqual([info.file]);
  });
});

describe('QA service: replay and tolerances', () => {
  it('replays against the open skill; a changed skill differs; a saved tolerance makes it match; clearing brings it back', async ({ cleanup }) => {
    const { wb, id, skill } = await gasBench(cleanup);
    const info = await recordGas(wb, id);
    await expect(wb.qa.setTolerance(info.file, 4, { ignore: ['data'] })).rejects.toThrow(/still being written: stop it first/);
    await wb.stopRecording(id);

    const same = await wb.qa.replayRecording(info.file);
    expect(same).toMatchObject({ matched: 3, mismatched: 0, folderChanged: false });

    const py = path.join(skill, 'skill.py');
    fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"swap": 150000', '"swap": 160000'));
    const changed = await wb.qa.replayRecording(info.file);
    expect(changed).toMatchObject({ matched: 2, mismatched: 1, folderChanged: true });
    const bad = changed.cases.find((c) => !c.match)!;
    expect(bad.tool).toBe('estimate_gas_cost');
    expect(bad.differences.map((d) => d.path)).toEqual(['data.gas_limit', 'data.cost_eth', 'data.cost_usd']);

    await expect(wb.qa.setTolerance(info.file, bad.seq, { numeric: { abs: -1 } })).rejects.toThrow(/"numeric.abs" must be a number of at least 0/);
    await expect(wb.qa.setTolerance(info.file, 12345, { ignore: ['data'] })).rejects.toThrow(/has no call with seq 12345/);
    await expect(wb.qa.setTolerance(info.file, bad.seq, { pattern: '(' })).rejects.toThrow(/not a valid regular expression/);

    // Empty parts are dropped; what is left is saved, appended, and used.
    const saved = await wb.qa.setTolerance(info.file, bad.seq, { ignore: ['data.gas_limit', ' '], numeric: { rel: 0.1 }, pattern: '' });
    expect(saved).toEqual({ ignore: ['data.gas_limit'], numeric: { rel: 0.1 } });
    const last = JSON.parse(fs.readFileSync(info.file, 'utf8').trim().split('\n').at(-1)!);
    expect(last).toMatchObject({ type: 'tolerance', callSeq: bad.seq, tolerance: saved });
    const tolerated = await wb.qa.replayRecording(info.file);
    expect(tolerated).toMatchObject({ matched: 3, mismatched: 0 });
    expect(tolerated.cases.find((c) => c.seq === bad.seq)?.tolerance).toEqual(saved);
    expect((await wb.qa.openRecording(info.file)).calls.find((c) => c.seq === bad.seq)?.tolerance).toEqual(saved);

    expect(await wb.qa.setTolerance(info.file, bad.seq, { ignore: [] })).toBeNull();
    expect(await wb.qa.replayRecording(info.file)).toMatchObject({ matched: 2, mismatched: 1 });
  });

  it('runs only skills of the open folders, and says how to replay the others', async ({ cleanup }) => {
    const { wb, id, home } = await gasBench(cleanup);
    const info = await recordGas(wb, id);
    await wb.stopRecording(id);
    await wb.close();
    const other = rpcWorkbench(cleanup, home);
    await expect(other.qa.replayRecording(info.file)).rejects.toThrow(/gas-estimator \(recorded from .*\) is not in the open folders.*skillbench(\.cjs)? replay <recording> --skill PATH/);
  });

  it('replays with the skill configured as in the workbench: its environment, its secret values redacted from the results', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const skills = cleanup.tempDir('skillbench-skills-');
    fs.writeFileSync(path.join(skills, 'manifest.json'), JSON.stringify({ name: 'env-teller', runtime: { type: 'subprocess', command: 'python3', args: ['env_skill.py'] } }));
    fs.writeFileSync(path.join(skills, 'env_skill.py'), ENV_SKILL);
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [skills], namedFolders: true }));
    const id = (await wb.listSkills())[0].id;
    await wb.updateSkillSettings(id, { env: { GREETING: 'hello' }, secretValues: { API_TOKEN: 'tok_s3cr3t_value_123' } });
    await wb.startSkill(id);
    const info = await wb.startRecording(id);
    const live = await wb.callTool(id, 'whoami', {});
    expect(live.outcome?.text).toMatch(/^hello /);
    await wb.stopRecording(id);
    const r = await wb.qa.replayRecording(info.file);
    expect(r.cases).toHaveLength(1);
    expect(r.cases[0].replayed.text).toMatch(/^hello /);
    expect(JSON.stringify(r)).not.toContain('tok_s3cr3t_value_123');
    expect(r.cases[0].match).toBe(true);
  });
});

const ENV_SKILL = `
import json, os, sys
for line in sys.stdin:
    msg = json.loads(line)
    method, rid = msg.get("method"), msg.get("id")
    if method == "initialize":
        result = {"name": "env-teller", "tools": [{"name": "whoami", "parameters": {"type": "object", "properties": {}}}]}
    elif method == "tools/call":
        result = {"content": os.environ.get("GREETING", "unset") + " " + os.environ.get("API_TOKEN", "unset")}
    elif method == "shutdown":
        print(json.dumps({"jsonrpc": "2.0", "id": rid, "result": {"ok": True}}), flush=True)
        break
    else:
        result = {"ok": True}
    print(json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}), flush=True)
`;
