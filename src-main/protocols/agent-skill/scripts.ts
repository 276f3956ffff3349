/**
 * A skill's `scripts/` as tools, read and never run: which files an agent would run (a Python file with a
 * `__main__` block or that reads its arguments, a shell or Node script, anything with a `#!` line or the
 * executable bit; modules it only imports and `_private` files are not tools), and what each says of its
 * arguments: its docstring or header comment, and its argparse arguments.
 */
import fs from 'node:fs';
import type { AgentSkillScript, JsonSchema } from '../../contract';
import { looksLikeActionScript, readScript } from '../action';
import type { SkillFile } from './files';

const USAGE_CHARS = 2000;

export function scriptTools(files: SkillFile[]): AgentSkillScript[] {
  const out: AgentSkillScript[] = [];
  for (const f of files) {
    if (f.kind !== 'script') continue;
    const base = f.rel.split('/').pop()!;
    if (base.startsWith('_') || base.startsWith('.')) continue;
    const language = languageOf(f.rel, f.abs);
    if (!language) continue;
    const src = readScript(f.abs) ?? '';
    if (!isRunnable(language, src, f.abs)) continue;
    const usage = usageOf(language, src);
    out.push({ name: f.rel, language, ...(usage ? { usage } : {}), ...(language === 'python' && looksLikeActionScript(src) ? { actionScript: true } : {}) });
  }
  return out;
}

/** The arguments a script tool takes: its command-line arguments as a list, and text for its stdin. */
export function scriptSchema(s: AgentSkillScript): JsonSchema {
  return {
    type: 'object',
    properties: {
      args: { type: 'array', items: { type: 'string' }, description: s.usage ? `Command-line arguments. ${firstLines(s.usage, 3)}` : 'Command-line arguments.', default: [] },
      stdin: { type: 'string', description: 'Text given to the script on its standard input (none when absent).' },
    },
    additionalProperties: false,
  };
}

function languageOf(rel: string, abs: string): AgentSkillScript['language'] | null {
  if (/\.py$/i.test(rel)) return 'python';
  if (/\.(sh|bash|zsh)$/i.test(rel)) return 'shell';
  if (/\.(js|mjs|cjs)$/i.test(rel)) return 'node';
  if (/\.(md|txt|json|ya?ml|toml|xml|xsd|csv|html?|css|lock|cfg|ini|png|jpe?g|gif|svg|pdf)$/i.test(rel)) return null;
  const first = firstLine(abs);
  if (first?.startsWith('#!')) return /python/.test(first) ? 'python' : /node/.test(first) ? 'node' : /\b(ba|z|k)?sh\b/.test(first) ? 'shell' : 'other';
  try {
    return fs.statSync(abs).mode & 0o111 ? 'other' : null;
  } catch {
    return null;
  }
}

function isRunnable(language: AgentSkillScript['language'], src: string, abs: string): boolean {
  if (language !== 'python') return true;
  return /__name__\s*==\s*["']__main__["']/.test(src) || /\bsys\.argv\b|\bargparse\b/.test(src) || firstLine(abs)?.startsWith('#!') === true;
}

function firstLine(abs: string): string | undefined {
  return readScript(abs)?.split('\n', 1)[0];
}

/** What the script says of its use, read from its text: the header (docstring or comments), then its argparse arguments. */
export function usageOf(language: AgentSkillScript['language'], src: string): string | undefined {
  const parts: string[] = [];
  const head = language === 'python' ? pythonDocstring(src) ?? commentHead(src, '#') : language === 'node' ? jsComment(src) : commentHead(src, '#');
  if (head) parts.push(head);
  if (language === 'python') {
    const args = argparseArgs(src);
    if (args.length) parts.push(`Arguments:\n${args.map((a) => `  ${a}`).join('\n')}`);
  }
  const text = parts.join('\n\n').trim();
  if (!text) return undefined;
  return text.length > USAGE_CHARS ? `${text.slice(0, USAGE_CHARS)}…` : text;
}

function pythonDocstring(src: string): string | undefined {
  const m = /^(?:\s*#[^\n]*\n|\s*\n)*\s*[rRuU]?("""|''')([\s\S]*?)\1/.exec(src);
  return m?.[2] ? dedent(m[2]) : undefined;
}

function commentHead(src: string, mark: string): string | undefined {
  const lines: string[] = [];
  for (const line of src.split('\n')) {
    const t = line.trim();
    if (t.startsWith('#!') || /^#.*-\*-.*-\*-/.test(t)) continue;
    if (!t && !lines.length) continue;
    if (!t.startsWith(mark)) break;
    lines.push(t.slice(mark.length).replace(/^ /, ''));
  }
  const text = lines.join('\n').trim();
  return text || undefined;
}

function jsComment(src: string): string | undefined {
  const block = /^(?:#![^\n]*\n)?\s*\/\*\*?([\s\S]*?)\*\//.exec(src);
  if (block) return dedent(block[1].replace(/^\s*\* ?/gm, ''));
  return commentHead(src.replace(/^#![^\n]*\n/, ''), '//');
}

/** `add_argument("query", help="…")`, `add_argument("--domain", "-d", choices=…, help="…")`: one line each. */
function argparseArgs(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/\badd_argument\(\s*((?:["'][^"']+["']\s*,?\s*)+)([^)]*)\)/g)) {
    const names = [...m[1].matchAll(/["']([^"']+)["']/g)].map((x) => x[1]);
    const rest = m[2];
    const help = /\bhelp\s*=\s*(["'])((?:\\.|(?!\1).)*)\1/.exec(rest)?.[2];
    const required = /\brequired\s*=\s*True\b/.test(rest);
    const flag = names.some((n) => n.startsWith('-'));
    const kind = flag ? (required ? 'required' : 'optional') : 'positional';
    out.push(`${names.join(', ')}  (${kind})${help ? `  ${help}` : ''}`);
  }
  return out;
}

function dedent(s: string): string {
  const lines = s.replace(/^\n+|\s+$/g, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join('\n');
}

function firstLines(s: string, n: number): string {
  return s.split('\n').slice(0, n).join(' ').replace(/\s+/g, ' ').trim();
}
