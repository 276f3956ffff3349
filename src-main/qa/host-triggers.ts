/**
 * A trigger suite run through a real agent host: each query asked N times, each run a fresh headless start of the
 * host (hosts/host-run.ts) with every skill of the catalog installed where it reads skills, the skill it activated
 * read from its own output (its `Skill` tool call). Beside it, the simulator's pick for the same query on the same
 * model (qa/trigger-run.ts, the workbench's simulated catalog), and how often the two agree.
 */
import type { EvalModel, TriggerQueryInfo } from '../contract';
import type { ChatModel } from '../agent/chat-model';
import type { FoundHost } from '../hosts/host-find';
import type { HostKind } from '../hosts/host-kinds';
import { runHost } from '../hosts/host-run';
import type { ProxyAnswer } from '../hosts/model-proxy';
import { shown, type Catalog } from './trigger-catalog';
import { runTriggerSuite, triggerQueries } from './trigger-run';
import type { TriggerSuite } from './trigger-suite';

export interface HostTriggerQuery {
  id: number;
  query: string;
  /** The skill that should be activated; null: none should. */
  expected: string | null;
  /** A near miss: this skill must not be activated. */
  shouldNot?: string;
  /** What the host activated first in each run (null: nothing); a name outside the catalog is one of its own skills. */
  activated: (string | null)[];
  /** What the simulator picked in each run, on the same model. */
  simulator: (string | null)[];
  /** Why a run could not be made, where one could not. */
  error?: string;
}

export interface HostTriggerReport {
  host: { id: string; version: string | null };
  model: string;
  runs: number;
  queries: HostTriggerQuery[];
  summary: {
    /** Over every run: the share that activated a skill of the catalog at all. */
    triggerRate: number | null;
    /** Of the host's runs that activated a catalog skill, the share where that skill was the one expected. */
    precision: number | null;
    /** Of the runs where a skill was expected, the share that activated it. */
    recall: number | null;
    /** The share of runs where the host and the simulator picked the same (both nothing counts). */
    agreement: number | null;
  };
  durationMs: number;
}

export interface HostTriggerOptions {
  catalog: Catalog;
  kind: HostKind;
  host: FoundHost;
  answer: ProxyAnswer;
  /** The simulator's model: the same one the proxy forwards to. */
  simulator: { info: EvalModel; chat: ChatModel };
  runs: number;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  scratchRoot?: string;
  onQuery?: (q: HostTriggerQuery) => void;
}

export async function runHostTriggers(suite: TriggerSuite, opts: HostTriggerOptions): Promise<HostTriggerReport> {
  const started = performance.now();
  const { queries } = triggerQueries(suite, opts.catalog);
  const simulated = await runTriggerSuite({ ...suite, compare: undefined }, { catalog: opts.catalog, models: [opts.simulator], runs: opts.runs });
  const side = simulated.sides.find((s) => s.variant === 'workspace');
  const skills = shown(opts.catalog).map((e) => ({ name: e.name, dir: e.dir }));
  const out: HostTriggerQuery[] = [];
  for (const q of queries) {
    const activated: (string | null)[] = [];
    let error: string | undefined;
    for (let n = 0; n < opts.runs && !error; n++) {
      try {
        const r = await runHost({ kind: opts.kind, host: opts.host, skills, query: q.query, answer: opts.answer, env: opts.env, timeoutMs: opts.timeoutMs, scratchRoot: opts.scratchRoot });
        if (!r.requests.length) error = `${opts.kind.id} asked the model nothing (${r.timedOut ? 'it timed out' : `it exited with ${r.code}`})`;
        else activated.push(r.activated[0] ?? null);
      } catch (err) {
        error = (err as Error).message;
      }
    }
    const sim = side?.queries.find((r) => r.query === q.id);
    const row: HostTriggerQuery = {
      id: q.id,
      query: q.query,
      expected: q.should ?? null,
      ...(q.shouldNot !== undefined ? { shouldNot: q.shouldNot } : {}),
      activated,
      simulator: sim?.runs.map((r) => r.picked) ?? [],
      ...(error || sim?.error ? { error: error ?? `the simulator: ${sim?.error}` } : {}),
    };
    out.push(row);
    opts.onQuery?.(row);
  }
  return {
    host: { id: opts.host.id, version: opts.host.version },
    model: opts.simulator.info.id,
    runs: opts.runs,
    queries: out,
    summary: summaryOf(queries, out, new Set(skills.map((s) => s.name))),
    durationMs: Math.round(performance.now() - started),
  };
}

const share = (hits: number, of: number) => (of ? hits / of : null);

function summaryOf(queries: TriggerQueryInfo[], rows: HostTriggerQuery[], catalog: Set<string>): HostTriggerReport['summary'] {
  /** Runs counted: all, where a skill was expected, that activated it, that activated a catalog skill (and the right one), paired with the simulator (and agreeing). */
  const n = { all: 0, expected: 0, hits: 0, picked: 0, right: 0, paired: 0, agreed: 0 };
  for (const row of rows) {
    const q = queries.find((x) => x.id === row.id)!;
    const expected = q.shouldNot === undefined ? (q.should ?? null) : null;
    row.activated.forEach((a, i) => {
      n.all++;
      if (expected) n.expected++;
      if (expected && a === expected) n.hits++;
      if (a && catalog.has(a)) n.picked++;
      if (a && catalog.has(a) && a === expected) n.right++;
      if (i < row.simulator.length) n.paired++;
      if (i < row.simulator.length && a === row.simulator[i]) n.agreed++;
    });
  }
  return { triggerRate: share(n.picked, n.all), precision: share(n.right, n.picked), recall: share(n.hits, n.expected), agreement: share(n.agreed, n.paired) };
}
