/**
 * tools/call round trips through the engine (its log and message history on disk) against two baselines on the
 * same echo work: a raw pipe (the floor: no protocol layer at all) and the MCP SDK's client (the peer).
 */
import { bestOfPair, type Sample } from './measure';
import { openMcpPeer } from './peer';
import { RawPipe, openEngine, pipelined, sequential } from './rpc';
import { row, type Row } from './rows';

export interface CallBench {
  benchDir: string;
  skillDir: string;
  home: string;
  n: number;
  window: number;
  runs: number;
}

export async function callRows(b: CallBench): Promise<Row[]> {
  const rows: Row[] = [];
  const raw = new RawPipe(b.skillDir);
  await raw.call(0);
  const peer = await openMcpPeer(b.benchDir);
  const rt = await openEngine(b.skillDir, b.home);
  const engine = (i: number) => rt.call('echo', { i });
  // Warm all three (JIT, the interpreters' caches) before anything is timed, sequentially and pipelined: a few
  // hundred calls left the first timed run of ours still being compiled (its CPU a call four times the next).
  for (const warm of [engine, (i: number) => raw.call(i), (i: number) => peer.call(i)]) {
    await sequential(warm, 1000);
    await pipelined(warm, 2000, b.window);
  }

  const pairs = [
    { name: 'sequential', run: (call: (i: number) => Promise<unknown>) => sequential(call, b.n) },
    { name: `pipelined (${b.window} in flight)`, run: (call: (i: number) => Promise<unknown>) => pipelined(call, b.n, b.window) },
  ];
  for (const [k, mode] of pairs.entries()) {
    const [rawS, engS] = await bestOfPair(b.runs, () => mode.run((i) => raw.call(i)), () => mode.run(engine));
    rows.push(row(`tools/call ${mode.name}, vs raw pipe`, 'calls/s', b.n / rawS.seconds, b.n / engS.seconds, k === 0 ? 0.9 : 0.95, cpuNote(rawS, engS, b.n)));
    const [peerS, engS2] = await bestOfPair(b.runs, () => mode.run((i) => peer.call(i)), () => mode.run(engine));
    rows.push(row(`tools/call ${mode.name}, vs MCP SDK client`, 'calls/s', b.n / peerS.seconds, b.n / engS2.seconds, 1.0, `baseline: @modelcontextprotocol/sdk Client + StdioClientTransport; ours keeps its history on disk; ${cpuNote(peerS, engS2, b.n)}`));
  }
  raw.close();
  await peer.close();
  await rt.close();
  return rows;
}

/** This process's CPU a call, baseline and ours: what the host spends, which a busy machine moves less than the clock. */
export function cpuNote(base: Sample, ours: Sample, n: number): string {
  return `CPU a call in this process: ${(base.cpuUs / n).toFixed(1)} µs baseline, ${(ours.cpuUs / n).toFixed(1)} µs ours`;
}
