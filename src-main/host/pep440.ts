/**
 * PEP 440 version specifiers (`>=3.9`, `~=2.7`, `==2.*`, `!=1.0`, `===1.0`, `>1.0,<2.0`) as Python's `packaging`
 * reads them. Versions are parsed and ordered by Renovate's `@renovatebot/pep440` (a port of `packaging`'s
 * `Version`); the specifier rules are ours, written after `packaging.specifiers.Specifier`, because the port's own
 * `satisfies` simplifies two of them: `<V` and `>V` exclude the pre-releases, post-releases and local versions of
 * V only (so `1.0a1` is `<1.0a2`, `1.0.post2` is `>1.0.post1`, and `1!2.0` is `>2.0`), and an epoch counts in them.
 *
 * Pre-releases: a specifier excludes them unless one of its clauses names one (`>=2.0b1`) or the caller asks
 * (`prereleases: true`, as pip does for a package already installed).
 */
import { compare, explain } from '@renovatebot/pep440';

/** A parsed version as the port answers it at run time (its bundled types call `post` and `dev` lists). */
interface Pep440Version {
  epoch: number;
  release: number[];
  pre: [string, number] | null;
  post: number | null;
  dev: number | null;
  local: string | null;
  /** Normalised, without the local part (the epoch written only when not 0). */
  public: string;
  base_version: string;
  is_prerelease: boolean;
  is_postrelease: boolean;
}

const parse = (v: string): Pep440Version | null => explain(v) as unknown as Pep440Version | null;

export interface SpecifierOptions {
  /** Whether a pre-release (or dev release) may match: by default, only where a clause names one. */
  prereleases?: boolean;
}

interface Clause {
  op: '===' | '~=' | '==' | '!=' | '<=' | '>=' | '<' | '>';
  /** The version as written (without `.*`). */
  version: string;
  /** `==V.*` / `!=V.*`. */
  prefix: boolean;
}

const CLAUSE = /^\s*(===|~=|==|!=|<=|>=|<|>)\s*([^\s,;]+)\s*$/;

/** A version as `packaging` writes it (`Version.__str__`): normalised, with its local part. */
export function normaliseVersion(v: string): string | null {
  const e = parse(v);
  return e ? full(e) : null;
}

export function isValidVersion(v: string): boolean {
  return parse(v) !== null;
}

/** The clauses of a specifier; null where one is not valid PEP 440 (which `packaging` would refuse). */
function clauses(specifier: string): Clause[] | null {
  if (!specifier.trim()) return [];
  const out: Clause[] = [];
  for (const part of specifier.split(',')) {
    const m = CLAUSE.exec(part);
    if (!m) return null;
    const op = m[1] as Clause['op'];
    let version = m[2];
    if (op === '===') {
      out.push({ op, version, prefix: false });
      continue;
    }
    const prefix = version.endsWith('.*');
    if (prefix) version = version.slice(0, -2);
    const e = parse(version);
    if (!e) return null;
    // What packaging refuses: a prefix or a local version outside == and !=, a prefix with a dev part, ~= on one number.
    if (prefix && (!(op === '==' || op === '!=') || e.dev !== null || e.local !== null)) return null;
    if (e.local !== null && !(op === '==' || op === '!=')) return null;
    if (op === '~=' && e.release.length < 2) return null;
    out.push({ op, version, prefix });
  }
  return out;
}

/** Whether `specifier` is one `packaging` would read. */
export function isValidSpecifier(specifier: string): boolean {
  return clauses(specifier) !== null;
}

/**
 * Whether `version` satisfies `specifier` (its clauses joined by commas, every one must hold): true or false, or
 * null where either cannot be read as PEP 440 (a legacy version such as `1.0.x`, a malformed specifier).
 */
export function satisfies(version: string, specifier: string, opts: SpecifierOptions = {}): boolean | null {
  const list = clauses(specifier);
  const v = parse(version);
  if (!list) return null;
  // `===` compares strings: the one clause that reads a version that is not PEP 440.
  if (!v) return list.length > 0 && list.every((c) => c.op === '===') ? list.every((c) => version.trim().toLowerCase() === c.version.toLowerCase()) : null;
  const prereleases = opts.prereleases ?? list.some(namesPrerelease);
  if (v.is_prerelease && !prereleases) return false;
  return list.every((c) => holds(c, v));
}

