/**
 * `skillbench chat` and tool approval: a script the model asks for (a real Agent Skill's shell script; the model
 * the scripted server over HTTP) is asked about on a terminal, refused without one, and run with --allow-tools.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it, type Cleanup } from './cleanup-fixture';
import { cli } from './cli-run';
import { modelServer, type ModelServer } from './model-server';

function scriptSkill(cleanup: Cleanup): { dir: string; ran: () => string | null } {
  const dir = path.join(cleanup.tempDir('chat-cli-approval-'), 'notes');
  fs.mkdirSync(path.join(dir, 'scripts'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'SKILL.md'), '---\nname: notes\ndescription: Writes a note. Use when asked to.\n---\n\nRun scripts/run.sh.\n');
  fs.writeFileSync(path.join(dir, 'scripts', 'run.sh'), '#!/bin/sh\necho "$@" >> "$(dirname "$0")/../ran.txt"\necho ran\n', { mode: 0o755 });
  const file = path.join(dir, 'ran.txt');
  return { dir, ran: () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null) };
}

const asks = (server: ModelServer, word: string) => server.reply({ toolCalls: [{ name: 'scripts_run_sh', arguments: { args: [word] } }] }, { text: 'done' });

describe('skillbench chat: tool approval', () => {
  it('without a terminal a script is refused and the model told why; --allow-tools runs it', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    const { dir, ran } = scriptSkill(cleanup);
    const home = cleanup.tempDir('chat-cli-home-');
    const base = ['chat', dir, 'note it', '--model', 'm', '--base-url', server.openaiBaseUrl, '--json'];
    asks(server, 'piped');
    const refused = JSON.parse((await cli(base, { home })).stdout);
    expect(refused.toolCalls[0]).toMatchObject({ ok: false, result: expect.stringMatching(/needs the user's approval, and skillbench chat had no terminal to ask on.*--allow-tools/) });
    expect(ran()).toBeNull();
    asks(server, 'allowed');
    const allowed = JSON.parse((await cli([...base, '--allow-tools'], { home })).stdout);
    expect(allowed.toolCalls[0]).toMatchObject({ ok: true });
    expect(ran()).toBe('allowed\n');
  });

  it('on a terminal it asks, with the arguments and the first-run warning; n declines, a keeps it allowed', async ({ cleanup }) => {
    const server = cleanup.add(await modelServer());
    const { dir, ran } = scriptSkill(cleanup);
    const home = cleanup.tempDir('chat-cli-home-');
    const base = ['chat', dir, 'note it', '--model', 'm', '--base-url', server.openaiBaseUrl];
    asks(server, 'declined');
    const no = await cli(base, { home, tty: true, input: 'what?\nn\n' });
    expect(no.stderr).toContain('The model asks to run scripts/run.sh of notes (asked because it runs a local script, with your rights).');
    expect(no.stderr).toMatch(/"declined"/);
    expect(no.stderr).toMatch(/! scripts\/run\.sh has not been run from the workbench before/);
    // An answer it does not know is asked again.
    expect(no.stderr.match(/Run it\? \[y\] once/g)).toHaveLength(2);
    expect(no.stderr).toMatch(/✗ scripts\/run\.sh .*The user declined this tool call/);
    expect(ran()).toBeNull();

    asks(server, 'always');
    expect((await cli(base, { home, tty: true, input: 'a\n' })).code).toBe(0);
    expect(ran()).toBe('always\n');
    // Kept in the home: not asked again, even without a terminal.
    asks(server, 'kept');
    const kept = await cli(base, { home });
    expect(kept.stderr).not.toContain('The model asks');
    expect(ran()).toBe('always\nkept\n');
  });
});
