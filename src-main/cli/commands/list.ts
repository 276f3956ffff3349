import fs from 'node:fs';
import path from 'node:path';
import { PROTOCOL_LABELS, type SkillCollision } from '../../contract';
import { collisions, projectPlaces, scanAgentSkills, userPlaces } from '../../protocols/agent-skill';
import { discover } from '../../protocols/discover';
import { parse } from '../args';
import { resolvePath, userHomeOf, type CommandContext } from '../context';
import { protocolOption } from '../open-skill';
import { EXIT, json, table, UsageError, type Io } from '../output';
import { readMcpConfigFile } from '../../protocols/mcp';
import { projectOf, refsOf } from '../../protocols/mcp';

/** The servers of an MCP configuration file (any of the four shapes); those it cannot use are said on stderr by `inspect`. */
function mcpRefs(file: string) {
  const abs = path.resolve(file);
  const dir = projectOf(abs);
  return refsOf(readMcpConfigFile(abs).servers, abs, dir, dir);
}

export const help = 'list <folder> [--json] | list --mcp-config FILE   the skills found under a folder (a .mcp.json\'s servers and Agent Skills among them; folders that look like Agent Skills but are not, and skills an agent could confuse, are said below the list), or the servers of an MCP configuration';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { 'mcp-config': { type: 'string' } });
  const config = values['mcp-config'] as string | undefined;
  const folder = config ?? positionals[0];
  if (!folder) throw new UsageError('list needs a folder (or --mcp-config FILE)');
  const at = resolvePath(ctx, folder);
  if (!fs.statSync(at, { throwIfNoEntry: false })) throw new UsageError(`there is no folder or file at ${folder}`);
  const skills = config ? mcpRefs(at) : discover(at, { protocol: protocolOption(values.protocol) });
  if (values.json) {
    io.out(json(skills.map((s) => ({ id: s.id, name: s.name, protocol: s.protocol, path: s.entry ?? s.dir, description: s.description ?? null }))));
    return EXIT.OK;
  }
  const notSkills = config || !fs.statSync(at).isDirectory() ? [] : scanAgentSkills(at).notSkills;
  if (!skills.length) io.out(`No skills found under ${folder}.`);
  else {
    const rows = [['NAME', 'PROTOCOL', 'PATH']];
    for (const s of skills) rows.push([s.name, PROTOCOL_LABELS[s.protocol], path.relative(ctx.cwd, s.entry ?? s.dir) || '.']);
    io.out(table(rows));
  }
  const shown = (p: string) => path.relative(ctx.cwd, p) || '.';
  if (notSkills.length) {
    io.out(`\nNot Agent Skills, though they look like one (${notSkills.length}):`);
    for (const n of notSkills) io.out(`  ${shown(path.join(n.dir, n.file ?? ''))}: ${n.reason}\n    Fix: ${n.fix}`);
  }
  // Agent Skills an agent could confuse: with each other, and with the user's own (~/.claude/skills, ~/.agents/skills).
  const home = userHomeOf(ctx);
  if (skills.some((s) => s.protocol === 'agent-skill')) {
    const found = collisions([...projectPlaces(skills, path.resolve(at)), ...(home ? userPlaces(home) : [])]);
    if (found.length) io.out([`\nSkills an agent could confuse (${found.length}):`, ...found.flatMap((c) => collisionLines(c, shown))].join('\n'));
  }
  return EXIT.OK;
}

function collisionLines(c: SkillCollision, shown: (p: string) => string): string[] {
  const who = c.skills.map((s) => (s.scope === 'user' ? `${s.root}/${path.basename(s.dir)}` : shown(s.dir))).join(' and ');
  if (c.kind === 'description') return [`  ${who}: descriptions ${Math.round((c.score ?? 0) * 100)}% alike (both say ${c.overlap?.join(', ')})`];
  return [`  ${who}: both named "${c.skills[0].name}"`, ...(c.picks ?? []).map((p) => `    ${p.label}: ${p.picked ? shown(p.picked) : 'not sure'} (${p.why})`)];
}
