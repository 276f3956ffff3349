import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import type { RecordLine } from '../src-main/contract';
import { Recorder } from '../src-main/runtime/recorder';
import { callsOf, readRecording } from '../src-main/qa/recording-reader';
import { renderReport } from '../src-main/qa/report';
import { replayRecording } from '../src-main/qa/replay';
import { setTolerance } from '../src-main/qa/tolerance';
import { cli } from './cli-run';
import { formatBytes } from '../src-main/engine/rpc-process';
import { EXAMPLES, FIXTURES } from './helpers';

const GAS = path.join(EXAMPLES, 'gas-estimator');
const RPC = path.join(FIXTURES, 'rpc');
const SWAP = '{"operation":"swap","gas_price_gwei":30}';

function lines(file: string): RecordLine[] {
  return fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as RecordLine);
}

/** A copy of the gas estimator with two calls recorded into it: one that works and one the tool refuses. */
async function recordedGas(cleanup: Cleanup): Promise<{ dir: string; skill: string; file: string; home: string }> {
  const dir = cleanup.tempDir();
  const skill = path.join(dir, 'gas');
  fs.cpSync(GAS, skill, { recursive: true });
  const file = path.join(dir, 'session.jsonl');
  const home = cleanup.tempDir();
  const a = await cli(['call', skill, 'estimate_gas_cost', '--args', SWAP, '--record', file], { home });
  expect(a.code).toBe(0);
  // --as-is: past the schema check, so the skill's own refusal is what is recorded.
  const b = await cli(['call', skill, 'estimate_gas_cost', '--args', '{"operation":"swap"}', '--as-is', '--record', file], { home });
  expect(b.code).toBe(1);
  return { dir, skill, file, home };
}

/** Counts in a JUnit file, read from its <testsuite> element. */
function junitCounts(file: string): { tests: number; failures: number; names: string[] } {
  const xml = fs.readFileSync(file, 'utf8');
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
  expect(xml.trim().endsWith('</testsuites>')).toBe(true);
  const suite = /<testsuite name="([^"]*)" tests="(\d+)" failures="(\d+)"/.exec(xml)!;
  return { tests: Number(suite[2]), failures: Number(suite[3]), names: [...xml.matchAll(/<testcase name="([^"]*)"/g)].map((m) => m[1]) };
}

