/**
 * `skillbench mcp` as a proxy: an MCP server (the reference `server-everything`, the workbench's fifth
 * protocol) served again through the bridge, to the MCP SDK's Client. Every kind of content passes whole,
 * progress arrives, and what the server asks of its user (elicitation, sampling) is asked of the client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { CallToolResultSchema, CreateMessageRequestSchema, ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { it } from './cleanup-fixture';
import { ROOT } from './helpers';
import { overStdio } from './mcp-bridge-client';

const EVERYTHING = `${path.join(ROOT, 'node_modules', '.bin', 'mcp-server-everything')} stdio`;

describe('skillbench mcp --command: an MCP server proxied', () => {
  it('lists its tools and passes images, structured content and progress through', async ({ cleanup }) => {
    const mcp = cleanup.add(await overStdio(['--command', EVERYTHING, '--server', 'everything'], cleanup.tempDir()));
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-tiny-image', 'get-structured-content', 'trigger-long-running-operation']));

    const echo = (await mcp.client.callTool({ name: 'echo', arguments: { message: 'through the bridge' } })) as CallToolResult;
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: through the bridge' }]);
    const image = (await mcp.client.callTool({ name: 'get-tiny-image', arguments: {} })) as CallToolResult;
    expect(image.content.some((c) => c.type === 'image' && c.mimeType === 'image/png' && c.data.length > 0)).toBe(true);
    const structured = (await mcp.client.callTool({ name: 'get-structured-content', arguments: { location: 'Chicago' } })) as CallToolResult;
    expect(structured.structuredContent).toMatchObject({ temperature: expect.any(Number) });

    const progress: number[] = [];
    await mcp.client.callTool({ name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 3 } }, CallToolResultSchema, { onprogress: (p) => progress.push(p.progress) });
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 60_000);

  it("asks the client what the server asks its user: a form, and a model's answer", async ({ cleanup }) => {
    const forms: string[] = [];
    const prompts: unknown[] = [];
    const mcp = cleanup.add(
      await overStdio(['--command', EVERYTHING, '--server', 'everything'], cleanup.tempDir(), { elicitation: { form: {} }, sampling: {} }, (c) => {
        c.setRequestHandler(ElicitRequestSchema, async (req) => {
          forms.push(req.params.message);
          const props = Object.keys((req.params as { requestedSchema: { properties: Record<string, unknown> } }).requestedSchema.properties);
          return { action: 'accept', content: Object.fromEntries(props.filter((p) => p === 'name').map((p) => [p, 'Ada'])) };
        });
        c.setRequestHandler(CreateMessageRequestSchema, async (req) => {
          prompts.push(req.params.messages);
          return { role: 'assistant', content: { type: 'text', text: 'the answer by hand' }, model: 'test-model' };
        });
      }),
    );
    const names = (await mcp.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['trigger-elicitation-request', 'trigger-sampling-request']));
    const elicited = (await mcp.client.callTool({ name: 'trigger-elicitation-request', arguments: {} })) as CallToolResult;
    expect(forms.length).toBe(1);
    expect(JSON.stringify(elicited.content)).toMatch(/accept/);
    const sampled = (await mcp.client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'Say hi' } })) as CallToolResult;
    expect(JSON.stringify(prompts)).toContain('Say hi');
    expect(JSON.stringify(sampled.content)).toContain('the answer by hand');
  }, 60_000);

  it("a folder's .mcp.json server, named as the app's config snippet names it", async ({ cleanup }) => {
    const project = cleanup.tempDir();
    const [command, ...args] = EVERYTHING.split(' ');
    fs.writeFileSync(path.join(project, '.mcp.json'), JSON.stringify({ mcpServers: { everything: { command, args } } }));
    const mcp = cleanup.add(await overStdio([project, '--skill', 'everything'], cleanup.tempDir()));
    const echo = (await mcp.client.callTool({ name: 'echo', arguments: { message: 'from the folder' } })) as CallToolResult;
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: from the folder' }]);
  }, 60_000);

  it('a client that cannot answer forms gets the server’s question declined, not a hang', async ({ cleanup }) => {
    const mcp = cleanup.add(await overStdio(['--command', EVERYTHING, '--server', 'everything'], cleanup.tempDir()));
    const r = (await mcp.client.callTool({ name: 'trigger-elicitation-request', arguments: {} })) as CallToolResult;
    expect(JSON.stringify(r.content)).toMatch(/decline/i);
  }, 60_000);
});
