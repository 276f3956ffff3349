/**
 * SKILL.md read as agents read it: the front matter between a first line `---` and the next line that is only
 * `---`, parsed as YAML 1.2 (the core schema, as js-yaml and serde_yaml read it), the rest the body. What agents
 * forgive is forgiven here too, and said, one note per thing: a byte-order mark, tabs as indentation, a value with
 * `: ` in it left unquoted (the specification's client guide asks clients to retry such a value quoted), a key
 * given twice (the last one wins). Nothing here runs anything; reading never fails, it says what it could not read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';

/** One thing the reader forgave: what it was, where, and how to write it so that no agent has to forgive it. */
export interface Forgiven {
  what: string;
  line?: number;
  fix: string;
}

export interface SkillMdRead {
  file: string;
  /** The file's text as it is (a byte-order mark removed). */
  text: string;
  /** The front matter's parsed fields; null when there is none or it cannot be read (then `problem` says why). */
  frontmatter: Record<string, unknown> | null;
  /** The front matter's source (between the `---` lines). */
  raw: string;
  body: string;
  /** 1-based line of SKILL.md where the body starts. */
  bodyLine: number;
  forgiven: Forgiven[];
  problem?: { message: string; line?: number; fix: string };
  /** The line of SKILL.md each top-level key is on. */
  keyLines: Record<string, number>;
}

/** Files larger than this are not skills' SKILL.md: read only this much. */
const MAX_SKILL_MD_BYTES = 4 * 1024 * 1024;

/** The SKILL.md of `dir` (`SKILL.md`, else `skill.md` as the reference validator also accepts), or null. */
export function skillMdOf(dir: string): string | null {
  for (const name of ['SKILL.md', 'skill.md']) {
    const file = path.join(dir, name);
    try {
      // The exact name: on a case-insensitive disk `skill.md` would also answer to SKILL.md.
      if (fs.statSync(file).isFile() && fs.readdirSync(dir).includes(name)) return file;
    } catch {
      // not this one
    }
  }
  return null;
}

export function readSkillMdFile(file: string): SkillMdRead {
  let text: string;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      const buf = Buffer.alloc(Math.min(fs.fstatSync(fd).size, MAX_SKILL_MD_BYTES));
      text = buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0)).toString('utf8');
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    return empty(file, '', { message: `${path.basename(file)} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`, fix: 'Make the file readable.' });
  }
  return readSkillMd(text, file);
}

export function readSkillMd(source: string, file = 'SKILL.md'): SkillMdRead {
  const forgiven: Forgiven[] = [];
  let text = source;
  if (text.startsWith('\uFEFF')) {
    text = text.slice(1);
    forgiven.push({ what: 'SKILL.md starts with a byte-order mark before its `---`', line: 1, fix: 'Save SKILL.md as UTF-8 without a byte-order mark: the reference validator then finds its front matter too.' });
  }
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trimEnd() !== '---') {
    return empty(file, text, { message: 'SKILL.md does not start with front matter: its first line must be `---`.', line: 1, fix: 'Begin SKILL.md with `---`, then `name:` and `description:` lines, then `---`.' }, forgiven);
  }
  const close = lines.findIndex((l, i) => i > 0 && l.trimEnd() === '---');
  if (close < 0) {
    return empty(file, text, { message: 'The front matter is not closed: no line `---` follows the first one.', line: 1, fix: 'Add a line `---` after the front matter.' }, forgiven);
  }
  let raw = lines.slice(1, close).join('\n');
  const body = lines.slice(close + 1).join('\n');
  const read: SkillMdRead = { file, text, frontmatter: null, raw, body, bodyLine: close + 2, forgiven, keyLines: {} };

  let parsed = parse(raw);
  if (parsed.doc.errors.length && /\t/.test(raw)) {
    const spaced = raw.replace(/^\t+/gm, (t) => '  '.repeat(t.length));
    const again = parse(spaced);
    if (again.doc.errors.length < parsed.doc.errors.length) {
      forgiven.push({ what: 'the front matter is indented with tabs, which YAML does not allow', line: 1 + 1 + lineOfTab(raw), fix: 'Indent with spaces.' });
      raw = spaced;
      parsed = again;
    }
  }
  if (parsed.doc.errors.length) {
    const quoted = quoteColonValues(raw);
    if (quoted.lines.length) {
      const again = parse(quoted.text);
      if (!again.doc.errors.length) {
        for (const l of quoted.lines) {
          forgiven.push({ what: `the value on line ${l + 2} holds \`: \`, which YAML reads as a nested mapping; it was read as text`, line: l + 2, fix: 'Put the value in double quotes (or write it as a block scalar after `>`).' });
        }
        parsed = again;
      }
    }
  }
  if (parsed.doc.errors.length) {
    const e = parsed.doc.errors[0];
    const line = e.linePos?.[0].line;
    read.problem = {
      message: `The front matter is not YAML that agents can read: ${e.message.split('\n')[0]}`,
      ...(line ? { line: line + 1 } : {}),
      fix: 'Fix the YAML between the `---` lines; quote values that hold `: `, `#` or start with a special character.',
    };
    return read;
  }
  const contents = parsed.doc.contents;
  if (!isMap(contents)) {
    read.problem = { message: 'The front matter is not a mapping of fields (`name: …`, `description: …`).', line: 2, fix: 'Write the front matter as `key: value` lines.' };
    return read;
  }
  const seen = new Set<string>();
  for (const item of contents.items) {
    const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
    const at = isScalar(item.key) && item.key.range ? parsed.lc.linePos(item.key.range[0]).line + 1 : undefined;
    if (seen.has(key)) forgiven.push({ what: `\`${key}\` is given twice; agents use the last one`, ...(at ? { line: at } : {}), fix: `Keep one \`${key}\`.` });
    seen.add(key);
    if (at) read.keyLines[key] = at;
  }
  const js = parsed.doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>;
  read.frontmatter = js;
  return read;
}

function parse(raw: string): { doc: Document; lc: LineCounter } {
  const lc = new LineCounter();
  const doc = parseDocument(raw, { uniqueKeys: false, lineCounter: lc, prettyErrors: true });
  return { doc, lc };
}

function lineOfTab(raw: string): number {
  return raw.split('\n').findIndex((l) => l.startsWith('\t'));
}

/**
 * Top-level `key: value` lines whose plain value holds `: ` (YAML's error; agents written against other parsers
 * accept it): the value rewritten as a double-quoted string. Returns the 0-based lines of the front matter changed.
 */
function quoteColonValues(raw: string): { text: string; lines: number[] } {
  const changed: number[] = [];
  const out = raw.split('\n').map((line, i) => {
    const m = /^([A-Za-z0-9_-]+):[ \t]+(.*\S)\s*$/.exec(line);
    if (!m || /^["'|>[{&*!]/.test(m[2]) || !/:\s/.test(m[2])) return line;
    changed.push(i);
    return `${m[1]}: ${JSON.stringify(m[2])}`;
  });
  return { text: out.join('\n'), lines: changed };
}

function empty(file: string, text: string, problem: NonNullable<SkillMdRead['problem']>, forgiven: Forgiven[] = []): SkillMdRead {
  return { file, text, frontmatter: null, raw: '', body: text, bodyLine: 1, forgiven, problem, keyLines: {} };
}

/** A front matter field as a string, where it is one (the name and the description are strings to every agent). */
export function fieldText(fm: Record<string, unknown> | null, key: string): string | undefined {
  const v = fm?.[key];
  return typeof v === 'string' ? v : undefined;
}
