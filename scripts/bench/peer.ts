/**
 * The peer: the MCP TypeScript SDK's client (`Client` + `StdioClientTransport`, of the SDK generation the workbench uses), the transport a skill author
 * would otherwise pick and the MCP Inspector's engine, driving an MCP server that does the echo skill's work.
 */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { systemPython } from '../../src-main/host/paths';

export interface PeerClient {
  call(i: number): Promise<unknown>;
  close(): Promise<void>;
}

export async function openMcpPeer(benchDir: string): Promise<PeerClient> {
  const transport = new StdioClientTransport({ command: systemPython(), args: [path.join(benchDir, 'mcp_echo.py')], stderr: 'ignore' });
  const client = new Client({ name: 'skillbench-bench', version: '1.0.0' });
  await client.connect(transport);
  return {
    call: (i) => client.callTool({ name: 'echo', arguments: { i } }),
    close: () => client.close(),
  };
}
