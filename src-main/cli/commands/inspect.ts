import { PROTOCOL_LABELS, type AgentDetails } from '../../contract';
import { nextRun, parseCron } from '../../protocols/action';
import { parse } from '../args';
import type { CommandContext } from '../context';
import { formatLocal } from '../format-time';
import { MCP_RUN_OPTIONS, openSkill, skillTarget } from '../open-skill';
import { ActionSkill } from '../../protocols/action';
import { EXIT, json, UsageError, type Io } from '../output';

export const help =
  'inspect <path> [--skill NAME] [--mcp-config FILE --server NAME | --command "…" | --url URL --header K:V, then no <path>] [--as PROFILE] [--json] [--discover-by-running] [--inherit-env] [--host-parity]   protocol, name, version, tools and their schemas (action scripts and namel3ss apps are read, nothing run; JSON-RPC, SkillDefinition and MCP skills tell their tools only while running, so they are started, asked and stopped; --discover-by-running runs an action script once with an unknown action to read its supported_actions; --host-parity: a SkillDefinition skill runs as the real host runs it, else the differences are listed; --as PROFILE: connect to an MCP server as claude-desktop, claude-code, cursor, vscode or chatgpt would: its clientInfo, capabilities and protocol version)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { 'discover-by-running': { type: 'boolean' }, ...MCP_RUN_OPTIONS });
  const rt = openSkill(ctx, skillTarget(positionals, values).target, values);
  try {
    let info = await rt.start();
    if (values['discover-by-running']) {
      if (!(rt.adapter instanceof ActionSkill)) throw new UsageError('--discover-by-running is for action skills: other skills say their tools without being run for it');
      info = await rt.adapter.discoverActions();
    }
    // What the skill said of itself leaves here: a service URL or a note may carry a secret it knows.
    info = rt.redactor.value(info);
    if (values.json) {
      io.out(json(info));
      return EXIT.OK;
    }
    io.out(`${info.name}${info.version ? ` ${info.version}` : ''}  (${PROTOCOL_LABELS[info.protocol]})`);
    if (info.description) io.out(info.description);
    io.out(`Path: ${info.entry ?? info.dir}`);
    for (const n of info.notes) io.out(`Note: ${n}`);
    for (const d of info.hostParity?.differences ?? []) io.out(`Unlike the real host: ${d}`);
    if (info.hostParity?.differences.length) io.out('To run it the real host\'s way: --host-parity, or "Behave as the real host" in its settings in the app.');
    if (info.missingEnv?.length) io.out(`Not set: ${info.missingEnv.join(', ')} (its manifest asks for ${info.missingEnv.length === 1 ? 'it' : 'them'}; give a value in the skill's settings or in this shell's environment).`);
    if (info.agent) io.out(agentLines(info.agent).join('\n'));
    for (const s of info.services ?? []) io.out(`Service: "${s.tool}" → ${s.url ?? '(no URL)'}: ${s.health} (${s.detail})`);
    io.out('');
    // The skill's own tools first, then those its SDK puts on every skill, marked [SDK].
    const own = info.tools.filter((t) => t.origin !== 'sdk');
    const sdk = info.tools.filter((t) => t.origin === 'sdk');
    io.out(!info.tools.length ? 'No tools.' : sdk.length ? `Tools (${info.tools.length}: ${own.length} of its own, ${sdk.length} from its SDK):` : `Tools (${info.tools.length}):`);
    for (const t of [...own, ...sdk]) {
      const tag = t.origin === 'sdk' ? '[SDK] ' : t.group && !t.name.startsWith(`${t.group}.`) ? `[${t.group}] ` : '';
      io.out(`  ${tag}${t.name}${t.description ? ` — ${t.description}` : ''}`);
      // An MCP tool's other fields, each as the server sent it.
      if (t.title !== undefined) io.out(`    Title: ${t.title}`);
      for (const [label, value] of [['Annotations', t.annotations], ['Execution', t.execution], ['Icons', t.icons], ['_meta', t._meta]] as const) {
        if (value !== undefined) io.out(`    ${label}: ${JSON.stringify(value)}`);
      }
      io.out(indent(JSON.stringify(t.inputSchema, null, 2), 4));
      if (t.outputSchema) io.out(`    Output:\n${indent(JSON.stringify(t.outputSchema, null, 2), 4)}`);
    }
    return EXIT.OK;
  } finally {
    await rt.close();
  }
}

function indent(s: string, n: number): string {
  const pad = ' '.repeat(n);
  return s
    .split('\n')
    .map((l) => pad + l)
    .join('\n');
}

/** agent.yaml beyond the skill: metadata, secrets (set or not), schedules, and the read-only fields. */
function agentLines(a: AgentDetails): string[] {
  const out: string[] = [];
  const who = [a.name, a.id && a.id !== a.name ? `(${a.id})` : '', a.model ? `model ${a.model}` : ''].filter(Boolean).join(' ');
  if (who) out.push(`Agent: ${who}`);
  if (a.description) out.push(`Agent description: ${a.description}`);
  for (const s of a.secrets) out.push(`Secret: ${s.name}${s.description ? ` — ${s.description}` : ''} (${s.set ? 'set' : s.required ? 'not set: needed' : 'not set'})`);
  for (const s of a.schedules) {
    const when = s.problem ? `cannot run: ${s.problem}` : !s.enabled ? 'disabled' : `next run ${nextRunText(s.cron)}`;
    out.push(`Schedule: "${s.id}" ${s.cron} → ${s.skill} ${s.action} (${when})`);
  }
  for (const r of a.readOnly) out.push(`${r.key} (shown, not used by the workbench): ${typeof r.value === 'string' ? r.value : JSON.stringify(r.value)}`);
  return out;
}

function nextRunText(cron: string): string {
  const parsed = parseCron(cron);
  const at = typeof parsed === 'string' ? null : nextRun(parsed, new Date());
  return at ? formatLocal(at) : 'never';
}
