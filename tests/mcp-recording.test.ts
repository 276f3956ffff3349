/**
 * Recording in the app against an MCP server (server-everything over stdio): its tool calls, protocol
 * messages and resource reads are in the recording, the recording opens and reports, and replay calls the
 * server's tools again and compares.
 */
import fs from 'node:fs';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { everythingStdio, mcpBench, mcpFolder } from './mcp-helpers';

describe('recording an MCP server in the app', () => {
  it('records tool calls, messages and reads; opens, reports and replays the recording', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    await wb.startSkill(id);
    const rec = await wb.startRecording(id, 'mcp session');
    expect(rec.protocol).toBe('mcp');
    await wb.callTool(id, 'echo', { message: 'recorded' });
    await wb.callTool(id, 'get-sum', { a: 1, b: 2 });
    await wb.mcp.mcpReadResource(id, 'demo://resource/dynamic/text/1');
    await wb.mcp.mcpGetPrompt(id, 'simple-prompt', {});
    const done = (await wb.stopRecording(id))!;

    const view = await wb.qa.openRecording(done.file);
    expect(view.calls.map((c) => c.tool)).toEqual(['echo', 'get-sum']);
    expect(view.calls[0].outcome).toMatchObject({ ok: true, text: 'Echo: recorded', mcp: { content: [{ type: 'text', text: 'Echo: recorded' }] } });
    expect(view.timeline.map((e) => e.label)).toEqual(expect.arrayContaining(['Read demo://resource/dynamic/text/1', 'Got the prompt simple-prompt']));
    const lines = fs.readFileSync(done.file, 'utf8');
    expect(lines).toContain('"method":"resources/read"');

    const report = await wb.qa.exportReport(done.file, 'markdown');
    expect(report.text).toContain('echo');

    const replay = await wb.qa.replayRecording(done.file);
    expect(replay.skill.protocol).toBe('mcp');
    expect(replay.cases.map((c) => [c.tool, c.match])).toEqual([
      ['echo', true],
      ['get-sum', true],
    ]);
    expect(replay.mismatched).toBe(0);
  });

  it('saves calls of an MCP server in a collection and runs it with its assertions', async ({ cleanup }) => {
    const dir = mcpFolder(cleanup, { everything: everythingStdio() });
    const { wb, id } = mcpBench(cleanup, dir, 'everything');
    const saved = await wb.authoring.saveRequest(id, {
      collection: { name: 'smoke' },
      request: { name: 'echo it', tool: 'echo', args: { message: 'checked' }, assertions: [{ contains: 'Echo: checked' }] },
    });
    await wb.authoring.saveRequest(id, { collection: { dir: saved.collection.dir }, request: { name: 'sum', tool: 'get-sum', args: { a: 2, b: 3 }, assertions: [{ contains: '6' }] } });
    const report = await wb.authoring.runCollection(id, saved.collection.dir);
    expect(report.results.map((r) => [r.name, r.pass])).toEqual([
      ['echo it', true],
      ['sum', false],
    ]);
  });
});
