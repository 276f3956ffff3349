/**
 * A Python requirement as pip reads it (PEP 508): `name[extra,…] (specifier) ; marker`, or `name @ url ; marker`,
 * and its environment marker (`python_version < "3.10" and sys_platform != "win32"`) evaluated for an interpreter.
 * Only reading: nothing here runs Python. A marker that names something we cannot know is "unknown", never
 * guessed: the dependency check then leaves that requirement alone rather than misread it.
 */
import os from 'node:os';
import { isValidSpecifier, satisfies } from './pep440';
import { normaliseDistName } from './venv-packages';

export interface Requirement {
  /** As written. */
  text: string;
  name: string;
  extras: string[];
  /** The version clauses, without parentheses (empty for any version). */
  specifier: string;
  /** `name @ url`: where it comes from instead of a version. */
  url?: string;
  /** The environment marker after `;`, as written. */
  marker?: string;
}

const NAME = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*/;

/** Reads one requirement; null where it is not one (an option line, a path, a URL alone). */
export function parseRequirement(text: string): Requirement | null {
  const m = NAME.exec(text);
  if (!m) return null;
  let rest = text.slice(m[0].length);
  let extras: string[] = [];
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    if (end < 0) return null;
    extras = rest.slice(1, end).split(',').map((x) => x.trim()).filter(Boolean);
    if (extras.some((x) => !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(x))) return null;
    rest = rest.slice(end + 1).trimStart();
  }
  // The marker starts at the first `;` (a URL is followed by a space before it, as PEP 508 asks).
  const semi = rest.startsWith('@') ? rest.search(/\s;/) : rest.indexOf(';');
  const head = (semi < 0 ? rest : rest.slice(0, semi)).trim();
  const marker = semi < 0 ? undefined : rest.slice(rest.indexOf(';', semi) + 1).trim();
  if (marker !== undefined && !marker) return null;
  const base = { text: text.trim(), name: m[1], extras, ...(marker ? { marker } : {}) };
  if (head.startsWith('@')) {
    const url = head.slice(1).trim();
    return url ? { ...base, specifier: '', url } : null;
  }
  const specifier = head.startsWith('(') && head.endsWith(')') ? head.slice(1, -1).trim() : head;
  if (specifier && !isValidSpecifier(specifier)) return null;
  return { ...base, specifier };
}

/** The values markers compare, for one interpreter (PEP 508's names). */
export type MarkerEnv = Record<string, string>;

/** The marker environment of a CPython of this `version` (`3.11.7`) on this machine. */
export function markerEnv(version: string, platform: NodeJS.Platform = process.platform): MarkerEnv {
  const [major = '3', minor = '0'] = version.split('.');
  const system = platform === 'win32' ? 'Windows' : platform === 'darwin' ? 'Darwin' : platform === 'linux' ? 'Linux' : platform;
  const machine = ({ x64: platform === 'win32' ? 'AMD64' : 'x86_64', arm64: platform === 'linux' ? 'aarch64' : 'arm64', ia32: 'i686' } as Record<string, string>)[os.arch()] ?? os.arch();
  return {
    python_version: `${major}.${minor}`,
    python_full_version: version,
    implementation_name: 'cpython',
    implementation_version: version,
    platform_python_implementation: 'CPython',
    os_name: platform === 'win32' ? 'nt' : 'posix',
    sys_platform: platform === 'win32' ? 'win32' : platform === 'darwin' ? 'darwin' : platform === 'linux' ? 'linux' : platform,
    platform_system: system,
    platform_machine: machine,
    platform_release: os.release(),
    // The requirement is being checked for itself, not as some other package's extra.
    extra: '',
  };
}

type Token = { kind: 'str' | 'var' | 'op' | 'and' | 'or' | '(' | ')'; text: string };

const VARS = new Set([
  'python_version', 'python_full_version', 'implementation_name', 'implementation_version', 'platform_python_implementation',
  'os_name', 'sys_platform', 'platform_system', 'platform_machine', 'platform_release', 'platform_version', 'extra',
  // Old spellings pip still reads.
  'os.name', 'sys.platform', 'platform.version', 'platform.machine', 'platform.python_implementation', 'python_implementation',
]);
const ALIASES: Record<string, string> = {
  'os.name': 'os_name', 'sys.platform': 'sys_platform', 'platform.version': 'platform_version', 'platform.machine': 'platform_machine',
  'platform.python_implementation': 'platform_python_implementation', python_implementation: 'platform_python_implementation',
};

