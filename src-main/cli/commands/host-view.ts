/**
 * `skillbench host-view <skill> --host <id>[@version]`: what a real agent host sends its model when the skill is
 * installed where it reads skills. One headless start in a scratch project, against the workbench's model proxy;
 * its first request read for the catalog entry as the host words it (and its token count), the entries it competes
 * with (the host's built-in skills), the system prompt and the tools. Without model flags the proxy answers the
 * host itself, so no key is needed; `--cassette FILE` answers from a recording of an earlier run, offline;
 * `--record FILE` keeps every request and answer of this one.
 */
import type { ModelConfig } from '../../contract';
import { readHostRequest, type HostRequestView } from '../../hosts/host-request';
import { runHost, type HostRunResult } from '../../hosts/host-run';
import type { ProxyAnswer } from '../../hosts/model-proxy';
import { resolveSkill } from '../../protocols/discover';
import { readRecording } from '../../qa/recording-reader';
import { Recorder } from '../../runtime/recorder';
import { parse, seconds } from '../args';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { hostOption, modelAnswer } from '../host-options';
import { MODEL_OPTIONS, modelConfigOf } from '../model-options';
import { EXIT, json, UsageError, type Io } from '../output';

export const help =
  'host-view <skill> --host claude-code[@version] [--query TEXT] [--model M …] [--cassette FILE] [--record FILE] [--keep] [--timeout S] [--json]   what a real agent host sends its model about the skill';

/** A query that asks for nothing in particular: the first request is what matters. */
export const DEFAULT_QUERY = 'What can you help me with in this project?';
const DEFAULT_TIMEOUT_MS = 120_000;

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { ...MODEL_OPTIONS, host: { type: 'string' }, query: { type: 'string' }, cassette: { type: 'string' }, record: { type: 'string' }, keep: { type: 'boolean' }, timeout: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('host-view takes one skill: a folder with SKILL.md');
  const home = homeOf(ctx);
  const { kind, host } = hostOption(values.host, home, ctx);
  const ref = resolveSkill(resolvePath(ctx, positionals[0]), { skill: values.skill as string | undefined, protocol: 'agent-skill' });
  const config = modelConfigOf(values);
  if (config && values.cassette) throw new UsageError('give --cassette (answers from a recording) or --model (a live model), not both');
  const answer = answerOf(config, values.cassette ? resolvePath(ctx, values.cassette as string) : undefined, ctx, home);
  const result = await runHost({
    kind,
    host,
    skills: [{ name: ref.name, dir: ref.dir }],
    query: (values.query as string | undefined) ?? DEFAULT_QUERY,
    answer,
    env: ctx.env,
    timeoutMs: seconds(values.timeout as string | undefined, 'timeout') ?? DEFAULT_TIMEOUT_MS,
    keep: Boolean(values.keep),
    scratchRoot: ctx.env.TMPDIR || undefined,
  });
  if (values.record) {
    const rec = Recorder.open(resolvePath(ctx, values.record as string), ref, { host: `${host.id} ${host.version ?? ''}`.trim() });
    for (const r of result.records) rec.append(r);
    rec.close();
  }
  const first = result.requests[0];
  if (first === undefined) {
    const why = result.timedOut ? `it did not finish within the timeout` : `it exited with ${result.code}`;
    throw new Error(`${host.id} sent the model no request (${why}). Its last words: ${result.stderr.trim().split('\n').slice(-3).join(' ') || '(none)'}`);
  }
  const view = await readHostRequest(first);
  const report = viewReport(ref.name, host, view, result);
  if (values.json) io.out(json(report));
  else io.out(viewText(report));
  return EXIT.OK;
}

function answerOf(config: ModelConfig | undefined, cassette: string | undefined, ctx: CommandContext, home: string): ProxyAnswer {
  if (cassette) return { kind: 'cassette', records: readRecording(cassette).records };
  return config ? modelAnswer(config, ctx, home) : { kind: 'scripted' };
}

export interface HostViewReport {
  host: { id: string; version: string | null; path: string | null };
  skill: string;
  /** The skill's line in the host's catalog; null where the host did not list it. */
  entry: HostRequestView['catalog'][number] | null;
  /** The other lines of that catalog: what the skill competes with. */
  competing: HostRequestView['catalog'];
  catalogIn: string | null;
  /** The whole catalog (the skill's own line included), in tokens. */
  catalogTokens: number;
  system: { text: string; tokens: number };
  tools: HostRequestView['tools'];
  model: string | null;
  tokenizer: string;
  /** The skills the host activated in the run (with the proxy's scripted answer, none). */
  activated: string[];
  requests: number;
  durationMs: number;
  kept: string | null;
}

function viewReport(skill: string, host: { id: string; version: string | null; path: string | null }, view: HostRequestView, run: HostRunResult): HostViewReport {
  return {
    host: { id: host.id, version: host.version, path: host.path },
    skill,
    entry: view.catalog.find((l) => l.name === skill) ?? null,
    competing: view.catalog.filter((l) => l.name !== skill),
    catalogIn: view.catalogIn,
    catalogTokens: view.catalog.reduce((n, l) => n + l.tokens, 0),
    system: { text: view.system, tokens: view.systemTokens },
    tools: view.tools,
    model: view.model,
    tokenizer: view.tokenizer,
    activated: run.activated,
    requests: run.requests.length,
    durationMs: run.durationMs,
    kept: run.kept,
  };
}

const cut = (s: string, max = 110) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

function viewText(r: HostViewReport): string {
  const lines = [`${r.host.id} ${r.host.version ?? ''} sent its model (${r.requests} request${r.requests === 1 ? '' : 's'}, ${r.durationMs} ms):`.replace('  ', ' ')];
  if (r.entry) lines.push(`  ${r.skill}, as listed (${r.entry.tokens} tokens, in the ${r.catalogIn}):`, `    ${cut(r.entry.text, 400)}`);
  else lines.push(r.catalogIn ? `  ${r.skill} is not in the host's skill catalog (it lists ${r.competing.map((l) => l.name).join(', ') || 'nothing'}).` : '  No skill catalog was found in the request.');
  if (r.competing.length) {
    lines.push(`  It competes with ${r.competing.length} other entr${r.competing.length === 1 ? 'y' : 'ies'} (the whole catalog: ${r.catalogTokens} tokens):`);
    for (const l of r.competing) lines.push(`    ${l.name} (${l.tokens} tokens): ${cut(l.description.replace(/\s+/g, ' '), 90)}`);
  }
  lines.push(`  System prompt: ${r.system.tokens} tokens. Tools (${r.tools.length}): ${r.tools.map((t) => t.name).join(', ')}.`);
  if (r.activated.length) lines.push(`  The host activated: ${r.activated.join(', ')}.`);
  if (r.kept) lines.push(`  The scratch project is kept at ${r.kept}.`);
  lines.push(`  Tokens counted with ${r.tokenizer}.`);
  return lines.join('\n');
}
