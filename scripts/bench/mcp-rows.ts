/**
 * An MCP server's tool call through the workbench's MCP adapter (the MCP SDK's Client over our own child
 * process and framing, every message in the history on disk) against the same call through the MCP SDK's
 * `Client` + `StdioClientTransport` alone, on the same MCP echo server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemPython } from '../../src-main/host/paths';
import { mcpProtocol } from '../../src-main/protocols/mcp';
import { SkillRuntime } from '../../src-main/runtime/skill-runtime';
import { cpuNote, type CallBench } from './call-rows';
import { bestOfPair } from './measure';
import { openMcpPeer } from './peer';
import { pipelined, sequential } from './rpc';
import { row, type Row } from './rows';

export async function mcpRows(b: CallBench): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-bench-mcp-'));
  fs.writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { echo: { command: systemPython(), args: [path.join(b.benchDir, 'mcp_echo.py')] } } }));
  const ref = mcpProtocol.detect(dir, dir)[0];
  const rt = new SkillRuntime(ref, { home: b.home, restart: { enabled: false } });
  const rows: Row[] = [];
  try {
    await rt.start();
    const peer = await openMcpPeer(b.benchDir);
    const ours = (i: number) => rt.call('echo', { i });
    const theirs = (i: number) => peer.call(i);
    for (const warm of [ours, theirs]) {
      await sequential(warm, 1000);
      await pipelined(warm, 2000, b.window);
    }
    const modes = [
      { name: 'sequential', run: (call: (i: number) => Promise<unknown>) => sequential(call, b.n) },
      { name: `pipelined (${b.window} in flight)`, run: (call: (i: number) => Promise<unknown>) => pipelined(call, b.n, b.window) },
    ];
    for (const mode of modes) {
      const [sdk, eng] = await bestOfPair(b.runs, () => mode.run(theirs), () => mode.run(ours));
      rows.push(
        row(`MCP tools/call ${mode.name}, our MCP adapter vs MCP SDK client`, 'calls/s', b.n / sdk.seconds, b.n / eng.seconds, 0.95, `same MCP echo server; baseline: the SDK's Client + StdioClientTransport alone; ours: the same Client over our process, framing and history on disk; ${cpuNote(sdk, eng, b.n)}`),
      );
    }
    await peer.close();
  } finally {
    await rt.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
