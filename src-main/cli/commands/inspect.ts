import path from 'node:path';
import { PROTOCOL_LABELS, type AgentDetails, type AgentSkillView, type McpSkillEntry } from '../../contract';
import { firstLine } from '../../common/first-line';
import { agentSkillView, catalogEntry, countTokens } from '../../protocols/agent-skill';
import { nextRun, parseCron } from '../../protocols/action';
import { parse } from '../args';
import type { CommandContext } from '../context';
import { formatLocal } from '../format-time';
import { MCP_RUN_OPTIONS, openSkill, skillTarget } from '../open-skill';
import { ActionSkill } from '../../protocols/action';
import { EXIT, json, UsageError, type Io } from '../output';

export const help =
  'inspect <path> [--skill NAME] [--mcp-config FILE --server NAME | --command "…" | --url URL --header K:V, then no <path>] [--as PROFILE] [--era auto|legacy|modern] [--json] [--discover-by-running] [--inherit-env] [--host-parity]   protocol, name, version, tools and their schemas (action scripts and namel3ss apps are read, nothing run; JSON-RPC, SkillDefinition and MCP skills tell their tools only while running, so they are started, asked and stopped; --discover-by-running runs an action script once with an unknown action to read its supported_actions; --host-parity: a SkillDefinition skill runs as the real host runs it, else the differences are listed; --as PROFILE: connect to an MCP server as claude-desktop, claude-code, cursor, vscode or chatgpt would: its clientInfo, capabilities and protocol version)';

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
    // An Agent Skill: what an agent reads of it, layer by layer, counted in tokens (read, nothing run).
    const view = info.protocol === 'agent-skill' ? await agentSkillView(info.dir) : null;
    // An MCP server that offers Agent Skills (the Skills extension): its skills, as the Skills view shows them.
    const offered = info.protocol === 'mcp' && rt.adapter.mcp?.serverInfo()?.capabilities.skills ? await rt.adapter.mcp.skills!() : null;
    if (values.json) {
      io.out(json({ ...info, ...(view ? { agentSkill: view } : {}), ...(offered ? { skills: offered } : {}) }));
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
    if (view) io.out(disclosureLines(view).join('\n'));
    if (offered) io.out((await offeredLines(offered)).join('\n'));
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
    const when = s.problem ? `cannot run: ${s.problem}` : !s.enabled ? 'disabled' : `next run ${nextRunText(s.cron)}${s.prompt ? '; a prompt for the agent: it needs a model, the app\'s or skillbench schedule --once --model NAME' : ''}`;
    out.push(`Schedule: "${s.id}" ${s.cron} → ${s.prompt ? `prompt "${firstLine(s.prompt, 60)}"` : `${s.skill} ${s.action}`} (${when})`);
  }
  for (const r of a.readOnly) out.push(`${r.key} (shown, not used by the workbench): ${typeof r.value === 'string' ? r.value : JSON.stringify(r.value)}`);
  return out;
}

function nextRunText(cron: string): string {
  const parsed = parseCron(cron);
  const at = typeof parsed === 'string' ? null : nextRun(parsed, new Date());
  return at ? formatLocal(at) : 'never';
}

/** An Agent Skill as an agent meets it: the catalog entry, the body, then each file, with its tokens. */
function disclosureLines(v: AgentSkillView): string[] {
  const n = (x: number | null) => (x === null ? '—' : x.toLocaleString('en-US'));
  const out = ['', `What an agent reads (tokens counted with ${v.tokenizer}):`];
  const [catalog, body, ...files] = v.layers;
  out.push(`  1. Catalog entry, in every session's prompt: ${n(catalog.tokens)} tokens`);
  out.push(indent(catalog.text ?? '', 6));
  out.push(`  2. SKILL.md body, when the skill is activated: ${n(body.tokens)} tokens, ${n(body.lines ?? 0)} lines`);
  out.push(`  3. Files read on demand (${files.length}, ${n(v.totals.resources)} tokens counted):`);
  for (const f of files) out.push(`     ${f.label}  ${f.kind ?? ''}  ${f.tokens === null ? `${f.bytes.toLocaleString('en-US')} bytes, ${f.note}` : `${n(f.tokens)} tokens`}${f.referenced ? '  (named in SKILL.md)' : ''}`);
  out.push('', v.allowedTools.length ? `allowed-tools: ${v.allowedTools.join(' ')}` : 'allowed-tools: none (the agent asks before each tool as usual)');
  if (v.openhuman) {
    out.push(`OpenHuman inputs (${v.openhuman.file}): ${v.openhuman.inputs.map((i) => `${i.name}${i.required ? '*' : ''}`).join(', ') || 'none'}`);
    for (const g of v.openhuman.gates) out.push(`OpenHuman gate ${g.name}: ${g.checks.join('; ')}`);
  }
  for (const s of v.scripts.filter((x) => x.actionScript)) out.push(`${s.name} also reads an action request on stdin: it opens as an action skill too (skillbench inspect ${path.join(v.dir, s.name)}).`);
  return out;
}

/** The skills an MCP server offers, each with what its catalog entry costs and its files. */
async function offeredLines(skills: McpSkillEntry[]): Promise<string[]> {
  const out = ['', `Skills it offers (the Skills extension, SEP-2640; ${skills.length}):`];
  for (const s of skills) {
    const tokens = await countTokens(catalogEntry({ name: s.name, description: s.description ?? '', location: s.uri }));
    const files = s.resources === 'dynamic' ? 'dynamic (no digests)' : `${s.resources.length} file${s.resources.length === 1 ? '' : 's'}, ${s.resources.reduce((n, r) => n + r.size, 0).toLocaleString('en-US')} bytes`;
    out.push(`  ${s.name} — ${s.description ?? '(no description)'}`, `    ${s.uri}  ${files}; catalog entry ${tokens} tokens`);
    for (const p of s.problems) out.push(`    Problem: ${p}`);
  }
  return out;
}
