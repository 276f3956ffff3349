/**
 * Secrets committed to a skill's folder: well-known key formats (AWS, OpenAI-style `sk-`, GitHub,
 * Slack, Stripe, Google), private key blocks, `api_key = "…"`-style assignments of long literal values,
 * and `.env` files with values. Reports file and line and a masked hint, never the secret itself: the
 * doctor's output is meant to be pasted into issues and CI logs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REDACTED } from '../../contract';
import { skillFiles } from '../../runtime/skill-files';

export interface SecretHit {
  /** Relative to the skill folder, `/` separators. */
  file: string;
  line: number;
  /** What it looks like, in words: "an AWS access key ID". */
  kind: string;
  /** Enough to find it again (a known prefix, or the variable's name), never the value. */
  hint: string;
}

interface Rule {
  kind: string;
  re: RegExp;
  /** Characters of the match safe to show: the format's public prefix. */
  keep: number;
}

const RULES: Rule[] = [
  { kind: 'an AWS access key ID', re: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g, keep: 4 },
  { kind: 'a GitHub token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/g, keep: 4 },
  { kind: 'an API secret key (sk-…)', re: /\bsk-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{20,}/g, keep: 3 },
  { kind: 'a Stripe secret key', re: /\b[rs]k_live_[A-Za-z0-9]{16,}\b/g, keep: 8 },
  { kind: 'a Slack token', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, keep: 5 },
  { kind: 'a Google API key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g, keep: 4 },
  { kind: 'a private key', re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY( BLOCK)?-----/g, keep: 0 },
];

/** `api_key = "…"`, `"client_secret": "…"`, `PASSWORD: '…'`: a secret-sounding name given a long literal. */
const ASSIGNMENT =
  /(?<![A-Za-z0-9])["']?([A-Za-z0-9_.-]*(?:api[_-]?key|apikey|secret|token|passw(?:or)?d|passwd|private[_-]?key|access[_-]?key|auth[_-]?key|credential)[A-Za-z0-9_]*)["']?\s*(?::|=|:=)\s*["']([^"'\s]{12,})["']/gi;

/** Values that are obviously not secrets: placeholders, references, examples, repeated characters. */
const PLACEHOLDER = /^(?:x+|\*+|\.+|<.*>|\{\{.*\}\}|\$\{.*\}|\$[A-Z_]+|%\(.*\)s|.*(?:your|example|placeholder|changeme|change_me|dummy|sample|redacted|xxxx|\.\.\.|••••).*)$/i;

const ENV_FILE = /^\.env(\..+)?$/;
const ENV_TEMPLATE = /\.(example|sample|template|dist|defaults)$/;
const MAX_BYTES = 1024 * 1024;

/** A known prefix and the length, e.g. `AKIA••••` (20 characters). */
export function maskSecret(value: string, keep = 0): string {
  return `${value.slice(0, Math.min(keep, Math.floor(value.length / 3)))}${REDACTED}`;
}

export function scanSecrets(dir: string): SecretHit[] {
  const hits: SecretHit[] = [];
  for (const f of skillFiles(dir, { maxFiles: 3000 })) {
    const text = readText(f.abs);
    if (text === null) continue;
    const name = path.basename(f.rel);
    if (ENV_FILE.test(name) && !ENV_TEMPLATE.test(name)) {
      hits.push(...envFileHits(f.rel, text));
      continue;
    }
    hits.push(...textHits(f.rel, text));
  }
  return hits;
}

/** Every non-empty `NAME=value` of a committed .env file. */
function envFileHits(rel: string, text: string): SecretHit[] {
  const out: SecretHit[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    const value = m?.[2].replace(/\s+#.*$/, '').replace(/^["']|["']$/g, '').trim();
    if (m && value && !PLACEHOLDER.test(value)) out.push({ file: rel, line: i + 1, kind: 'a value in a committed .env file', hint: `${m[1]}=${REDACTED}` });
  });
  return out;
}

function textHits(rel: string, text: string): SecretHit[] {
  const out: SecretHit[] = [];
  const seenLines = new Set<number>();
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.length > 10_000) return; // minified or data lines: not where people paste keys
    for (const rule of RULES) {
      for (const m of line.matchAll(rule.re)) {
        if (isPlaceholderToken(m[0])) continue;
        out.push({ file: rel, line: i + 1, kind: rule.kind, hint: rule.keep ? maskSecret(m[0], rule.keep) : m[0].slice(0, 11) + '…' });
        seenLines.add(i);
      }
    }
    if (seenLines.has(i)) return;
    for (const m of line.matchAll(ASSIGNMENT)) {
      const [, key, value] = m;
      if (PLACEHOLDER.test(value) || /^(true|false|null|none)$/i.test(value) || looksLikeCode(value)) continue;
      out.push({ file: rel, line: i + 1, kind: `a literal value for "${key}"`, hint: `${key} = "${REDACTED}"` });
      break;
    }
  });
  return out;
}

/**
 * A token's format with a placeholder body, as setup fields show it: `xoxb-xxxxxxxx…`, `ghp_XXXX…`,
 * `sk-…your-key-here`. The part after the format's prefix is one repeated character, or says it stands in for one.
 */
export function isPlaceholderToken(token: string): boolean {
  const body = token.replace(/^(?:xox[abposr]-|gh[pousr]_|github_pat_|sk-(?:proj-|ant-|live-|test-)?|[rs]k_live_|AIza|AKIA|ASIA|ABIA|ACCA)/, '');
  const plain = body.replace(/[-_]/g, '');
  // Not the word "example": AWS's own documented example key is a real-looking one, and is still reported.
  return /^(.)\1*$/i.test(plain) || /x{6,}/i.test(plain) || /your|here|placeholder|changeme|dummy|<.*>|\.\.\.|…/i.test(body);
}

/**
 * Long "values" that are really names: env lookups, dotted paths, URLs without credentials, file names,
 * and words (a generated secret has digits, or is long and mixes cases).
 */
function looksLikeCode(v: string): boolean {
  if (/^(https?:\/\/[^@]*|[\w-]+\.(py|json|yaml|yml|txt|md|pem|key)|[A-Z][A-Z0-9_]+|[a-z_]+(\.[a-z_]+)+)$/.test(v)) return true;
  return !/\d/.test(v) && !(v.length >= 24 && /[a-z]/.test(v) && /[A-Z]/.test(v));
}

/** The file's text, or null for binary files (a NUL byte early on) and files over 1 MiB. */
function readText(file: string): string | null {
  try {
    const st = fs.statSync(file);
    if (st.size > MAX_BYTES) return null;
    const buf = fs.readFileSync(file);
    if (buf.subarray(0, 8000).includes(0)) return null;
    return buf.toString('utf8');
  } catch {
    return null;
  }
}
