/**
 * Saved requests, grouped in collections a team keeps in git. A collection is a folder, by default
 * `<skill>/.skillbench/collections/<name>/`, holding:
 *
 *   collection.json   {"name", "skill"?, "skillName"?, "order"?, "environments": {"dev": {"var": value}},
 *                      "secrets": ["apiKey"]}
 *   <request>.json    {"name", "tool", "args", "timeoutMs"?, "assertions": [...]}   (one per request)
 *
 * - `skill`: the skill's path relative to the collection folder; absent, the skill folder the collection
 *   sits in (three levels up from `.skillbench/collections/<name>`).
 * - `skillName`: picks one skill where that path holds several (an agent folder, say).
 * - `order`: request names (or file names) to run first, in that order; the rest follow by file name.
 * - `sequential`: the requests depend on one another (the skill's state, one request's effect seen by the
 *   next): a sharded run keeps the collection whole, on one shard, in its order (qa/units.ts).
 * - `environments`: variables per environment. Strings in `args` (and in assertions' expected values) may
 *   hold `{{name}}`; a string that is exactly `"{{name}}"` takes the variable's own JSON type.
 * - `secrets`: names only. Their values live in the workbench's encrypted secret store, per collection
 *   and environment (see `setSecretVariable`), never in these files.
 *
 * Files are written with a fixed key order (nested objects sorted), 2-space indent and a trailing newline,
 * atomically, so diffs show only what changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isTempFile, writeFileAtomicSync } from '../host/atomic-write';
import type { SecretStore } from '../host/secret-store';
import type { Assertion, CollectionSummary, SavedRequest } from '../contract';
import { checkAssertion } from './assertions';
import { parseBounded } from '../common/json-depth';
import { parseWith, says, z } from '../common/shape';
import { isObject } from '../common/values';

export type { CollectionSummary, SavedRequest } from '../contract';

export interface CollectionFile {
  name: string;
  skill?: string;
  skillName?: string;
  order?: string[];
  sequential?: boolean;
  environments: Record<string, Record<string, unknown>>;
  secrets: string[];
}

export interface Collection extends CollectionFile {
  dir: string;
  /**
   * The skill's path, resolved (from `skill`, or the folder the collection sits in); undefined for a collection
   * kept elsewhere without `skill`, which runs only with a skill given (`--skill`).
   */
  skillPath?: string;
  /** In the order they run. */
  requests: (SavedRequest & { file: string })[];
}

export const COLLECTION_FILE = 'collection.json';
const NAME = /^[A-Za-z_][\w.-]*$/;

export class CollectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollectionError';
  }
}

/** Where a skill's collections live by default. */
export function collectionsDir(skillDir: string): string {
  return path.join(skillDir, '.skillbench', 'collections');
}