/** A clause that names a pre-release lets pre-releases match (packaging's `Specifier.prereleases`). */
function namesPrerelease(c: Clause): boolean {
  if (!['==', '>=', '<=', '~=', '==='].includes(c.op)) return false;
  return parse(c.version)?.is_prerelease === true;
}

function holds(c: Clause, v: Pep440Version): boolean {
  switch (c.op) {
    case '===':
      return full(v).toLowerCase() === c.version.toLowerCase();
    case '==':
      return c.prefix ? prefixMatch(v, c.version) : equal(v, c.version);
    case '!=':
      return !(c.prefix ? prefixMatch(v, c.version) : equal(v, c.version));
    case '<=':
      return compare(v.public, c.version) <= 0;
    case '>=':
      return compare(v.public, c.version) >= 0;
    case '<':
      return lessThan(v, c.version);
    case '>':
      return greaterThan(v, c.version);
    case '~=': {
      const s = parse(c.version)!;
      const stem = `${s.epoch}!${s.release.slice(0, -1).join('.')}`;
      return compare(v.public, c.version) >= 0 && prefixMatch(v, stem);
    }
  }
}

/** `==V`: a local label on the candidate is ignored unless the specifier has one. */
function equal(v: Pep440Version, spec: string): boolean {
  const s = parse(spec)!;
  return s.local !== null ? compare(full(v), spec) === 0 : compare(v.public, spec) === 0;
}

/** `<V`: and not a pre-release of V itself, unless V is one. */
function lessThan(v: Pep440Version, spec: string): boolean {
  const s = parse(spec)!;
  if (!(compare(full(v), spec) < 0)) return false;
  if (!s.is_prerelease && v.is_prerelease && compare(v.base_version, s.base_version) === 0) return false;
  return true;
}

/** `>V`: and not a post-release of V unless V is one, nor V with a local label. */
function greaterThan(v: Pep440Version, spec: string): boolean {
  const s = parse(spec)!;
  if (!(compare(full(v), spec) > 0)) return false;
  if (!s.is_postrelease && v.is_postrelease && compare(v.base_version, s.base_version) === 0) return false;
  if (v.local !== null && compare(v.base_version, s.base_version) === 0) return false;
  return true;
}

/**
 * `==P.*`: the candidate's public version, its release padded with zeros to the prefix's length, starts with the
 * prefix, segment by segment (epoch, release numbers, then pre, post and dev as `rc1`, `post2`, `dev3`).
 */
function prefixMatch(v: Pep440Version, prefix: string): boolean {
  const p = parse(prefix);
  if (!p) return false;
  const want = segments(p, p.release.length);
  const have = segments(v, Math.max(v.release.length, p.release.length));
  return want.every((seg, i) => have[i] === seg);
}

function segments(e: Pep440Version, releaseLength: number): string[] {
  const release = [...e.release, ...Array<number>(Math.max(0, releaseLength - e.release.length)).fill(0)];
  const out = [String(e.epoch), ...release.map(String)];
  if (e.pre) out.push(`${e.pre[0]}${e.pre[1]}`);
  if (e.post !== null) out.push(`post${e.post}`);
  if (e.dev !== null) out.push(`dev${e.dev}`);
  return out;
}

function full(e: Pep440Version): string {
  return e.local !== null ? `${e.public}+${e.local}` : e.public;
}

/** Whether `version` is under a lower bound of `specifier` (`>=`, `>`, `~=`, `==`): too old, rather than too new or excluded. */
export function isBelow(version: string, specifier: string): boolean {
  const list = clauses(specifier);
  if (!list || !parse(version)) return false;
  const v = parse(version)!;
  return list.some((c) => ['>=', '>', '~=', '=='].includes(c.op) && !holds(c, v) && compare(version, c.version) < 0);
}
