/**
 * One-shot calls (an action script: one Python process a call) through the workbench, against starting the
 * interpreter the workbench would reach directly with the same script and input. Where `python3` is a version
 * manager's shim, the workbench starts the interpreter behind it (engine/interpreter.ts), so the row measures the
 * workbench's own cost a call, not the shim's.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Workbench } from '../../src-main/workbench/workbench';
import { bestOfPair } from './measure';
import { row, type Row } from './rows';

const SCRIPT = `import json, sys
req = json.load(sys.stdin)
print(json.dumps({"success": True, "data": {"echo": req.get("params")}}))
`;

function actionSkill(home: string): string {
  const dir = path.join(home, 'one-shot-agent');
  fs.mkdirSync(path.join(dir, '.claude', 'skills'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'agent.yaml'), 'name: bench-agent\nskills:\n  - name: echo\n    entry: .claude/skills/echo.py\n    description: Echoes its parameters.\n');
  fs.writeFileSync(path.join(dir, '.claude', 'skills', 'echo.py'), SCRIPT);
  return dir;
}

function runDirect(python: string, script: string, input: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [script], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`python exited ${code}`))));
    child.stdin.end(input);
  });
}

export async function oneShotRows(home: string, n: number, runs: number): Promise<Row[]> {
  const dir = actionSkill(home);
  const real = spawnSync('python3', ['-I', '-S', '-c', 'import sys; sys.stdout.write(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
  const wb = new Workbench({ home: path.join(home, 'one-shot-home'), kind: 'browser', folders: [dir], namedFolders: true });
  try {
    const skill = (await wb.listSkills()).find((s) => s.protocol === 'action');
    if (!skill) throw new Error('the one-shot benchmark skill was not found');
    const script = path.join(dir, '.claude', 'skills', 'echo.py');
    const input = JSON.stringify({ action: 'echo', params: { i: 1 }, context: {} });
    const call = async () => {
      const rec = await wb.callTool(skill.id, 'echo', { i: 1 });
      if (!rec.outcome?.ok) throw new Error(`one-shot call failed: ${JSON.stringify(rec.outcome)}`);
    };
    await call();
    const [direct, engine] = await bestOfPair(
      runs,
      async () => {
        for (let i = 0; i < n; i++) await runDirect(real, script, input, dir);
      },
      async () => {
        for (let i = 0; i < n; i++) await call();
      },
    );
    return [row('one-shot calls (a Python process a call), sequential', 'calls/s', n / direct.seconds, n / engine.seconds, 0.8, `baseline: ${real} started directly`)];
  } finally {
    await wb.close();
  }
}
