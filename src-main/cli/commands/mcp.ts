/**
 * `skillbench mcp <path>`: one skill, of any protocol, as an MCP server (src-main/bridge), over stdio (the
 * default: stdout is the protocol, every note of ours goes to stderr) or Streamable HTTP on 127.0.0.1 with
 * a token. `--print-config` prints what an agent's config needs to run it (the app shows the same).
 */
import { skillFolder } from '../../host/workbench-home';
import path from 'node:path';
import type { AgentConfig, SkillRef } from '../../contract';
import { discover, resolveSkill } from '../../protocols/discover';
import { SkillsServer } from '../../bridge/skills-server';
import { LiveRuntime } from '../../runtime/live-runtime';
import { readSettings } from '../../runtime/skill-settings';
import { serveHttp, type HttpServed } from '../../bridge/http';
import { SkillBridge } from '../../bridge/skill-server';
import { agentConfig } from '../../workbench/agent-config';
import { AGENT_HOSTS, installIntoAgent, isAgentClient } from '../../workbench/agent-install';
import { parse } from '../args';
import { takeHandedToken } from '../token-handoff';
import { GIVEN_TOKEN_RULE, usableGivenToken } from '../../server/auth';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { eraOption, mcpRef, namesMcpServer } from '../mcp-source';
import { asProfile, inheritedEnv, MCP_RUN_OPTIONS, protocolOption, skillTarget } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';
import { cliSampler, MODEL_OPTIONS, modelConfigOf, unusedModelNote, withoutModelKey } from '../model-options';
import { StdioServerTransport } from '../../bridge/stdio-server-transport';
import { cliCommand } from '../../host/cli-command';