describe('call --record', () => {
  it('appends to one recording: one header, seqs that go on, each call with its own protocol messages', async ({ cleanup }) => {
    const { file, skill } = await recordedGas(cleanup);
    const recs = lines(file);
    expect(recs.filter((r) => r.type === 'header')).toHaveLength(1);
    expect(recs[0]).toMatchObject({ type: 'header', name: 'session', skill: { name: 'gas-estimator', protocol: 'jsonrpc', version: '1.0.0', dir: skill } });
    const seqs = recs.slice(1).map((r) => (r as { seq: number }).seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(recs.slice(1).map((r) => r.type)).toEqual(['call-start', 'message', 'message', 'call', 'end', 'call-start', 'message', 'message', 'call', 'end']);
    const calls = recs.filter((r): r is Extract<RecordLine, { type: 'call' }> => r.type === 'call');
    expect(calls[0].outcome).toMatchObject({ ok: true, data: { gas_limit: 150000 } });
    expect(calls[1].outcome).toMatchObject({ ok: false, error: { code: 'TOOL', message: 'gas_price_gwei is required' } });
    const msgs = recs.filter((r): r is Extract<RecordLine, { type: 'message' }> => r.type === 'message');
    expect(msgs.map((m) => m.message.method)).toEqual(['tools/call', 'tools/call', 'tools/call', 'tools/call']);
  });

  it('refuses to append another skill to a recording', async ({ cleanup }) => {
    const { file } = await recordedGas(cleanup);
    const r = await cli(['call', RPC, 'echo', '--record', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/records gas-estimator .* not misbehaving: record into another file/);
  });
});

describe('skillbench replay', () => {
  it('replays against the same skill: every call matches, exit 0, JUnit with one case per call', async ({ cleanup }) => {
    const { dir, file, home } = await recordedGas(cleanup);
    const junit = path.join(dir, 'junit.xml');
    const r = await cli(['replay', file, '--junit', junit], { home, cwd: dir });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^✓ #1 estimate_gas_cost/m);
    expect(r.stdout).toMatch(/^✓ #2 estimate_gas_cost/m);
    expect(r.stdout).toMatch(/All 2 calls matched/);
    expect(junitCounts(junit)).toEqual({ tests: 2, failures: 0, names: ['#1 estimate_gas_cost', '#2 estimate_gas_cost'] });
  });

  it('against a changed skill: the difference, exit 1, a JUnit failure, and folderChanged', async ({ cleanup }) => {
    const { dir, skill, file, home } = await recordedGas(cleanup);
    const py = path.join(skill, 'skill.py');
    fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"swap": 150000', '"swap": 160000'));
    const junit = path.join(dir, 'junit.xml');
    const r = await cli(['replay', file, '--junit', junit], { home, cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^✗ #1 estimate_gas_cost/m);
    expect(r.stdout).toContain('data.gas_limit: 150000 -> 160000 (it differs)');
    expect(r.stdout).toContain('data.cost_usd: 13.5 -> 14.4 (it differs)');
    expect(r.stdout).toMatch(/^✓ #2 estimate_gas_cost/m);
    expect(r.stdout).toMatch(/folder changed since the recording/);
    expect(r.stdout).toMatch(/1 of 2 calls matched; 1 differed/);
    const counts = junitCounts(junit);
    expect(counts).toMatchObject({ tests: 2, failures: 1 });
    expect(fs.readFileSync(junit, 'utf8')).toContain('<failure message="data.gas_limit: 150000 -&gt; 160000 (it differs)">');

    const j = await cli(['replay', file, '--json'], { home, cwd: dir });
    expect(j.code).toBe(1);
    const report = JSON.parse(j.stdout);
    expect(report).toMatchObject({ folderChanged: true, matched: 1, mismatched: 1, skill: { name: 'gas-estimator', dir: skill } });
    expect(report.cases[0]).toMatchObject({ seq: 4, tool: 'estimate_gas_cost', match: false, recorded: { data: { gas_limit: 150000 } }, replayed: { data: { gas_limit: 160000 } } });
    expect(report.cases[0].differences[0]).toEqual({ path: 'data.gas_limit', recorded: 150000, replayed: 160000, why: 'it differs' });
  });

  it('a tolerance record appended later makes that mismatch pass; clearing it brings the mismatch back', async ({ cleanup }) => {
    const { dir, skill, file, home } = await recordedGas(cleanup);
    const py = path.join(skill, 'skill.py');
    fs.writeFileSync(py, fs.readFileSync(py, 'utf8').replace('"swap": 150000', '"swap": 160000'));
    const before = fs.readFileSync(file, 'utf8');
    setTolerance(file, 4, { ignore: ['$.data.gas_limit'], numeric: { rel: 0.1 } });
    expect(fs.readFileSync(file, 'utf8').startsWith(before)).toBe(true); // appended, never rewritten
    const last = lines(file).at(-1);
    expect(last).toMatchObject({ type: 'tolerance', seq: 11, callSeq: 4 });
    expect(callsOf(readRecording(file))[0].tolerance).toEqual({ ignore: ['$.data.gas_limit'], numeric: { rel: 0.1 } });

    const ok = await cli(['replay', file], { home, cwd: dir });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/All 2 calls matched/);

    setTolerance(file, 4, { numeric: { rel: 0.01 } }); // the latest wins: too tight now
    const tight = await cli(['replay', file], { home, cwd: dir });
    expect(tight.code).toBe(1);
    expect(tight.stdout).toContain('data.cost_eth: 0.0045 -> 0.0048 (it differs by 0.0003, more than the allowed 0.000048)');

    setTolerance(file, 4, null);
    expect(callsOf(readRecording(file))[0].tolerance).toBeUndefined();
    expect(() => setTolerance(file, 5, null)).toThrow(/has no call with seq 5/);
    expect(() => setTolerance(file, 4, { pattern: '(' })).toThrow(/not a valid regular expression/);
  });

  it('tolerates a torn last line and unknown record types, and says so', async ({ cleanup }) => {
    const { dir, file, home } = await recordedGas(cleanup);
    fs.appendFileSync(file, '{"seq":11,"time":1,"type":"from-the-future","x":1}\n{"seq":12,"time":1,"type":"call","tool":"estim');
    const rec = readRecording(file);
    expect(callsOf(rec)).toHaveLength(2);
    expect(rec.warnings).toEqual([
      'The last line (13) is incomplete, probably cut off when the app stopped; it was skipped.',
      'Skipped 1 record of an unknown type ("from-the-future").',
    ]);
    const r = await cli(['replay', file, '--json'], { home, cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).warnings).toHaveLength(2);
  });

  it('replays an action skill from a folder that holds two, picking the recorded one', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const file = path.join(dir, 'actions.jsonl');
    const agent = path.join(EXAMPLES, 'build-analysis');
    const rec = await cli(['call', agent, 'analyze', '--skill', 'build_analysis', '--args', '{"target":"ci_builds","days":7}', '--record', file]);
    expect(rec.code).toBe(0);
    const r = await cli(['replay', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✓ #\d+ analyze/);
  });

  it('exits 2 when the skill cannot start or the file is not a recording', async ({ cleanup }) => {
    const dir = cleanup.tempDir();
    const file = path.join(dir, 'rpc.jsonl');
    expect((await cli(['call', RPC, 'echo', '--args', '{"n":1}', '--record', file])).code).toBe(0);
    // The skill gets the shell's variable only when asked to (--inherit-env).
    const r = await cli(['replay', file, '--inherit-env'], { env: { FIXTURE_CRASH_AT_START: '1' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/misbehaving cannot start, so nothing was replayed/);
    await expect(replayRecording(file, { home: cleanup.tempDir(), skillPath: path.join(dir, 'nowhere') })).rejects.toThrow(/No such file or folder/);

    const bad = path.join(dir, 'bad.jsonl');
    fs.writeFileSync(bad, 'hello\n');
    const b = await cli(['replay', bad]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/is not a recording/);
    expect((await cli(['replay', path.join(dir, 'missing.jsonl')])).stderr).toMatch(/There is no recording at/);
  });
});

describe('skillbench replay runs only what it says, from where it may', () => {
  it('says which skill it runs and from where; refuses a header naming a folder outside the current one unless --skill is given', async ({ cleanup }) => {
    const { dir, skill, file, home } = await recordedGas(cleanup);
    const inside = await cli(['replay', file], { home, cwd: dir });
    expect(inside.code, inside.stderr).toBe(0);
    expect(inside.stdout.split('\n')[0]).toBe(`Replaying against gas-estimator (Subprocess JSON-RPC) in ${skill}, the folder the recording names.`);

    // The same recording replayed from another folder: the header's folder is not run, and nothing started.
    const elsewhere = cleanup.tempDir();
    const marker = path.join(cleanup.tempDir(), 'ran');
    fs.appendFileSync(path.join(skill, 'skill.py'), `\nopen(${JSON.stringify(marker)}, "a").write("ran\\n")\n`);
    const refused = await cli(['replay', file], { home, cwd: elsewhere });
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe(
      `skillbench: The recording names gas-estimator in ${skill}, outside this folder (${elsewhere}): replay runs a skill a recording names only from within the folder it is run in. Name the skill to replay against with --skill PATH.`,
    );
    expect(fs.existsSync(marker), 'the folder the header names ran').toBe(false);
    const many = await cli(['replay', path.dirname(file)], { home, cwd: elsewhere });
    expect(many.code).toBe(2);
    expect(many.stdout + many.stderr).toContain('outside this folder');
    expect(fs.existsSync(marker), 'the folder the header names ran').toBe(false);

    // Named with --skill, it runs, and says so.
    const named = await cli(['replay', file, '--skill', skill], { home, cwd: elsewhere });
    expect(named.stdout.split('\n')[0]).toBe(`Replaying against gas-estimator (Subprocess JSON-RPC) in ${skill}, as --skill names it.`);
    expect(named.code, named.stderr).toBe(0);
  });
});

describe('skillbench report', () => {
  /** A recording with a good call, a crash (with stderr) and a note that tries to inject markup. */
  async function mixed(cleanup: Cleanup): Promise<string> {
    const dir = cleanup.tempDir();
    const file = path.join(dir, 'mixed.jsonl');
    expect((await cli(['call', RPC, 'echo', '--args', '{"n":1}', '--record', file])).code).toBe(0);
    expect((await cli(['call', RPC, 'crash', '--record', file])).code).toBe(2);
    const h = readRecording(file).header;
    const r = Recorder.open(file, { ...h.skill, root: path.dirname(h.skill.dir) });
    r.append({ type: 'note', text: 'looks odd <script>alert(1)</script> & "quoted" `tick`' });
    r.close();
    return file;
  }

  it('markdown: header, summary, the calls with their arguments, the failure with its stderr, and the notes', async ({ cleanup }) => {
    const file = await mixed(cleanup);
    const r = await cli(['report', file]);
    expect(r.code).toBe(0);
    const md = r.stdout;
    expect(md).toMatch(/^# QA report: mixed/);
    expect(md).toMatch(/\| Skill \| misbehaving \|/);
    expect(md).toMatch(/\| Protocol \| Subprocess JSON-RPC \|/);
    expect(md).toMatch(/\| Folder hash \| `sha256:[0-9a-f]{64}` \|/);
    expect(md).toContain('- Calls: 2 (1 failed)');
    expect(md).toContain('- Crashes: 1');
    expect(md).toContain('- Notes: 1');
    expect(md).toMatch(/✓ `[^`]+` Call #\d+ echo: ok/);
    expect(md).toMatch(/✗ `[^`]+` Call #\d+ crash: failed \(CRASHED\)/);
    expect(md).toContain('"n": 1');
    const failed = md.slice(md.indexOf('## What failed'));
    expect(failed).toMatch(/### Call #\d+ crash/);
    // The crash this call caused is the same failure, told once.
    expect(failed.match(/^### /gm)).toHaveLength(1);
    expect(failed).toMatch(/CRASHED: .*exited with code 3/);
    expect(failed).toMatch(/Stderr around it:\n\n```\n[^`]*about to crash/);
    expect(md.slice(md.indexOf('## Notes'))).toContain('looks odd &lt;script&gt;alert(1)&lt;/script&gt; &amp; "quoted" \\`tick\\`');
  });

  it('html: self-contained, escaped, with the same content', async ({ cleanup }) => {
    const file = await mixed(cleanup);
    const out = path.join(cleanup.tempDir(), 'report.html');
    // Given relative to the folder it runs in, the report's path is said in full.
    const r = await cli(['report', file, '--format', 'html', '--out', 'report.html'], { cwd: path.dirname(out) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Wrote the HTML report to ${out} (${formatBytes(fs.statSync(out).size)}).\n`);
    const html = fs.readFileSync(out, 'utf8');
    expect(html).toBe(renderReport(file, 'html'));
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|src=|href=/i);
    expect(html).toContain('looks odd &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quoted&quot; `tick`');
    expect(html).toMatch(/Call #\d+ echo: ok/);
    expect(html).toMatch(/<pre class="stderr">[^<]*about to crash/);
    expect(html).toContain('&quot;n&quot;: 1');
    expect((await cli(['report', file, '--format', 'pdf'])).code).toBe(2);
  });
});
