/**
 * `skillbench hosts [--json]`: the agent hosts the workbench can drive, found on PATH or installed into its home;
 * `skillbench hosts add <id>[@version]`: one installed from npm, pinned, beside the versions already there.
 */
import { findHosts, type FoundHost } from '../../hosts/host-find';
import { installHost } from '../../hosts/host-install';
import { parseHostSpec } from '../../hosts/host-kinds';
import { parse } from '../args';
import { homeOf, type CommandContext } from '../context';
import { EXIT, json, table, UsageError, type Io } from '../output';

export const help = 'hosts [add <id>[@version]] [--json]   the agent hosts (Claude Code, Codex, Gemini CLI) found or installed; add installs one from npm';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {});
  const home = homeOf(ctx);
  const [sub, spec, ...extra] = positionals;
  if (sub === undefined) {
    const hosts = findHosts(home, ctx.env);
    io.out(values.json ? json({ hosts }) : hostTable(hosts));
    return EXIT.OK;
  }
  if (sub !== 'add') throw new UsageError(`hosts takes "add <id>[@version]" or nothing, not "${sub}"`);
  if (!spec || extra.length) throw new UsageError('hosts add takes one host: claude-code, codex or gemini-cli, with @version to pin one');
  let parsed;
  try {
    parsed = parseHostSpec(spec);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const r = await installHost(parsed.kind, parsed.version, { home, env: ctx.env, onProgress: values.json ? undefined : (l) => io.err(l) });
  if (values.json) io.out(json(r));
  else io.out(r.installed ? `Installed ${r.host.id} ${r.host.version}: ${r.host.path}` : `${r.host.id} ${r.host.version} is installed already: ${r.host.path}`);
  return EXIT.OK;
}

function hostTable(hosts: FoundHost[]): string {
  const rows = hosts.map((h) => [h.id, h.version ?? (h.found ? '(version unknown)' : '-'), h.found ? (h.source === 'home' ? 'installed' : 'on PATH') : 'not found', h.path ?? h.note]);
  return table([['HOST', 'VERSION', 'WHERE', 'PATH'], ...rows]);
}
