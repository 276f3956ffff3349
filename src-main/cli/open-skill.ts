/** What every CLI command that runs a skill does first: find it, and give it a runtime with no restarts. */
import type { Protocol } from '../contract';
import { skillFolder } from '../host/workbench-home';
import { resolveSkill } from '../protocols/discover';
import { SkillRuntime, type RuntimeOptions } from '../runtime/skill-runtime';
import { readSettings } from '../runtime/skill-settings';
import type { Options } from './args';
import { homeOf, resolvePath, type CommandContext } from './context';
import { UsageError } from './output';
import { eraOption, MCP_OPTIONS, mcpRef, namesMcpServer } from './mcp-source';
import { HOST_PROFILE_IDS } from '../common/mcp-host-profiles';

/** The options of every command that runs a skill (besides the common ones). */
export const RUN_OPTIONS: Options = { 'inherit-env': { type: 'boolean' }, 'host-parity': { type: 'boolean' }, confine: { type: 'boolean' } };
/** The options of the commands that also take an MCP server named without a folder (inspect, call); --as: a host profile. */
export const MCP_RUN_OPTIONS: Options = { ...RUN_OPTIONS, ...MCP_OPTIONS, as: { type: 'string' } };

/** `--as PROFILE`, checked: a host profile's id, for an MCP server only. */
export function asProfile(value: unknown, protocol: Protocol): string | undefined {
  if (value === undefined) return undefined;
  const id = typeof value === 'string' ? value : '';
  if (!HOST_PROFILE_IDS.includes(id)) throw new UsageError(`--as takes a host profile: ${HOST_PROFILE_IDS.join(', ')} (not "${id}")`);
  if (protocol !== 'mcp') throw new UsageError('--as is for MCP servers: it connects as that client would');
  return id;
}

const PROTOCOLS: Protocol[] = ['jsonrpc', 'skilldef', 'action', 'namel3ss', 'mcp', 'quickjs', 'agent-skill'];

/** The skill path of a command's positionals, and the rest: none when an MCP server is named by option. */
export function skillTarget(positionals: string[], values: Record<string, unknown>, after = 0): { target: string | undefined; rest: string[] } {
  if (!namesMcpServer(values)) return { target: positionals[0], rest: positionals.slice(1) };
  if (positionals.length > after) throw new UsageError(`give a skill path or an MCP server option (--mcp-config, --command, --url), not both ("${positionals[0]}")`);
  return { target: undefined, rest: positionals };
}

export function protocolOption(p: unknown): Protocol | undefined {
  if (p === undefined) return undefined;
  if (!PROTOCOLS.includes(p as Protocol)) throw new UsageError(`--protocol must be one of ${PROTOCOLS.join(', ')}`);
  return p as Protocol;
}

export function openSkill(
  ctx: CommandContext,
  target: string | undefined,
  values: { skill?: unknown; protocol?: unknown; debug?: unknown; 'inherit-env'?: unknown; 'host-parity'?: unknown; confine?: unknown; 'mcp-config'?: unknown; server?: unknown; command?: unknown; url?: unknown; header?: unknown; as?: unknown; era?: unknown },
  opts: Partial<RuntimeOptions> = {},
): SkillRuntime {
  let ref;
  if (namesMcpServer(values)) {
    if (target) throw new UsageError(`give a skill path or an MCP server option (--mcp-config, --command, --url), not both ("${target}")`);
    ref = mcpRef(values, ctx);
  } else {
    if (!target) throw new UsageError('name a skill: a skill folder, an agent folder, a namel3ss app, or a script (or an MCP server: --mcp-config FILE --server NAME, --command "…", --url URL)');
    // --server picks one MCP server of a folder's .mcp.json, as --skill does.
    ref = resolveSkill(resolvePath(ctx, target), { skill: (values.skill ?? values.server) as string | undefined, protocol: protocolOption(values.protocol) });
  }
  const home = homeOf(ctx);
  // The skill's saved settings (environment, secret variables, limits) apply as in the app; the CLI's own
  // flags win. It runs a skill once: a crash is reported, not papered over by a restart.
  // --inherit-env is the setting "inherit the whole environment" for this run: the shell's variables,
  // under the skill's own (a name its settings give keeps the settings' value).
  const env: Record<string, string> = values['inherit-env'] ? inheritedEnv(ctx.env, readSettings(skillFolder(home, ref.id))) : {};
  Object.assign(env, opts.env);
  if (values.debug || ctx.env.SKILL_DEBUG === '1') env.SKILL_DEBUG = '1';
  // --host-parity turns the skill's "behave as the real host" setting on for this run (SkillDefinition skills).
  const hostParity = values['host-parity'] ? true : opts.hostParity;
  // --confine runs it confined by the operating system, the network as its settings allow (host/confine.ts).
  const confine = values.confine ? { network: readSettings(skillFolder(home, ref.id)).confineNetwork === true } : opts.confine;
  // --as connects to an MCP server as that host profile would, over its saved setting.
  const hostProfile = asProfile(values.as, ref.protocol) ?? opts.hostProfile;
  // --era picks the MCP protocol era for this run (the server's saved choice, else auto, otherwise).
  const mcpEra = eraOption(values.era);
  if (mcpEra && ref.protocol !== 'mcp') throw new UsageError(`--era is for MCP servers; ${ref.name} is a ${ref.protocol} skill`);
  return SkillRuntime.withSettings(ref, home, { restart: { enabled: false }, ...opts, env, ...(hostParity ? { hostParity } : {}), ...(confine ? { confine } : {}), ...(hostProfile ? { hostProfile } : {}), ...(mcpEra ? { mcpEra } : {}) });
}

/** The command's environment (what --inherit-env passes on), less the names `settings` give values of their own. */
export function inheritedEnv(source: NodeJS.ProcessEnv, settings: { env: Record<string, string>; secretEnv: string[] } = { env: {}, secretEnv: [] }): Record<string, string> {
  const own = new Set([...Object.keys(settings.env), ...settings.secretEnv]);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) if (value !== undefined && !own.has(name)) out[name] = value;
  return out;
}
