/**
 * `skillbench mcp <path>`: one skill, of any protocol, as an MCP server (src-main/bridge), over stdio (the
 * default: stdout is the protocol, every note of ours goes to stderr) or Streamable HTTP on 127.0.0.1 with
 * a token. `--print-config` prints what an agent's config needs to run it (the app shows the same).
 */
import { skillFolder } from '../../host/workbench-home';
import { resolveSkill } from '../../protocols/discover';
import { LiveRuntime } from '../../runtime/live-runtime';
import { readSettings } from '../../runtime/skill-settings';
import { serveHttp } from '../../bridge/http';
import { SkillBridge } from '../../bridge/skill-server';
import { agentConfig } from '../../workbench/agent-config';
import { parse } from '../args';
import { takeHandedToken } from '../token-handoff';
import { GIVEN_TOKEN_RULE, usableGivenToken } from '../../server/auth';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { mcpRef, namesMcpServer } from '../mcp-source';
import { asProfile, inheritedEnv, MCP_RUN_OPTIONS, protocolOption, skillTarget } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';
import { StdioServerTransport } from '../../bridge/stdio-server-transport';
import { cliCommand } from '../../host/cli-command';

export const help =
  'mcp <path> | --mcp-config FILE --server NAME | --command "…" | --url URL  [--skill NAME] [--http PORT] [--host-token TOKEN] [--print-config] [--inherit-env]   serve the skill as an MCP server for agents: over stdio, or Streamable HTTP on 127.0.0.1 with a token (--http 0 picks a port; SKILLBENCH_MCP_TOKEN or --host-token keeps one); --print-config prints the config for Claude Desktop, Cursor and VS Code; an MCP server is proxied, its questions to the user asked of the agent\'s client';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    http: { type: 'string' },
    'host-token': { type: 'string' },
    'print-config': { type: 'boolean' },
    debug: { type: 'boolean' },
    ...MCP_RUN_OPTIONS,
  });
  const { target } = skillTarget(positionals, values);
  let ref;
  // An MCP server named by option (--mcp-config, --command, --url) is served through the bridge as a proxy.
  if (namesMcpServer(values)) ref = mcpRef(values, ctx);
  else {
    if (!target) throw new UsageError('name a skill: a skill folder, an agent folder, a namel3ss app, or a script (or an MCP server: --mcp-config FILE --server NAME, --command "…", --url URL)');
    ref = resolveSkill(resolvePath(ctx, target), { skill: (values.skill ?? values.server) as string | undefined, protocol: protocolOption(values.protocol) });
  }
  if (values['print-config']) {
    const config = agentConfig(ref);
    if (values.json) io.out(json(config));
    else io.out(config.snippets.map((s) => `${s.label}: ${s.where}\n${s.text}`).join('\n\n'));
    return EXIT.OK;
  }
  const port = values.http === undefined ? null : Number(values.http);
  if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new UsageError(`--http takes a port number (0 picks a free one), not "${String(values.http)}"`);
  // The token is taken out of the environment at once: the skill's process must never see it.
  // From the environment, the command line has already taken it out of this process's environment block (token-handoff.ts).
  const token = (values['host-token'] as string | undefined) ?? takeHandedToken() ?? ctx.env.SKILLBENCH_MCP_TOKEN;
  delete ctx.env.SKILLBENCH_MCP_TOKEN;
  if (token !== undefined && !usableGivenToken(token)) {
    throw new UsageError(`the token must be ${GIVEN_TOKEN_RULE}`);
  }
  if (port === null) guardStdout();

  const home = homeOf(ctx);
  const env: Record<string, string> = values['inherit-env'] ? inheritedEnv(ctx.env, readSettings(skillFolder(home, ref.id))) : {};
  if (values.debug || ctx.env.SKILL_DEBUG === '1') env.SKILL_DEBUG = '1';
  // The workbench's runtime: ticks driven, hot reload, restarts after a crash, the call history.
  // A server named by --command or --url has no folder of its own: the one the command ran in changes for other
  // reasons (a build, the agent's edits), and a hot reload would restart the server under a call.
  const hotReload = values.command === undefined && values.url === undefined;
  const hostProfile = asProfile(values.as, ref.protocol);
  const bridge = new SkillBridge((emit) => LiveRuntime.withSettings(ref, home, { env, emit, mcpRoots: 'agent', hotReload, ...(hostProfile ? { hostProfile } : {}) }), { setupCommand: cliCommand('setup', ref.dir) });
  bridge.start().catch((err: Error) => io.err(`skillbench mcp: ${ref.name} did not start: ${err.message}`));

  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let closeHttp: (() => Promise<void>) | null = null;
  if (port === null) {
    // The protocol is this process's own stdin and stdout (an agent's client spawned it): never a context's.
    // A malformed or over-long message is answered and told here; it never ends the server.
    const transport = new StdioServerTransport((problem) => io.err(`skillbench mcp: ${problem}`));
    const server = await bridge.connect(transport);
    // The client closing stdin ends the server.
    const closed = server.onclose;
    server.onclose = () => {
      closed?.();
      stop();
    };
    process.stdin.on('end', () => stop());
    io.err(`skillbench mcp: serving ${ref.name} (${ref.protocol}) over stdio.`);
  } else {
    const http = await serveHttp(bridge, { port, token });
    closeHttp = () => http.close();
    io.err(`skillbench mcp: serving ${ref.name} (${ref.protocol}) at ${http.url}`);
    io.err(`Token: ${http.token}`);
    io.err(`Send it as the header "Authorization: Bearer ${http.token}" (or add ?token=${http.token} to the address).`);
  }
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await stopped;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  await closeHttp?.();
  await bridge.close();
  return EXIT.OK;
}

/** stdout is the protocol: anything that would print there (a stray console.log) goes to stderr instead. */
function guardStdout(): void {
  const toErr = (...a: unknown[]) => console.error(...a);
  console.log = toErr;
  console.info = toErr;
  console.debug = toErr;
}
