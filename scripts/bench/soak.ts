/**
 * A long run: N calls through one skill with its message history and a recording on. The process's memory
 * must stay flat: RSS at the start (after warming up) against the end (both after a GC), with the peak beside.
 */
import { Workbench } from '../../src-main/workbench/workbench';
import { measure } from './measure';
import { pipelined, sequential } from './rpc';
import { timeRow, type Row } from './rows';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const mb = (bytes: number) => bytes / (1024 * 1024);

export async function soakRow(skillDir: string, home: string, n: number, window: number): Promise<Row> {
  const wb = new Workbench({ home, kind: 'browser', folders: [skillDir], namedFolders: true });
  const skillId = (await wb.listSkills())[0].id;
  const call = (i: number) => wb.callTool(skillId, 'echo', { i });
  await wb.startRecording(skillId, 'soak');
  await sequential(call, 20_000 / window);
  await pipelined(call, 20_000, window);
  gc();
  const start = process.memoryUsage.rss();
  const sample = await measure(() => pipelined(call, n, window));
  await wb.stopRecording(skillId);
  gc();
  const end = process.memoryUsage.rss();
  await wb.close();
  const note = `start ${mb(start).toFixed(0)} MB, peak ${mb(sample.peakRss).toFixed(0)} MB, end ${mb(end).toFixed(0)} MB; ${Math.round(n / sample.seconds).toLocaleString('en-US')} calls/s`;
  return timeRow(`${n.toLocaleString('en-US')} calls with history and a recording on: RSS end vs start`, 'MB', mb(start), mb(end), 0.9, note);
}
