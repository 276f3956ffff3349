import fs from 'node:fs';
import path from 'node:path';
import { PROTOCOL_LABELS } from '../../contract';
import { discover } from '../../protocols/discover';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
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

export const help = 'list <folder> [--json] | list --mcp-config FILE   the skills found under a folder (a .mcp.json\'s servers among them), or the servers of an MCP configuration';

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
  if (!skills.length) {
    io.out(`No skills found under ${folder}.`);
    return EXIT.OK;
  }
  const rows = [['NAME', 'PROTOCOL', 'PATH']];
  for (const s of skills) rows.push([s.name, PROTOCOL_LABELS[s.protocol], path.relative(ctx.cwd, s.entry ?? s.dir) || '.']);
  io.out(table(rows));
  return EXIT.OK;
}