export const help =
  'mcp <path> | --mcp-config FILE --server NAME | --command "…" | --url URL [--era auto|legacy|modern]  [--skill NAME] [--http PORT] [--host-token TOKEN] [--print-config] [--install claude|claude-code|cursor|vscode] [--inherit-env] [--skills] [--model NAME [--provider openai|anthropic] [--base-url URL] [--api-key-env VAR]]   serve the skill as an MCP server for agents (a folder of Agent Skills, or --skills: its Agent Skills as the Skills extension, SEP-2640, serves them: skills/list, skills/get, skill:// resources, resources/directory/read): over stdio, or Streamable HTTP on 127.0.0.1 with a token (--http 0 picks a port; SKILLBENCH_MCP_TOKEN or --host-token keeps one); --print-config prints the config for Claude Desktop, Claude Code, Cursor and VS Code, and --install writes it into that agent\'s own file (no secret in it) and checks it by starting it as that agent would; an MCP server is proxied, its questions to the user asked of the agent\'s client; with --model, that model answers its sampling requests instead';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    http: { type: 'string' },
    'host-token': { type: 'string' },
    'print-config': { type: 'boolean' },
    install: { type: 'string' },
    debug: { type: 'boolean' },
    skills: { type: 'boolean' },
    ...MCP_RUN_OPTIONS,
    ...MODEL_OPTIONS,
  });
  const model = modelConfigOf(values);
  const { target } = skillTarget(positionals, values);
  let ref;
  // An MCP server named by option (--mcp-config, --command, --url) is served through the bridge as a proxy.
  if (namesMcpServer(values)) ref = mcpRef(values, ctx);
  else {
    if (!target) throw new UsageError('name a skill: a skill folder, an agent folder, a namel3ss app, or a script (or an MCP server: --mcp-config FILE --server NAME, --command "…", --url URL)');
    // A folder of Agent Skills (or --skills): served as the Skills extension (SEP-2640) serves them.
    const folder = resolvePath(ctx, target);
    const skills = agentSkillsToServe(folder, values);
    if (skills) return serveSkills(folder, skills, values, io, ctx);
    try {
      ref = resolveSkill(folder, { skill: (values.skill ?? values.server) as string | undefined, protocol: protocolOption(values.protocol) });
    } catch (err) {
      // A folder of several skills, Agent Skills among them: say how to serve those.
      if (/ holds \d+ skills /.test((err as Error).message) && discover(folder).some((r) => r.protocol === 'agent-skill')) {
        throw new UsageError(`${(err as Error).message.replace(/\.$/, '')}, or --skills to serve its Agent Skills as the Skills extension`);
      }
      throw err;
    }
  }
  // A server given by --command or --url is written to a folder that lives only while this command runs.
  if ((values['print-config'] || values.install !== undefined) && (values.command !== undefined || values.url !== undefined)) {
    throw new UsageError(`${values.install !== undefined ? '--install' : '--print-config'} needs a skill folder or --mcp-config FILE --server NAME: a server given by --command or --url is kept only while this command runs`);
  }
  if (values['print-config']) {
    const config = agentConfig(ref, undefined, { home: homeOf(ctx), env: ctx.env });
    if (values.json) io.out(json(config));
    else io.out(config.snippets.map((s) => `${s.label}: ${s.where}\n${s.text}`).join('\n\n'));
    return EXIT.OK;
  }
  if (values.install !== undefined) return install(agentConfig(ref, undefined, { home: homeOf(ctx), env: ctx.env }), values.install, values.json === true, io, ctx);
  const { port, token } = httpOptions(values, ctx);
  if (port === null) guardStdout();

  const home = homeOf(ctx);
  const env: Record<string, string> = values['inherit-env'] ? inheritedEnv(withoutModelKey(ctx, model).env, readSettings(skillFolder(home, ref.id))) : {};
  if (values.debug || ctx.env.SKILL_DEBUG === '1') env.SKILL_DEBUG = '1';
  // The workbench's runtime: ticks driven, hot reload, restarts after a crash, the call history.
  // A server named by --command or --url has no folder of its own: the one the command ran in changes for other
  // reasons (a build, the agent's edits), and a hot reload would restart the server under a call.
  const hotReload = values.command === undefined && values.url === undefined;
  const hostProfile = asProfile(values.as, ref.protocol);
  // --era: the era the bridge speaks to a proxied MCP server in (its clients are served in theirs, whatever it is).
  const mcpEra = eraOption(values.era);
  if (mcpEra && ref.protocol !== 'mcp') throw new UsageError(`--era is for MCP servers; ${ref.name} is a ${ref.protocol} skill`);
  // With --model, that model answers a proxied server's sampling (the agent's client is not asked); without, the
  // agent's client is asked, where it offers sampling (bridge/upstream-mcp.ts).
  const bridge: SkillBridge = new SkillBridge(
    (emit) => LiveRuntime.withSettings(ref, home, { env, emit, mcpRoots: 'agent', hotReload, sampler: cliSampler(model, ctx, () => bridge.rt), ...(hostProfile ? { hostProfile } : {}), ...(mcpEra ? { mcpEra } : {}) }),
    { setupCommand: cliCommand('setup', ref.dir) },
  );
  const unused = unusedModelNote(model, bridge.rt);
  if (unused) io.err(unused);
  bridge.start().catch((err: Error) => io.err(`skillbench mcp: ${ref.name} did not start: ${err.message}`));

  // The protocol is this process's own stdin and stdout (an agent's client spawned it): never a context's.
  // A malformed or over-long message is answered and told here; it never ends the server.
  // Either era: a client that opens with `initialize` is served as of 2025, one that opens with `server/discover`
  // (or any request carrying the version in its `_meta`) as of 2026-07-28.
  return serveUntilStopped(bridge, `${ref.name} (${ref.protocol})`, port, token, io);
}

/** `--install HOST`: the entry written into that agent's own file, then started and connected to as that agent. */
async function install(config: AgentConfig, host: unknown, asJson: boolean, io: Io, ctx: CommandContext): Promise<number> {
  if (!isAgentClient(host)) throw new UsageError(`--install takes ${Object.keys(AGENT_HOSTS).join(', ')}, not ${JSON.stringify(host)}`);
  const done = await installIntoAgent(config, host, homeOf(ctx), { env: ctx.env, ...(ctx.env.HOME ? { userHome: ctx.env.HOME } : {}) });
  if (asJson) io.out(json(done));
  else {
    io.out(`${done.replaced ? 'Replaced' : 'Added'} "${done.name}" in ${done.label}'s ${done.file}.`);
    io.out(done.check.ok ? `Checked as ${done.label} (${done.check.profile}): it started and offers ${done.check.tools.length} tool${done.check.tools.length === 1 ? '' : 's'}${done.check.tools.length ? `: ${done.check.tools.join(', ')}` : ''}. Restart ${done.label} to use it.` : `Checked as ${done.label}: it did not start: ${done.check.problem}`);
  }
  return done.check.ok ? EXIT.OK : EXIT.FAILURE;
}

