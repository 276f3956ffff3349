/**
 * The workbench's MCP client as the conformance suite's client scenarios run it (bundled by run-client.mjs):
 * `node client.cjs <server URL>`, the scenario named in MCP_CONFORMANCE_SCENARIO and its context (the calls to
 * make) in MCP_CONFORMANCE_CONTEXT. It is the app's own client (the MCP adapter, its era found out as usual), with a
 * user who accepts every form as shown (its defaults) and answers sampling, and looks at everything the server offers:
 * its tools called (with the context's arguments, else ones made from each schema), its resources and prompts read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { McpEvents, McpServerConfig } from '../../src-main/contract';
import { refsOf } from '../../src-main/protocols/mcp';
import { SkillRuntime } from '../../src-main/runtime/skill-runtime';

const url = process.argv.at(-1)!;
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { toolCalls?: { name: string; arguments?: Record<string, unknown> }[] };
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-conformance-client-'));
const server: McpServerConfig = { name: 'conformance', transport: 'http', url };
const file = path.join(home, '.mcp.json');
fs.writeFileSync(file, JSON.stringify({ mcpServers: { conformance: { type: 'http', url } } }));
const ref = refsOf([server], file, home, home)[0];

const rt: SkillRuntime = SkillRuntime.withSettings(ref, home, {
  restart: { enabled: false },
  emit: (event, payload) => {
    if (event !== 'mcpRequest') return;
    const asked = payload as McpEvents['mcpRequest'];
    const mcp = rt.adapter.mcp!;
    // The user accepts the form as it is shown, with its defaults; and answers a model's question.
    if (asked.kind === 'elicitation') mcp.answerElicitation(asked.requestId, { action: 'accept', content: {} });
    else mcp.answerSampling(asked.requestId, { action: 'answer', content: { type: 'text', text: 'An answer from the conformance client.' }, model: 'conformance' });
  },
});

/** Arguments for a tool from its schema: each required property given a value of its type. */
function argumentsOf(schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, { type?: string; enum?: unknown[] }>;
  const out: Record<string, unknown> = {};
  for (const name of (schema.required ?? []) as string[]) {
    const p = props[name] ?? {};
    out[name] = p.enum?.[0] ?? (p.type === 'number' || p.type === 'integer' ? 1 : p.type === 'boolean' ? true : p.type === 'array' ? [] : p.type === 'object' ? {} : 'x');
  }
  return out;
}

async function main(): Promise<void> {
  await rt.start();
  const mcp = rt.adapter.mcp!;
  const tools = await mcp.tools();
  const say = (what: string, o: { ok: boolean; text?: string; error?: { message: string } } | undefined) => console.log(`${what}: ${o?.ok ? 'ok' : 'failed'} ${o?.text ?? o?.error?.message ?? ''}`.slice(0, 300));
  if (scenario === 'json-schema-2020-12-preservation') {
    // Its listed schema sent back verbatim to the echo tool, which compares it with the one it listed.
    const focal = tools.find((t) => t.name === 'json_schema_2020_12_tool');
    const echo = tools.find((t) => t.name !== 'json_schema_2020_12_tool');
    if (focal && echo) say(echo.name, (await rt.callTool(echo.name, { schema: focal.inputSchema })).outcome);
  } else {
    const calls = context.toolCalls ?? tools.map((t) => ({ name: t.name, arguments: argumentsOf(t.inputSchema) }));
    for (const c of calls) say(c.name, (await rt.callTool(c.name, c.arguments ?? {})).outcome);
  }
  const info = mcp.serverInfo();
  if (info?.capabilities.resources) {
    const resources = await mcp.resources().catch(() => []);
    if (resources[0]) await mcp.readResource(resources[0].uri).catch(() => undefined);
  }
  if (info?.capabilities.prompts) {
    const prompts = await mcp.prompts().catch(() => []);
    if (prompts[0]) await mcp.getPrompt(prompts[0].name, {}).catch(() => undefined);
  }
}

void main()
  .then(
    () => 0,
    (err: Error) => {
      console.error(`The conformance client failed: ${err.message}`);
      return 1;
    },
  )
  .then(async (code) => {
    await rt.close().catch(() => undefined);
    fs.rmSync(home, { recursive: true, force: true });
    process.exit(code);
  });
