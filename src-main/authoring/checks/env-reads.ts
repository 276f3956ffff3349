/**
 * Variables a skill reads from its environment that it will not get (protocols/skill-env.ts): a static
 * scan of its Python for `os.environ["X"]`, `os.environ.get("X")` and `os.getenv("X")` with literal names
 * (also `environ`/`getenv` imported from os). A name reaches the skill when it is one of the safe defaults,
 * set by the workbench itself, listed by its manifest, given in its settings (plain or secret), or when the
 * skill inherits the whole environment.
 *
 * Not reported: a read with a default (`.get("X", "fallback")`, `getenv("X", …)`): its author planned for
 * the variable's absence, and the warning would be noise for optional knobs. A name the skill sets itself
 * (`os.environ["X"] = …`, `os.environ.setdefault("X", …)`) is not reported either.
 */
import { withText } from '../../runtime/skill-files';
import { isSafeName, PYTHON_IO } from '../../protocols/skill-env';
import { Findings, lineAt } from './findings';

/** What reaches the skill besides the safe defaults. */
export interface EnvGiven {
  /** Names its manifest lists (or sets). */
  listed: readonly string[];
  /** Names its settings give (plain and secret variables). */
  own: readonly string[];
  /** Its settings say "inherit the whole environment": every read is covered. */
  inherit: boolean;
}

/** Set by the workbench itself for some skills: PYTHONPATH for packages and apps, SKILL_DEBUG for the debug switch. */
const SET_BY_US = new Set([...Object.keys(PYTHON_IO), 'PYTHONPATH', 'PYTHONDONTWRITEBYTECODE', 'SKILL_DEBUG']);

const NAME = `(["'])([A-Za-z_][A-Za-z0-9_]*)\\1`;
const READ = new RegExp(
  [
    // os.environ["X"], not followed by an assignment
    `\\benviron\\s*\\[\\s*${NAME}\\s*\\](?!\\s*=[^=])`,
    // os.environ.get("X" ...) / os.getenv("X" ...): the character after the name says whether a default follows
    `\\benviron\\.get\\s*\\(\\s*${NAME.replace('\\1', '\\3')}\\s*([,)])`,
    `\\bgetenv\\s*\\(\\s*${NAME.replace('\\1', '\\6')}\\s*([,)])`,
  ].join('|'),
  'g',
);
const SETS = /\benviron(?:\s*\[\s*(["'])([A-Za-z_][A-Za-z0-9_]*)\1\s*\]\s*=[^=]|\.setdefault\s*\(\s*(["'])([A-Za-z_][A-Za-z0-9_]*)\3)/g;

export interface EnvRead {
  name: string;
  line: number;
}

/** The reads without a default in one Python source, comment lines left out, in order. */
export function envReads(src: string): EnvRead[] {
  const set = new Set<string>();
  for (const m of src.matchAll(SETS)) set.add(m[2] ?? m[4]);
  const out: EnvRead[] = [];
  for (const m of src.matchAll(READ)) {
    const name = m[2] ?? m[4] ?? m[7];
    const withDefault = (m[5] ?? m[8]) === ',';
    if (withDefault || set.has(name) || inComment(src, m.index)) continue;
    out.push({ name, line: lineAt(src, m.index) });
  }
  return out;
}

/** A warning for each variable read (first place only) that the skill will not get. */
export function checkEnvReads(files: { abs: string; rel: string }[], given: EnvGiven, f: Findings): void {
  if (given.inherit) return;
  const reaches = new Set([...given.listed, ...given.own]);
  const seen = new Set<string>();
  for (const [file, src] of withText(files)) {
    for (const r of envReads(src)) {
      if (seen.has(r.name) || reaches.has(r.name) || SET_BY_US.has(r.name) || isSafeName(r.name)) continue;
      seen.add(r.name);
      f.warning(
        'ENV_NOT_GIVEN',
        `${file.rel} line ${r.line} reads ${r.name} from its environment, which it will not get: the workbench passes on only the basics (PATH, HOME, the language), the names the manifest lists and the skill's own settings.`,
        `Add ${r.name} to the manifest's env list, or give it a value in the skill's settings (Settings, Environment variables; tick "secret" for a key). Or read it with a default, os.environ.get("${r.name}", "…"), if the skill can do without it.`,
        { file: file.rel, line: r.line },
      );
    }
  }
}

/** True when the match sits after a # on its own line (a commented-out read). */
function inComment(src: string, at: number): boolean {
  const start = src.lastIndexOf('\n', at - 1) + 1;
  return src.slice(start, at).includes('#');
}
