/**
 * Looking at a skill never starts it. An MCP server's Resources, Prompts, Skills, Server and Tasks views ask the
 * running server; of a server not started they answer "not running: start it" and start nothing (the server here
 * is a real one, launched through a shell that leaves a line in a marker file when it starts). `mcpSkills` of a
 * JSON-RPC skill answers "not an MCP server", and `getOptions` and `getTriggers` of a skill that has none answer
 * so, without starting it; of a SkillDefinition skill that has them, "not running: start it". Once started, the
 * same commands answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { workbenchApi } from '../src-main/workbench/api';
import { Workbench } from '../src-main/workbench/workbench';
import { FIXTURES } from './helpers';
import { EVERYTHING } from './mcp-helpers';
import { scaled } from './machine-factor';

const posix = process.platform !== 'win32';

describe.skipIf(!posix)('looking starts nothing (POSIX: the server is launched through /bin/sh)', () => {
  it("an MCP server's views, mcpSkills, getOptions and getTriggers answer without starting anything", async ({ cleanup }) => {
    const folder = cleanup.tempDir('looking-');
    const marker = path.join(cleanup.tempDir(), 'started');
    fs.writeFileSync(
      path.join(folder, '.mcp.json'),
      JSON.stringify({ mcpServers: { everything: { command: '/bin/sh', args: ['-c', `echo started >> "${marker}"; exec "${process.execPath}" "${EVERYTHING}" stdio`] } } }),
    );
    fs.cpSync(path.join(FIXTURES, 'rpc'), path.join(folder, 'rpc'), { recursive: true });
    fs.cpSync(path.join(FIXTURES, 'skilldef-options', 'reading-list'), path.join(folder, 'reading-list'), { recursive: true });
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [folder], namedFolders: true }));
    const api = workbenchApi(wb);
    const skills = await api.listSkills();
    const mcp = skills.find((s) => s.protocol === 'mcp')!.id;
    const rpc = skills.find((s) => s.protocol === 'jsonrpc')!.id;
    const skilldef = skills.find((s) => s.protocol === 'skilldef')!.id;
    const statuses = async () => Object.fromEntries((await api.listSkills()).map((s) => [s.protocol, s.status]));

    const notRunning = /^everything is not running: .* Start it/;
    await expect(api.mcpServerInfo(mcp)).rejects.toThrow(notRunning);
    await expect(api.mcpListTools(mcp)).rejects.toThrow(notRunning);
    await expect(api.mcpListResources(mcp)).rejects.toThrow(notRunning);
    await expect(api.mcpListResourceTemplates(mcp)).rejects.toThrow(notRunning);
    await expect(api.mcpListPrompts(mcp)).rejects.toThrow(notRunning);
    await expect(api.mcpListTasks(mcp)).rejects.toThrow(notRunning);
    await expect(api.mcpSkills(mcp)).rejects.toThrow(notRunning);
    await expect(api.mcpSkills(rpc)).rejects.toThrow(/is not an MCP server/);
    await expect(api.readMcpSkillFile(rpc, 'skill://x/SKILL.md')).rejects.toThrow(/is not an MCP server/);
    await expect(api.getOptions(rpc)).rejects.toThrow(/has no options/);
    await expect(api.getTriggers(rpc)).rejects.toThrow(/only SkillDefinition skills have triggers/);
    await expect(api.getOptions(skilldef)).rejects.toThrow(/^reading-list is not running: .* Start it/);
    await expect(api.getTriggers(skilldef)).rejects.toThrow(/^reading-list is not running: .* Start it/);
    expect(fs.existsSync(marker), 'the MCP server was started by a look').toBe(false);
    expect(await statuses()).toEqual({ mcp: 'stopped', jsonrpc: 'stopped', skilldef: 'stopped' });

    // Started on purpose, the same looks answer.
    await api.startSkill(mcp);
    expect(fs.readFileSync(marker, 'utf8')).toBe('started\n');
    expect((await api.mcpServerInfo(mcp)).capabilities.resources).toBeTruthy();
    expect((await api.mcpListResources(mcp)).length).toBeGreaterThan(0);
    await api.startSkill(skilldef);
    expect((await api.getOptions(skilldef)).length).toBeGreaterThan(0);
  }, scaled(120_000));
});