/** Serves over stdio (`port` null) or Streamable HTTP until Ctrl+C, a kill, or (stdio) the client closing stdin. */
async function serveUntilStopped(
  server: HttpServed & { serveStdio(t: StdioServerTransport): { close(): Promise<void> } | Promise<{ close(): Promise<void> }>; close(): Promise<void> },
  what: string,
  port: number | null,
  token: string | undefined,
  io: Io,
): Promise<number> {
  let stop!: () => void;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let closeHttp: (() => Promise<void>) | null = null;
  let closeStdio: (() => Promise<void>) | null = null;
  if (port === null) {
    const transport = new StdioServerTransport((problem) => io.err(`skillbench mcp: ${problem}`));
    const served = await server.serveStdio(transport);
    closeStdio = () => served.close();
    process.stdin.on('end', () => stop());
    io.err(`skillbench mcp: serving ${what} over stdio.`);
  } else {
    const http = await serveHttp(server, { port, token });
    closeHttp = () => http.close();
    io.err(`skillbench mcp: serving ${what} at ${http.url}`);
    io.err(`Token: ${http.token}`);
    io.err(`Send it as the header "Authorization: Bearer ${http.token}" (or add ?token=${http.token} to the address).`);
  }
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await stopped;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  await closeHttp?.();
  await closeStdio?.().catch(() => undefined);
  await server.close();
  return EXIT.OK;
}

/** stdout is the protocol: anything that would print there (a stray console.log) goes to stderr instead. */
function guardStdout(): void {
  const toErr = (...a: unknown[]) => console.error(...a);
  console.log = toErr;
  console.info = toErr;
  console.debug = toErr;
}

/** --http PORT and the token (taken out of the environment at once: a skill's process must never see it). */
function httpOptions(values: Record<string, unknown>, ctx: CommandContext): { port: number | null; token: string | undefined } {
  const port = values.http === undefined ? null : Number(values.http);
  if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new UsageError(`--http takes a port number (0 picks a free one), not "${String(values.http)}"`);
  // From the environment, the command line has already taken it out of this process's environment block (token-handoff.ts).
  const token = (values['host-token'] as string | undefined) ?? takeHandedToken() ?? ctx.env.SKILLBENCH_MCP_TOKEN;
  delete ctx.env.SKILLBENCH_MCP_TOKEN;
  if (token !== undefined && !usableGivenToken(token)) {
    throw new UsageError(`the token must be ${GIVEN_TOKEN_RULE}`);
  }
  return { port, token };
}

/** The Agent Skills `folder` holds, when they are what is to be served (all its skills are, or --skills), else null. */
function agentSkillsToServe(folder: string, values: Record<string, unknown>): SkillRef[] | null {
  const protocol = protocolOption(values.protocol);
  const wanted = typeof values.skill === 'string' ? values.skill : undefined;
  if (protocol && protocol !== 'agent-skill') return null;
  const found = discover(folder);
  const skills = found.filter((r) => r.protocol === 'agent-skill' && (!wanted || r.name === wanted));
  if (values.skills || protocol === 'agent-skill') {
    if (!skills.length) throw new UsageError(`there is no Agent Skill (a folder with SKILL.md) under ${folder}${wanted ? ` named "${wanted}"` : ''}`);
    return skills;
  }
  return skills.length && skills.length === found.filter((r) => !wanted || r.name === wanted).length ? skills : null;
}

/** Serves Agent Skills over stdio or Streamable HTTP until the client goes or Ctrl+C. */
async function serveSkills(folder: string, refs: SkillRef[], values: Record<string, unknown>, io: Io, ctx: CommandContext): Promise<number> {
  const names = new Set(refs.map((r) => r.dir));
  if (values['print-config']) {
    const config = agentConfig({ name: path.basename(path.resolve(folder)), dir: folder }, undefined, { skills: true, home: homeOf(ctx), env: ctx.env });
    if (values.json) io.out(json(config));
    else io.out(config.snippets.map((s) => `${s.label}: ${s.where}\n${s.text}`).join('\n\n'));
    return EXIT.OK;
  }
  const { port, token } = httpOptions(values, ctx);
  if (port === null) guardStdout();
  // Found again on each read, so a skill edited while it is served is served as it is (those given, and new ones beside them).
  const server = new SkillsServer({ folder, refs: () => discover(folder).filter((r) => r.protocol === 'agent-skill' && (values.skills || !values.skill || names.has(r.dir))) });
  const { skills, refused } = server.catalog();
  for (const r of refused) io.err(`skillbench mcp: not served: ${r.dir}: ${r.reason}.`);
  const what = `${skills.length} Agent Skill${skills.length === 1 ? '' : 's'} (${skills.map((s) => s.name).join(', ')}) as the Skills extension (io.modelcontextprotocol/skills)`;
  // Either era, as the client opens (`initialize` or `server/discover`).
  return serveUntilStopped(server, what, port, token, io);
}
