/** Recording: the same pipelined calls through the workbench service, with a recording on and off. */
import { Workbench } from '../../src-main/workbench/workbench';
import { bestOfPair } from './measure';
import { pipelined, sequential } from './rpc';
import { row, type Row } from './rows';
import { cpuNote, type CallBench } from './call-rows';

export async function recordingRows(b: CallBench): Promise<Row[]> {
  const wb = new Workbench({ home: b.home, kind: 'browser', folders: [b.skillDir], namedFolders: true });
  const skillId = (await wb.listSkills())[0].id;
  const call = (i: number) => wb.callTool(skillId, 'echo', { i });
  await sequential(call, 200);
  const [off, on] = await bestOfPair(
    b.runs,
    () => pipelined(call, b.n, b.window),
    async () => {
      await wb.startRecording(skillId, 'bench');
      await pipelined(call, b.n, b.window);
      await wb.stopRecording(skillId);
    },
  );
  await wb.close();
  const addedUs = ((on.seconds - off.seconds) / b.n) * 1e6;
  const addedCpu = (on.cpuUs - off.cpuUs) / b.n;
  return [row(`calls with a recording on (${b.window} in flight)`, 'calls/s', b.n / off.seconds, b.n / on.seconds, 0.9, `baseline: recording off; +${addedUs.toFixed(1)} µs a call; ${cpuNote(off, on, b.n)} (+${addedCpu.toFixed(1)})`)];
}
