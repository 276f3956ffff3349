/**
 * Opening a skill runs nothing of it (what the app does when a skill is clicked: `readSkill`). An action skill's
 * schedules are armed only by an explicit Start, never by a look or a tool call; a JSON-RPC skill from a folder
 * not chosen to "start when opened" is read, not started; the Doctor's live check runs only for a skill the user
 * started. The choice to start a folder's skills on open is remembered in the home.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { FIXTURES, liveHandles, noHandlesLeft } from './helpers';

/** Child processes this test process holds open. */
const processes = () => liveHandles('ProcessWrap');

/** An agent whose one skill is scheduled every minute; its script leaves a line in `marker` each time it runs. */
function scheduledAgent(cleanup: Cleanup): { dir: string; marker: string } {
  const dir = path.join(cleanup.tempDir(), 'agent');
  const marker = path.join(cleanup.tempDir(), 'runs');
  fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'agent.yaml'),
    ['schedule:', '  - name: every minute', '    cron: "* * * * *"', '    skill: pulse', '    action: beat', 'skills:', '  - name: pulse', '    entry: scripts/pulse.py', ''].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'scripts', 'pulse.py'),
    `import json, sys\nreq = json.loads(sys.stdin.read())\nopen(${JSON.stringify(marker)}, "a").write(req["action"] + "\\n")\nif req["action"] == "beat":\n    print(json.dumps({"ok": True}))\nelse:\n    print(json.dumps({"ok": True, "echo": req.get("params")}))\n`,
  );
  return { dir, marker };
}

function make(cleanup: Cleanup, home: string, folders: string[]): Workbench {
  return cleanup.add(new Workbench({ home, kind: 'browser', folders, namedFolders: true }));
}

describe('opening a skill runs nothing', () => {
  it("reads an action skill's actions and leaves its schedules unarmed, through a look and a tool call, until Start", async ({ cleanup }) => {
    const { dir, marker } = scheduledAgent(cleanup);
    const wb = make(cleanup, cleanup.tempDir(), [dir]);
    const id = (await wb.listSkills())[0].id;
    const read = await wb.readSkill(id);
    expect(read).toMatchObject({ notStarted: true, tools: [expect.objectContaining({ name: 'beat' })] });
    expect(read.agent?.schedules).toHaveLength(1);
    expect(fs.existsSync(marker), 'the script ran while the skill was only read').toBe(false);
    expect(await wb.agents.getSchedules(id)).toEqual([]);

    // A call runs the script (the user asked for that call), but arms nothing that would run it again by itself.
    expect((await wb.callTool(id, 'beat', {})).outcome?.ok).toBe(true);
    expect(await wb.agents.getSchedules(id)).toEqual([]);

    await wb.startSkill(id);
    const armed = await wb.agents.getSchedules(id);
    expect(armed).toHaveLength(1);
    expect(armed[0].nextRun).toBeGreaterThan(Date.now());
  });

  it('reads a JSON-RPC skill without starting it, until its folder is chosen to start on open, which is remembered', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const folder = path.join(FIXTURES, 'rpc');
    await noHandlesLeft();
    const before = processes();
    const wb = make(cleanup, home, [folder]);
    const read = await wb.readSkill('rpc');
    expect(read).toMatchObject({ notStarted: true, tools: [] });
    expect((await wb.listSkills())[0].status).toBe('stopped');
    expect(processes()).toBe(before);

    expect((await wb.setRunOnOpen(folder, true)).runOnOpen).toEqual([folder]);
    const started = await wb.readSkill('rpc');
    expect(started.notStarted).toBeUndefined();
    expect(started.tools.map((t) => t.name)).toContain('echo');
    await wb.close();

    const again = make(cleanup, home, [folder]);
    expect((await again.getWorkspace()).runOnOpen).toEqual([folder]);
    await expect(again.setRunOnOpen('/not/open', true)).rejects.toThrow('/not/open is not an open folder.');
  });

  it("the Doctor's live check starts only a skill the user started", async ({ cleanup }) => {
    const wb = make(cleanup, cleanup.tempDir(), [path.join(FIXTURES, 'rpc')]);
    const looked = await wb.authoring.runDoctor('rpc');
    expect(looked.findings.map((f) => f.code)).toContain('LIVE_SKIPPED');
    expect(looked.findings.map((f) => f.code)).not.toContain('LIVE_STARTED');
    await wb.startSkill('rpc');
    const checked = await wb.authoring.runDoctor('rpc');
    expect(checked.findings.map((f) => f.code)).toContain('LIVE_STARTED');
  });

  it("inspect's help says which skills it starts", async () => {
    const help = await cli(['inspect', '--help']);
    expect(help.stdout + help.stderr).toMatch(/JSON-RPC, SkillDefinition and MCP skills .* are started, asked and stopped/);
    expect(help.stdout + help.stderr).not.toMatch(/nothing is run;/);
  });
});