/** The collections saved in a skill's folder, by name. */
export function listCollections(skillDir: string): CollectionSummary[] {
  const root = collectionsDir(skillDir);
  let names: string[];
  try {
    names = fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch {
    return [];
  }
  const out: CollectionSummary[] = [];
  for (const n of names.sort()) {
    const dir = path.join(root, n);
    if (!fs.existsSync(path.join(dir, COLLECTION_FILE))) continue;
    try {
      const c = loadCollection(dir);
      out.push({ name: c.name, dir, requests: c.requests.length, environments: Object.keys(c.environments), secrets: c.secrets });
    } catch {
      // A broken collection is reported when it is opened, not hidden silently: list it with what we know.
      out.push({ name: n, dir, requests: 0, environments: [], secrets: [] });
    }
  }
  return out;
}

/** Reads a collection folder (or its collection.json) with its requests, checking both. */
export function loadCollection(dirOrFile: string): Collection {
  const dir = path.resolve(dirOrFile.endsWith('.json') ? path.dirname(dirOrFile) : dirOrFile);
  const file = path.join(dir, COLLECTION_FILE);
  const doc = readJson(file, `There is no collection at ${dir} (no ${COLLECTION_FILE}).`);
  const c = checkCollection(doc, file);
  const requests: (SavedRequest & { file: string })[] = [];
  for (const n of fs.readdirSync(dir).sort()) {
    if (!n.endsWith('.json') || n === COLLECTION_FILE || isTempFile(n)) continue;
    const f = path.join(dir, n);
    requests.push({ ...checkRequest(readJson(f, `Cannot read ${f}.`), f), file: f });
  }
  const seen = new Set<string>();
  for (const r of requests) {
    if (seen.has(r.name)) throw new CollectionError(`Two requests in ${dir} are named "${r.name}"; rename one.`);
    seen.add(r.name);
  }
  return { ...c, dir, skillPath: skillPathOf(dir, c.skill), requests: ordered(requests, c.order ?? []) };
}

/** Creates (or rewrites) collection.json. */
export function saveCollection(dir: string, c: CollectionFile): void {
  const checked = checkCollection(c, path.join(dir, COLLECTION_FILE));
  fs.mkdirSync(dir, { recursive: true });
  writeJson(path.join(dir, COLLECTION_FILE), {
    name: checked.name,
    skill: checked.skill,
    skillName: checked.skillName,
    order: checked.order,
    sequential: checked.sequential || undefined,
    environments: sortKeys(checked.environments),
    secrets: [...new Set(checked.secrets)].sort(),
  });
}

/** Saves one request as `<name>.json`, creating the collection when the folder has none. Returns the file. */
export function saveRequest(collectionDir: string, request: SavedRequest): string {
  const dir = path.resolve(collectionDir);
  const file = existingFileOf(dir, request.name) ?? freeFile(dir, requestFileName(request.name));
  const r = checkRequest(request, file);
  if (!fs.existsSync(path.join(dir, COLLECTION_FILE))) saveCollection(dir, { name: path.basename(dir), environments: {}, secrets: [] });
  writeJson(file, { name: r.name, tool: r.tool, args: sortKeys(r.args), timeoutMs: r.timeoutMs, assertions: r.assertions.map(assertionInOrder) });
  return file;
}

export function deleteRequest(collectionDir: string, name: string): boolean {
  const file = existingFileOf(path.resolve(collectionDir), name);
  if (!file) return false;
  fs.rmSync(file);
  return true;
}

/** The file already holding the request of that name (files may have been named by hand). */
function existingFileOf(dir: string, name: string): string | null {
  let names: string[];
  try {
    names = fs.readdirSync(dir).sort();
  } catch {
    return null;
  }
  for (const n of names) {
    if (!n.endsWith('.json') || n === COLLECTION_FILE || isTempFile(n)) continue;
    try {
      if ((JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')) as { name?: unknown }).name === name) return path.join(dir, n);
    } catch {
      // not a request we can read: not the one we look for
    }
  }
  return null;
}

/** `name.json`, or `name-2.json` and on when another request's file has that name ("a b" and "a-b" share a slug). */
function freeFile(dir: string, name: string): string {
  const base = name.replace(/\.json$/, '');
  for (let i = 1; ; i++) {
    const f = path.join(dir, i === 1 ? name : `${base}-${i}.json`);
    if (!fs.existsSync(f)) return f;
  }
}

/** Why `name` cannot name a collection or a variable (it becomes a folder name), or null when it can. */
export function collectionNameProblem(name: unknown, what = 'a collection'): string | null {
  if (typeof name !== 'string' || !name.trim()) return `Give ${what} a name.`;
  if (name.length > 64) return `"${name.slice(0, 20)}…" is too long for ${what} name: keep it to 64 characters.`;
  if (!NAME.test(name)) return `"${name}" cannot name ${what}: use letters, digits, _ . and -, starting with a letter or _.`;
  return null;
}

/** `Estimate swap gas` -> `Estimate-swap-gas.json`. */
export function requestFileName(name: string): string {
  const slug = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 80) || 'request';
  return slug === 'collection' ? 'collection-request.json' : `${slug}.json`;
}

// ---- Secret variables: values in the encrypted store, names in collection.json ----

/** The secret store's scope for one collection: its folder, so two clones never share values by accident. */
export function secretScope(collectionDir: string): string {
  const dir = path.resolve(collectionDir);
  let real = dir;
  try {
    real = fs.realpathSync(dir);
  } catch {
    // not created yet: the resolved path will do
  }
  return `collection:${real}`;
}

const secretKey = (env: string, name: string) => `${env}:${name}`;

/** Stores a secret variable's value for one environment (encrypted), and lists its name in collection.json. */
export function setSecretVariable(secrets: SecretStore, collectionDir: string, env: string, name: string, value: string): void {
  if (!NAME.test(name)) throw new CollectionError(`"${name}" cannot be a variable name: use letters, digits, _ . and -, starting with a letter.`);
  if (!env.trim()) throw new CollectionError('Name the environment the secret is for.');
  const c = loadCollection(collectionDir);
  if (!c.secrets.includes(name) || !c.environments[env]) {
    saveCollection(c.dir, { ...c, secrets: [...c.secrets, name], environments: { ...c.environments, [env]: c.environments[env] ?? {} } });
  }
  secrets.set(secretScope(c.dir), secretKey(env, name), value);
}

export function deleteSecretVariable(secrets: SecretStore, collectionDir: string, env: string, name: string): boolean {
  return secrets.delete(secretScope(collectionDir), secretKey(env, name));
}

/** The secret values of one environment that can be read here (others are absent). */
export function secretValues(store: SecretStore, collectionDir: string, env: string, names: string[]): Record<string, string> {
  const scope = secretScope(collectionDir);
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = store.get(scope, secretKey(env, n));
    if (v !== undefined) out[n] = v;
  }
  return out;
}

/** Which secrets have a value, per environment: names and booleans only, for a settings view. */
export function secretStatus(secrets: SecretStore, collectionDir: string): Record<string, Record<string, boolean>> {
  const c = loadCollection(collectionDir);
  const out: Record<string, Record<string, boolean>> = {};
  for (const env of Object.keys(c.environments)) {
    const have = secretValues(secrets, c.dir, env, c.secrets);
    out[env] = Object.fromEntries(c.secrets.map((n) => [n, n in have]));
  }
  return out;
}

// ---- Checking and writing ----

const nonEmpty = (s: string) => s.trim() !== '';
const itName = says('"name" must be a non-empty text');
const listOfNames = says('"order" must be a list of request names');
const secretNames = says('"secrets" must be a list of variable names');

const collectionFile = z.object(
  {
    name: z.string(itName).refine(nonEmpty, itName),
    skill: z.string(says('"skill" must be a path, as text')).optional(),
    skillName: z.string(says('"skillName" must be text')).optional(),
    order: z.array(z.string(listOfNames), listOfNames).optional(),
    sequential: z.boolean(says('"sequential" must be true or false')).optional(),
    // Taken as written (not copied): variable names are the user's, whatever they are.
    environments: z
      .custom<CollectionFile['environments']>(
        (v) => isObject(v) && Object.values(v).every(isObject),
        says('"environments" must map each environment name to its variables, e.g. {"dev": {"price": 30}}'),
      )
      .default({}),
    secrets: z.array(z.string(secretNames).regex(NAME, secretNames), secretNames).default([]),
  },
  says('it must be a JSON object'),
);

const savedRequest = z.object(
  {
    name: z.string(itName).refine(nonEmpty, itName),
    tool: z.string(says('"tool" must name the tool to call')).refine(nonEmpty, says('"tool" must name the tool to call')),
    args: z
      .unknown()
      .optional()
      .transform((a) => (a === undefined ? {} : a)),
    timeoutMs: z.number(says('"timeoutMs" must be a positive number')).positive(says('"timeoutMs" must be a positive number')).optional(),
    assertions: z
      .array(z.unknown(), says('"assertions" must be a list'))
      .default([])
      .superRefine((list, ctx) => {
        for (const [i, a] of list.entries()) {
          const problem = checkAssertion(a);
          if (problem) return ctx.addIssue({ code: 'custom', message: `assertion ${i + 1}: ${problem}`, input: a });
        }
      })
      .transform((list) => list as Assertion[]),
  },
  says('it must be a JSON object'),
);

function checkCollection(doc: unknown, file: string): CollectionFile {
  return parseWith(collectionFile, doc, (why) => new CollectionError(`${file} is not a usable collection: ${why}.`));
}

function checkRequest(doc: unknown, file: string): SavedRequest {
  return parseWith(savedRequest, doc, (why) => new CollectionError(`${file} is not a usable request: ${why}.`));
}

function skillPathOf(dir: string, skill?: string): string | undefined {
  if (skill) return path.resolve(dir, skill);
  const parent = path.dirname(dir);
  if (path.basename(parent) === 'collections' && path.basename(path.dirname(parent)) === '.skillbench') return path.dirname(path.dirname(parent));
  return undefined;
}

/** The skill a collection runs with: the one given, else its own; an error saying how when it has none. */
export function collectionSkill(c: Collection, given?: string): string {
  const found = given ?? c.skillPath;
  if (found) return found;
  throw new CollectionError(`The collection at ${c.dir} is not inside a skill's .skillbench/collections folder: say which skill it runs with "skill" in ${COLLECTION_FILE}, or give one (--skill PATH).`);
}

function ordered<T extends { name: string; file: string }>(requests: T[], order: string[]): T[] {
  const rank = (r: T) => {
    const i = order.findIndex((o) => o === r.name || o === path.basename(r.file) || o === path.basename(r.file, '.json'));
    return i === -1 ? order.length : i;
  };
  return requests.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map((x) => x.r);
}

const ASSERTION_ORDER = ['is_error', 'path', 'exists', 'equals', 'contains', 'matches', 'ignore', 'numeric'];

function assertionInOrder(a: Assertion): Assertion {
  const src = a as Record<string, unknown>;
  return Object.fromEntries(ASSERTION_ORDER.filter((k) => k in src).map((k) => [k, sortKeys(src[k])]));
}

/** Writes JSON the same way every time: keys in the order given, undefined left out. */
function writeJson(file: string, value: Record<string, unknown>): void {
  const top = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
  writeFileAtomicSync(file, JSON.stringify(top, null, 2) + '\n');
}

/** A copy with object keys sorted at every level, so the same content always writes the same bytes. */
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isObject(v)) return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
}

function readJson(file: string, missing: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new CollectionError((err as NodeJS.ErrnoException).code === 'ENOENT' ? missing : `Cannot read ${file} (${(err as Error).message}).`);
  }
  try {
    return parseBounded(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).value;
  } catch (err) {
    throw new CollectionError(`${file} is not valid JSON (${(err as Error).message}).`);
  }
}