function tokens(marker: string): Token[] | null {
  const out: Token[] = [];
  const re = /\s*(?:(['"])(.*?)\1|(===|==|!=|<=|>=|~=|<|>)|(not\s+in\b)|(in\b)|(and\b)|(or\b)|(\()|(\))|([A-Za-z_][A-Za-z0-9_.]*))/y;
  let i = 0;
  while (i < marker.length) {
    if (!marker.slice(i).trim()) break;
    re.lastIndex = i;
    const m = re.exec(marker);
    if (!m) return null;
    i = re.lastIndex;
    if (m[1]) out.push({ kind: 'str', text: m[2] });
    else if (m[3]) out.push({ kind: 'op', text: m[3] });
    else if (m[4]) out.push({ kind: 'op', text: 'not in' });
    else if (m[5]) out.push({ kind: 'op', text: 'in' });
    else if (m[6]) out.push({ kind: 'and', text: 'and' });
    else if (m[7]) out.push({ kind: 'or', text: 'or' });
    else if (m[8]) out.push({ kind: '(', text: '(' });
    else if (m[9]) out.push({ kind: ')', text: ')' });
    else if (m[10] && VARS.has(m[10])) out.push({ kind: 'var', text: ALIASES[m[10]] ?? m[10] });
    else return null;
  }
  return out;
}

/**
 * Whether the marker holds for `env`: true, false, or null where it cannot be read or names a value `env` does not
 * give. `and` and `or` are three-valued: `false and ?` is false, `true or ?` is true.
 */
export function evaluateMarker(marker: string, env: MarkerEnv): boolean | null {
  const toks = tokens(marker);
  if (!toks || !toks.length) return null;
  let pos = 0;
  const peek = () => toks[pos];
  const orExpr = (): boolean | null | undefined => {
    let left = andExpr();
    while (left !== undefined && peek()?.kind === 'or') {
      pos++;
      const right = andExpr();
      if (right === undefined) return undefined;
      left = left === true || right === true ? true : left === null || right === null ? null : false;
    }
    return left;
  };
  const andExpr = (): boolean | null | undefined => {
    let left = atom();
    while (left !== undefined && peek()?.kind === 'and') {
      pos++;
      const right = atom();
      if (right === undefined) return undefined;
      left = left === false || right === false ? false : left === null || right === null ? null : true;
    }
    return left;
  };
  const atom = (): boolean | null | undefined => {
    const t = peek();
    if (!t) return undefined;
    if (t.kind === '(') {
      pos++;
      const inner = orExpr();
      if (peek()?.kind !== ')') return undefined;
      pos++;
      return inner;
    }
    const lhs = toks[pos++];
    const op = toks[pos++];
    const rhs = toks[pos++];
    if (!lhs || !op || !rhs || op.kind !== 'op' || !(lhs.kind === 'str' || lhs.kind === 'var') || !(rhs.kind === 'str' || rhs.kind === 'var')) return undefined;
    const value = (x: Token) => (x.kind === 'str' ? x.text : env[x.text]);
    const l = value(lhs);
    const r = value(rhs);
    if (l === undefined || r === undefined) return null;
    // `extra` compares names, normalised (PEP 685).
    if (lhs.text === 'extra' || rhs.text === 'extra') return compareText(normaliseDistName(l), op.text, normaliseDistName(r));
    return compareValues(l, op.text, r);
  };
  const result = orExpr();
  return result === undefined || pos !== toks.length ? null : result;
}

/** As packaging: a version comparison where the right side reads as a specifier, else a comparison of the strings. */
function compareValues(l: string, op: string, r: string): boolean | null {
  if (op !== 'in' && op !== 'not in' && isValidSpecifier(`${op}${r}`)) {
    const v = satisfies(l, `${op}${r}`, { prereleases: true });
    if (v !== null) return v;
  }
  return compareText(l, op, r);
}

function compareText(l: string, op: string, r: string): boolean | null {
  switch (op) {
    case '==':
    case '===':
      return l === r;
    case '!=':
      return l !== r;
    case 'in':
      return r.includes(l);
    case 'not in':
      return !r.includes(l);
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    case '>=':
      return l >= r;
    default:
      return null;
  }
}
