/**
 * `skillbench mcp` over stdio and a client that sends what it should not: a line over the 16 MiB limit of one
 * message, and a line that is not JSON. Each gets its error answer, the server says so on stderr, and it goes on
 * serving (it used to end with exit code 0 and no word).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { EXAMPLES, tempDir, waitFor } from './helpers';
import { BIN } from './mcp-bridge-client';
import { scaled } from './machine-factor';

describe('skillbench mcp over stdio, sent too much', () => {
  it('answers an over-long request and a line that is not JSON with errors, and keeps serving', async ({ cleanup }) => {
    const child = spawn(process.execPath, [BIN, 'mcp', path.join(EXAMPLES, 'gas-estimator')], {
      env: { ...process.env, SKILLBENCH_HOME: tempDir() },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    cleanup.add({ stop: () => void child.kill('SIGKILL') });
    const answers = new Map<unknown, { result?: unknown; error?: { code: number; message: string } }>();
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      for (let nl = out.indexOf('\n'); nl !== -1; nl = out.indexOf('\n')) {
        const m = JSON.parse(out.slice(0, nl)) as { id?: unknown; result?: unknown; error?: { code: number; message: string } };
        out = out.slice(nl + 1);
        if ('id' in m) answers.set(m.id, m);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const send = (m: unknown) => child.stdin.write(JSON.stringify(m) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    await waitFor(() => answers.get(1), 20_000, 'initialize');
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });

    // 17 MiB of arguments, its id at the start of the line.
    child.stdin.write(`{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"estimate_gas_cost","arguments":{"pad":"${'x'.repeat(17 * 1024 * 1024)}"}}}\n`);
    child.stdin.write('this is not json\n');
    send({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} });

    const tooBig = await waitFor(() => answers.get(99), 30_000, 'the answer to the over-long request');
    expect(tooBig.error).toMatchObject({ code: -32600, message: expect.stringMatching(/17\.0 MiB, over the 16 MiB limit/) });
    expect(await waitFor(() => answers.get(null), 10_000, 'the parse error')).toMatchObject({ error: { code: -32700 } });
    const list = await waitFor(() => answers.get(3), 10_000, 'tools/list after both');
    expect((list.result as { tools: { name: string }[] }).tools.map((t) => t.name)).toContain('estimate_gas_cost');
    expect(child.exitCode).toBeNull();
    expect(err).toMatch(/over the 16 MiB limit/);
  }, scaled(90_000));
});
