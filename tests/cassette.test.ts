/**
 * Recorded model turns: `chat --record` puts the turn, its tool call and every model request and answer (the
 * stream as its text, no key) into the recording; `replay` runs the turn again on the real skill (a copy of
 * tests/fixtures/skilldef/full, a Python process) with the model's answers from the recording, the scripted model
 * server closed; a tool that now answers otherwise and tools offered otherwise are both reported; `--live` asks
 * the (scripted) model again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { ReplayReport } from '../src-main/contract';
import { parseRecording } from '../src-main/qa/recording-reader';
import { it } from './cleanup-fixture';
import { cli } from './cli-run';
import { FIXTURES } from './helpers';
import { modelServer } from './model-server';

const KEY = 'sk-cassette-key-0123456789';

function copySkill(into: string): string {
  const dir = path.join(into, 'full');
  fs.cpSync(path.join(FIXTURES, 'skilldef', 'full'), dir, { recursive: true });
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${from} is not in ${file}`);
  fs.writeFileSync(file, text.replace(from, to));
}

describe('recorded model turns', () => {
  it('record a chat, replay it offline, see a changed tool answer and a changed request, and --live', async ({ cleanup }) => {
    const root = cleanup.tempDir('cassette-');
    const home = path.join(root, 'home');
    const skill = copySkill(root);
    const file = path.join(root, 'chat.jsonl');
    const server = await modelServer();
    server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: 'It said a secret hi.' });
    const chat = await cli(['chat', skill, '!hello', '--model', 'scripted-small', '--base-url', server.openaiBaseUrl, '--api-key-env', 'MODEL_KEY', '--record', file, '--json'], { home, env: { MODEL_KEY: KEY } });
    expect(chat.stderr).toBe('');
    expect(chat.code).toBe(0);

    // The recording: the turn, the call, both model exchanges with the whole stream; never the key.
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    const rec = parseRecording(text);
    const types = rec.records.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['chat-turn', 'chat-event', 'model-request', 'model-response', 'call-start', 'call', 'end']));
    const responses = rec.records.filter((r) => r.type === 'model-response');
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatchObject({ exchange: 1, status: 200, headers: { 'content-type': 'text/event-stream' } });
    expect((responses[0] as { body: string }).body).toMatch(/^data: /m);
    expect(rec.records.find((r) => r.type === 'chat-turn')).toMatchObject({ message: '!hello', model: { provider: 'openai', model: 'scripted-small', apiKeyEnv: 'MODEL_KEY' }, maxSteps: 8 });
    const report = await cli(['report', file]);
    expect(report.stdout).toMatch(/Chat turn with scripted-small: "!hello"/);
    expect(report.stdout).toMatch(/Chat answer: ok, 2 model requests, 1 tool call/);

    // Offline: the model's server is gone, and the turn goes as recorded.
    await server.close();
    const same = await cli(['replay', file, '--json'], { home, cwd: root });
    expect(same.stderr).toBe("");
    expect(same.code).toBe(0);
    const r1 = JSON.parse(same.stdout) as ReplayReport;
    expect(r1.turns).toEqual([expect.objectContaining({ match: true, live: false, requests: [], differences: [] })]);
    expect(r1.turns![0].replayed).toMatchObject({ ok: true, modelMessage: 'HELLO', answer: 'It said a [hidden] hi.' });
    expect(r1.cases).toEqual([expect.objectContaining({ tool: 'echo', match: true })]);

    // The skill answers otherwise: the call differs, and the model would be sent the new answer.
    const py = path.join(skill, 'skill.py');
    edit(py, 'content=args["text"])', 'content=args["text"].upper())');
    const changed = await cli(['replay', file], { home, cwd: root });
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/✗ #\d+ echo .*\n {4}text: "hi" -> "HI"/);
    expect(changed.stdout).toMatch(/✗ chat turn \d+ "!hello"[^\n]*\n {4}model request 2 would be new:\n {6}messages\.\d+\.content: "hi" -> "HI"/);

    // The tools are offered otherwise (a description changed): the first request already differs.
    edit(py, 'content=args["text"].upper())', 'content=args["text"])');
    edit(py, 'description=f"{name} (test tool)"', 'description=f"{name}, a tool for tests"');
    const r3 = JSON.parse((await cli(['replay', file, '--json'], { home, cwd: root })).stdout) as ReplayReport;
    const first = r3.turns![0].requests.find((q) => q.exchange === 1);
    expect(first?.differences.some((d) => /^tools\.\d+\.function\.description$/.test(d.path) && d.replayed === 'echo, a tool for tests')).toBe(true);
    expect(r3.cases.every((c) => c.match)).toBe(true);

    // --live: the model is asked again (here, a new scripted server that answers otherwise).
    const again = cleanup.add(await modelServer());
    again.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] }, { text: 'Something else.' });
    const live = await cli(['replay', file, '--live', '--model', 'scripted-large', '--base-url', again.openaiBaseUrl, '--json'], { home, cwd: root });
    expect(live.code).toBe(1);
    const r4 = JSON.parse(live.stdout) as ReplayReport;
    expect(r4.turns![0]).toMatchObject({ live: true, model: 'scripted-large', requests: [] });
    expect(r4.turns![0].differences.map((d) => d.path)).toEqual(['modelAnswer', 'answer']);
    expect(again.chats()).toHaveLength(2);
    expect(again.chats()[0].body.model).toBe('scripted-large');
  });
});
