/**
 * A secret the workbench knows never leaves it, whatever way it takes: this walks every event type a window
 * can hear, the answers of the commands that read back what happened, and every file of every type under
 * the home, with a secret spelled in every way a skill may send it back (raw, JSON-escaped, ASCII-escaped,
 * escaped twice). Skills of four protocols carry it: a JSON-RPC skill echoing it, a SkillDefinition skill
 * with ticks, an agent's action skill with schedules, and an MCP server answering with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect } from 'vitest';
import { EVENT_NAMES, type EventName } from '../src-main/contract';
import { modelServer } from './model-server';
import { asciiForm, spellings } from '../src-main/engine/secret-forms';
import { Workbench } from '../src-main/workbench/workbench';
import { it } from './cleanup-fixture';
import { allFiles, EXAMPLES, FIXTURES, waitFor } from './helpers';
import { everythingStdio } from './mcp-helpers';
import { workbenchApi } from '../src-main/workbench/api';
import { scaled } from './machine-factor';

/** Quotes, a slash, non-ASCII and CJK: each spelled differently raw, in JSON and in ASCII-only JSON. */
const SECRET = 'Zq"é/秘密-7d6c5b4a3f';

function leaks(text: string): string[] {
  return spellings(SECRET).filter((s) => text.includes(s));
}

