/**
 * Running a collection: fill every request's placeholders for the chosen environment first (so a missing
 * variable stops the run before anything is called), start the skill once, call each request in order,
 * and check its assertions. Secret values are taught to the runtime's redactor, so they are scrubbed from
 * its logs and message histories, and from everything this report holds.
 */
import type { Assertion, RequestResult, RunReport } from '../contract';
import { SkillError } from '../common/errors';
import type { Redactor } from '../engine/redactor';
import { SecretStore } from '../host/secret-store';
import { resolveSkill } from '../protocols/discover';
import { startForCalls } from '../protocols/registry';
import { SkillRuntime } from '../runtime/skill-runtime';
import { evaluateAssertion } from './assertions';
import { fillVariables, VariableError } from './collection-vars';
import { CollectionError, collectionSkill, loadCollection, secretValues, type Collection } from './collections';

export type { RequestResult, RunReport } from '../contract';

export interface RunOptions {
  /** The environment; may be left out when the collection has one or none. */
  env?: string;
  home: string;
  /** Run against this skill instead of the collection's. */
  skillPath?: string;
  /**
   * A running skill to call instead of starting one (the app's own, so its log and messages show the
   * run, and a SkillDefinition skill's state has one owner). It is left running.
   */
  runtime?: SkillRuntime;
  /** For requests that set no timeout of their own. */
  timeoutMs?: number;
  /**
   * Where a secret with no value in the store may come from, as SKILLBENCH_SECRET_<NAME> (upper case,
   * other characters as _): the CLI passes process.env, for CI machines that have no secret store.
   */
  secretEnv?: Record<string, string | undefined>;
  onResult?: (r: RequestResult) => void;
  /** Call only the requests of these names (a shard's part of the collection); all are still filled first. */
  only?: ReadonlySet<string>;
}

interface Prepared {
  req: Collection['requests'][number];
  args: unknown;
  assertions: Assertion[];
}

export async function runCollection(dir: string, opts: RunOptions): Promise<RunReport> {
  const c = loadCollection(dir);
  const env = pickEnvironment(c, opts.env);
  const secrets = secretsFor(c, env, opts, opts.runtime?.homeStores.secrets ?? SecretStore.open(opts.home));
  const prepared = prepare(c, env, secrets).filter((p) => !opts.only || opts.only.has(p.req.name));

  const ref = opts.runtime?.ref ?? resolveSkill(collectionSkill(c, opts.skillPath), { skill: c.skillName });
  const rt = opts.runtime ?? new SkillRuntime(ref, { home: opts.home, restart: { enabled: false } });
  for (const v of Object.values(secrets)) rt.redactor.add(v);
  const results: RequestResult[] = [];
  try {
    if (!opts.runtime) await startForCalls(rt, (err) => new SkillError('LAUNCH', `${ref.name} cannot start, so the collection was not run: ${err.message}`));
    for (const p of prepared) {
      const raw = await rt.call(p.req.tool, p.args, { timeoutMs: p.req.timeoutMs ?? opts.timeoutMs });
      const checks = p.assertions.length ? p.assertions : [{ is_error: false }];
      const assertions = checks.map((a, i) => {
        const r = evaluateAssertion(a, raw);
        // Show the assertion as saved (placeholders, not secrets), and scrub what the skill sent back.
        const shown = {
          ...r,
          assertion: p.req.assertions[i] ?? a,
          expected: rt.redactor.text(r.expected),
          actual: rt.redactor.text(r.actual),
          message: rt.redactor.text(r.message),
        };
        if (r.differences) shown.differences = scrubAll(r.differences, rt.redactor);
        if (r.suggestion) shown.suggestion = rt.redactor.text(r.suggestion);
        return shown;
      });
      const result: RequestResult = {
        name: p.req.name,
        file: p.req.file,
        tool: p.req.tool,
        args: p.req.args,
        pass: assertions.every((a) => a.pass),
        outcome: scrubAll(raw, rt.redactor),
        assertions,
        durationMs: raw.durationMs,
      };
      results.push(result);
      opts.onResult?.(result);
    }
  } finally {
    if (!opts.runtime) await rt.close();
  }
  const passed = results.filter((r) => r.pass).length;
  return {
    collection: { name: c.name, dir: c.dir },
    env,
    skill: { id: ref.id, name: ref.name, protocol: ref.protocol, dir: ref.dir },
    results,
    passed,
    failed: results.length - passed,
  };
}

/** Like Redactor.value, and object keys too: a skill may key a map by whatever text it was given. */
function scrubAll<T>(v: T, r: Redactor): T {
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return r.text(x);
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, y]) => [r.text(k), walk(y)]));
    return x;
  };
  return r.active ? (walk(v) as T) : v;
}

function pickEnvironment(c: Collection, env?: string): string | null {
  const names = Object.keys(c.environments);
  if (env !== undefined) {
    if (c.environments[env]) return env;
    const has = names.length ? `it has ${names.join(', ')}` : 'it has no environments';
    throw new CollectionError(`The collection "${c.name}" has no environment "${env}" (${has}).`);
  }
  if (names.length <= 1) return names[0] ?? null;
  throw new CollectionError(`The collection "${c.name}" has several environments (${names.join(', ')}): choose one (--env NAME).`);
}

function secretsFor(c: Collection, env: string | null, opts: RunOptions, secrets: SecretStore): Record<string, string> {
  const out = env ? secretValues(secrets, c.dir, env, c.secrets) : {};
  for (const name of c.secrets) {
    const fromEnv = opts.secretEnv?.[secretEnvName(name)];
    if (out[name] === undefined && fromEnv !== undefined) out[name] = fromEnv;
  }
  return out;
}

export function secretEnvName(name: string): string {
  return `SKILLBENCH_SECRET_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** Fills every request before anything runs: a missing variable is a mistake in the collection, not a failed test. */
function prepare(c: Collection, env: string | null, secrets: Record<string, string>): Prepared[] {
  const vars = env ? c.environments[env] : {};
  for (const name of c.secrets) {
    if (Object.prototype.hasOwnProperty.call(vars, name)) {
      throw new CollectionError(`"${name}" is both a variable of environment "${env}" and a secret of the collection "${c.name}": keep one.`);
    }
  }
  const all: Record<string, unknown> = { ...vars, ...secrets };
  return c.requests.map((req) => {
    const missing = (name: string): never => {
      throw new VariableError(missingMessage(c, env, req.name, name, vars));
    };
    const args = fillVariables(req.args, all, missing);
    const assertions = req.assertions.map((a) => fillVariables(a, all, missing) as Assertion);
    return { req, args, assertions };
  });
}

function missingMessage(c: Collection, env: string | null, request: string, name: string, vars: Record<string, unknown>): string {
  const use = `The request "${request}" uses {{${name}}}`;
  if (c.secrets.includes(name)) {
    return `${use}, a secret with no value for environment "${env ?? '(none)'}" here: set it in the workbench (or, for CI, in ${secretEnvName(name)}).`;
  }
  if (env === null) return `${use}, but the collection "${c.name}" has no environments, so no variable "${name}".`;
  const known = Object.keys(vars);
  const lists = [`its variables: ${known.length ? known.join(', ') : 'none'}`];
  if (c.secrets.length) lists.push(`secrets: ${c.secrets.join(', ')}`);
  return `${use}, but environment "${env}" has no variable "${name}" (${lists.join('; ')}).`;
}