describe('a secret at the ways out of the workbench', () => {
  it('is in no event, no answer and no file under the home', { timeout: scaled(60_000) }, async ({ cleanup }) => {
    const ws = cleanup.tempDir();
    fs.cpSync(path.join(FIXTURES, 'rpc'), path.join(ws, 'rpc'), { recursive: true });
    fs.cpSync(path.join(EXAMPLES, 'price-alerts'), path.join(ws, 'price-alerts'), { recursive: true });
    fs.cpSync(path.join(FIXTURES, 'action', 'wild'), path.join(ws, 'wild'), { recursive: true });
    // An MCP server too (the reference server), for its events and its answers.
    fs.mkdirSync(path.join(ws, 'mcp'));
    fs.writeFileSync(path.join(ws, 'mcp', '.mcp.json'), JSON.stringify({ mcpServers: { everything: everythingStdio() } }));
    // And a small one of our own that says when a URL elicitation is complete.
    fs.mkdirSync(path.join(ws, 'mcp-signin'));
    const signinServer = path.join(FIXTURES, 'mcp-url-complete', 'server.mjs');
    fs.writeFileSync(path.join(ws, 'mcp-signin', '.mcp.json'), JSON.stringify({ mcpServers: { signin: { command: process.execPath, args: [signinServer] } } }));
    // And one that asks for sampling whatever the client declared, connected as a client that offers none (a host
    // profile): its question is refused, as that client would.
    fs.mkdirSync(path.join(ws, 'mcp-refused'));
    const conformanceServer = path.join(FIXTURES, 'mcp-conformance-server', 'server.mjs');
    fs.writeFileSync(path.join(ws, 'mcp-refused', '.mcp.json'), JSON.stringify({ mcpServers: { refused: { command: process.execPath, args: [conformanceServer] } } }));
    // And an HTTP server, for its OAuth steps (tests/mcp-oauth.test.ts signs in to a real one).
    fs.mkdirSync(path.join(ws, 'mcp-remote'));
    fs.writeFileSync(path.join(ws, 'mcp-remote', '.mcp.json'), JSON.stringify({ mcpServers: { remote: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } }));
    // And a Python skill whose environment is prepared (the installer's output goes out as it comes).
    fs.cpSync(path.join(FIXTURES, 'python-env', 'otter-like'), path.join(ws, 'otter-like'), { recursive: true });
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [ws], namedFolders: true, reloadDebounceMs: 100 }));
    const api = workbenchApi(wb);
    const heard = new Map<EventName, string[]>();
    // What the bridges hear: the events of each turn, delivered to windows.
    wb.events.onAnyForWindow((event, payload) => heard.set(event, [...(heard.get(event) ?? []), JSON.stringify(payload)]));
    const ids = Object.fromEntries((await api.listSkills()).map((s) => [path.basename(s.dir) === 'wild' ? s.name : path.basename(s.dir), s.id]));
    const mcp = ids.mcp;
    const rpc = ids.rpc;

    // The secret is the JSON-RPC skill's secret variable and the agent's token.
    await api.updateSkillSettings(rpc, { secretValues: { TOKEN: SECRET } });
    await api.updateSkillSettings(ids.digest, { secretValues: { DIGEST_TOKEN: SECRET } });
    await api.updateSkillSettings(mcp, { secretValues: { MCP_TOKEN: SECRET } });

    const answers: unknown[] = [];
    await api.startSkill(rpc);
    wb.observeFiles(rpc);
    const recording = await api.startRecording(rpc, 'edges');
    answers.push(await api.callTool(rpc, 'echo', { token: SECRET, nested: { list: [SECRET, `Bearer ${SECRET}`] } }));
    answers.push(await api.callTool(rpc, 'go_style', { token: `<${SECRET}>` }));
    await api.annotate(rpc, `the token was ${SECRET}`);
    answers.push(await api.stopRecording(rpc));
    fs.writeFileSync(path.join(ws, 'rpc', 'notes.txt'), 'an edit\n');

    await api.startSkill(ids['price-alerts']);
    await api.pauseTicks(ids['price-alerts']);
    await api.startSkill(ids.digest);
    await api.controlSchedule(ids.digest, (await api.getSchedules(ids.digest))[0].id, 'pause');
    await wb.refreshSkills();
    await waitFor(() => heard.has('filesChanged'), 10_000, 'the edit to be told of');

    // The MCP server knows the secret (its variable) and is given it (an elicitation answered with it).
    // Roots set, so the server asks for them and the roots event goes out too.
    await api.mcpSetRoots(mcp, [{ uri: pathToFileURL(cleanup.tempDir()).href, name: 'work' }]);
    await api.startSkill(mcp);
    await api.mcpSetLogLevel(mcp, 'debug');
    const env = await api.callTool(mcp, 'get-env', {});
    expect(env.outcome!.text).toContain('"MCP_TOKEN": "••••"');
    answers.push(env);
    await api.mcpSubscribe(mcp, 'demo://resource/dynamic/text/1');
    await api.callTool(mcp, 'toggle-subscriber-updates', {});
    const elicited = api.callTool(mcp, 'trigger-elicitation-request', {});
    const [asked] = await (async () => {
      await waitFor(() => heard.has('mcpRequest'), 20_000, 'the elicitation');
      return api.mcpPending(mcp);
    })();
    await api.mcpAnswerElicitation(asked.requestId, { action: 'accept', content: { name: SECRET } });
    const echoed = await elicited;
    expect(JSON.stringify(echoed.outcome!.mcp)).toContain('••••');
    answers.push(echoed);
    await api.callTool(mcp, 'trigger-long-running-operation', { duration: 0.2, steps: 2 }, { callId: 'progress' });
    await waitFor(() => ['mcpResourceUpdated', 'mcpLog', 'mcpListChanged', 'mcpRoots', 'mcpProgress'].every((e) => heard.has(e as EventName)), 20_000, 'the MCP events');
    // A tool run as a task (its statuses), given the secret; a URL elicitation the server says is complete.
    answers.push(await api.callTool(mcp, 'simulate-research-query', { topic: SECRET }, { callId: 'task' }));
    const signin = ids['mcp-signin'];
    const signed = api.callTool(signin, 'sign-in', {});
    await waitFor(() => heard.has('mcpElicitationComplete'), 20_000, 'the sign-in to be complete');
    const [url] = await api.mcpPending(signin);
    await api.mcpAnswerElicitation(url.requestId, { action: 'accept' });
    answers.push(await signed);
    await api.updateSkillSettings(ids['mcp-refused'], { hostProfile: 'claude-code' });
    answers.push(await api.callTool(ids['mcp-refused'], 'test_sampling', { prompt: 'hi' }));
    answers.push(await api.mcpSession(mcp), await api.mcpLogMessages(mcp), await api.getMessages(mcp), await api.getHistory(mcp));
    answers.push(await api.mcpOAuthLogout(ids['mcp-remote']));

    // A chat with a model that is given the secret and hands it to a tool; an environment prepared (offline, from nothing).
    const model = cleanup.add(await modelServer());
    // The answer streams the secret split in two: neither half may show.
    const half = SECRET.length >> 1;
    model.reply({ toolCalls: [{ name: 'echo', arguments: { token: SECRET } }] }, { text: `Done: ${SECRET}`, pieces: [`Done: ${SECRET.slice(0, half)}`, SECRET.slice(half)] });
    await api.saveModelProfile({ id: 'scripted', provider: 'openai', model: 'scripted', baseUrl: model.openaiBaseUrl });
    answers.push(await api.chatSend({ chatId: 'edges', target: { skillId: rpc }, message: `use ${SECRET}` }));
    await wb.events.delivered();
    const streamed = heard.get('chat')!.join('\n');
    for (const part of [SECRET.slice(0, half), SECRET.slice(half)]) expect(streamed).not.toContain(JSON.stringify(part).slice(1, -1));
    answers.push(await api.prepareEnv(ids['otter-like'], { findLinks: cleanup.tempDir() }));

    answers.push(
      await api.getHistory(rpc),
      await api.getLogs(rpc),
      await api.getMessages(rpc),
      await api.getTimeline(rpc),
      await api.listSkills(),
      await api.inspectSkill(rpc),
      await api.inspectSkill(ids.digest),
      await api.getSkillSettings(rpc),
      await api.listRecordings(),
      await api.openRecording(recording.file),
      await api.exportReport(recording.file, 'markdown'),
      await api.exportReport(recording.file, 'html'),
      await api.maskSecrets(rpc, { typed: SECRET }),
    );
    await wb.events.delivered();

    // Every event a window can hear was heard, and none carried the secret. Only a full disk makes
    // `diskTrouble`, and its words are the workbench's own (tests/disk-trouble.test.ts makes one). `resync` is the
    // window link's own word to a window too far behind, carrying only a count (tests/window-link.test.ts).
    expect([...heard.keys()].sort()).toEqual(EVENT_NAMES.filter((e) => e !== 'diskTrouble' && e !== 'resync').sort());
    for (const [event, payloads] of heard) expect({ event, leaks: leaks(payloads.join('\n')) }).toEqual({ event, leaks: [] });
    // The echo answered with the secret, and the answers show it masked.
    expect(JSON.stringify(answers[0])).toContain('••••');
    expect(leaks(JSON.stringify(answers))).toEqual([]);

    await wb.close();
    const files = allFiles(home);
    const names = files.map((f) => path.relative(home, f).split(path.sep).join('/'));
    // The kinds of file a session writes are all there: logs, message histories, timelines, the call
    // history, settings, state, the recording and its reports, the workspace and the encrypted secrets.
    const kinds = [/\/logs\/.*\.log$/, /\/messages\/.*\.jsonl$/, /\/timeline\.jsonl$/, /\/history\.jsonl$/, /\/settings\.json$/, /\/state\.json$/, /^recordings\/.*edges\.jsonl$/, /\.report\.md$/, /\.report\.html$/, /^workspaces\/[0-9a-f]{16}\.json$/, /^secrets\.json$/];
    expect(kinds.filter((k) => !names.some((n) => k.test(n))).map(String)).toEqual([]);
    const leaking = files.filter((f) => leaks(fs.readFileSync(f, 'utf8')).length > 0).map((f) => path.relative(home, f));
    expect(leaking).toEqual([]);
  });
});

describe('revealing a call', () => {
  it('gives this session\'s call as answered, on request only, and nothing for a call it does not hold', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [path.join(FIXTURES, 'rpc')], namedFolders: true }));
    const api = workbenchApi(wb);
    await api.updateSkillSettings('rpc', { secretValues: { TOKEN: SECRET } });
    const masked = await api.callTool('rpc', 'echo', { token: SECRET }, { callId: 'reveal-me' });
    expect(leaks(JSON.stringify(masked))).toEqual([]);
    expect(leaks(JSON.stringify(await api.getHistory('rpc')))).toEqual([]);
    const clear = await api.revealCall('rpc', 'reveal-me');
    // As the skill sent it: Python's json.dumps, ASCII-escaped.
    expect(clear?.outcome?.text).toContain(asciiForm(SECRET));
    expect(await api.revealCall('rpc', 'never-made')).toBeNull();
  });
});
