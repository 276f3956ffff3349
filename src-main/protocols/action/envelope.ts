/**
 * The action protocol's envelope, both ways, kept free of processes so it can be tested on strings.
 * Out: `{action, params, context}` plus each param copied to the top level, because real scripts read
 * parameters there. In: all of stdout as one JSON document (pretty-printed is normal), else the last
 * top-level JSON object after log text; then the documented result shapes and the looser ones real
 * scripts print, each named so the inspector can say which form it saw.
 */
import type { CallError } from '../../contract';
import { parseBounded, tooDeepNote } from '../../common/json-depth';
import { isObject, str } from '../../common/values';

export interface RequestContext {
  agent_id: string;
  user_id: string;
  request_id: string;
}

const RESERVED = new Set(['action', 'params', 'context']);

export function buildRequest(action: string, args: unknown, context: RequestContext): { request: Record<string, unknown>; note?: string } {
  const params = args === undefined || args === null ? {} : args;
  const request: Record<string, unknown> = { action, params, context };
  if (!isObject(params)) return { request, note: 'params is not an object: sent as given, not copied to the top level' };
  const keys = Object.keys(params);
  if (!keys.length) return { request };
  const skipped = keys.filter((k) => RESERVED.has(k));
  for (const k of keys) if (!RESERVED.has(k)) request[k] = params[k];
  let note = 'params sent both inside "params" (documented) and at the top level (where real scripts read them)';
  if (skipped.length) note += `; not copied to the top level: ${skipped.join(', ')} (names the envelope uses)`;
  return { request, note };
}

export type Parsed =
  | { ok: true; doc: unknown; recovered?: string }
  | { ok: false; empty: boolean };

/** All of stdout as one JSON document; failing that, the last top-level JSON object in it. */
export function parseStdout(stdout: string): Parsed {
  const text = stdout.replace(/^\uFEFF/, '').trim();
  if (!text) return { ok: false, empty: true };
  try {
    const doc = parseBounded(text);
    return doc.replaced ? { ok: true, doc: doc.value, recovered: tooDeepNote("The script's JSON", doc.depth) } : { ok: true, doc: doc.value };
  } catch {
    // fall through: scripts that print log lines (or several documents) on stdout
  }
  const last = lastJsonObject(text);
  if (!last) return { ok: false, empty: false };
  const recovered =
    last.count > 1
      ? `stdout held ${last.count} JSON objects and other text; used the last one`
      : 'stdout held text besides the JSON; used the last JSON object in it';
  return { ok: true, doc: last.value, recovered };
}

const SCAN_BUDGET = 50_000_000;

/**
 * Walks forward over `{` candidates, skipping past each object that parses (so inner objects never
 * count), and returns the last one. A work budget bounds pathological input (thousands of stray braces).
 */
export function lastJsonObject(text: string): { value: Record<string, unknown>; count: number } | null {
  let found: Record<string, unknown> | null = null;
  let count = 0;
  let budget = SCAN_BUDGET;
  let i = text.indexOf('{');
  while (i >= 0 && budget > 0) {
    const end = matchingBrace(text, i);
    budget -= (end < 0 ? text.length : end + 1) - i;
    if (end >= 0) {
      try {
        const v: unknown = parseBounded(text.slice(i, end + 1)).value;
        if (isObject(v)) {
          found = v;
          count++;
          i = text.indexOf('{', end + 1);
          continue;
        }
      } catch {
        // not JSON after all: try the next brace
      }
    }
    i = text.indexOf('{', i + 1);
  }
  return found ? { value: found, count } : null;
}

function matchingBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return c === '}' ? i : -1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

export interface Interpreted {
  ok: boolean;
  /** The script said `success: true` (rather than leaving it out). */
  explicit: boolean;
  data?: unknown;
  text?: string;
  error?: CallError;
  metadata?: unknown;
  /** Where the document departs from the spec, in plain words ([] for the documented form). */
  loose: string[];
}

/** Maps one parsed stdout document onto ok/data/text/error, accepting every shape real scripts print. */
export function interpretDoc(doc: unknown): Interpreted {
  if (!isObject(doc)) return { ok: true, explicit: false, data: doc, loose: ['the result is not a JSON object'] };
  const loose: string[] = [];
  const { success, error } = doc;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const failed = success === false || (success !== true && hasError);
  if (typeof success !== 'boolean') loose.push(hasError ? 'an "error" without "success"' : 'no "success" field');
  if (failed) return { ok: false, explicit: false, error: errorOf(doc, loose), data: doc.data, metadata: doc.metadata, loose };
  const out: Interpreted = { ok: true, explicit: success === true, loose, metadata: doc.metadata };
  if ('data' in doc) out.data = doc.data;
  else {
    const { success: _s, action: _a, ...rest } = doc;
    out.data = rest;
    loose.push('no "data" field (the whole result is shown as data)');
  }
  if (typeof doc.message === 'string') out.text = doc.message;
  return out;
}

function errorOf(doc: Record<string, unknown>, loose: string[]): CallError {
  const err = doc.error;
  const top = pick(doc, ['supported_actions']);
  if (isObject(err)) {
    const { code, message, details, ...extra } = err;
    return {
      code: str(code) ?? str(doc.code) ?? 'TOOL',
      message: str(message) ?? str(err.msg) ?? str(doc.message) ?? 'The skill reported an error without a message.',
      details: mergeDetails(details, { ...extra, ...top }),
    };
  }
  if (typeof err === 'string') {
    loose.push('"error" is a plain string');
    const code = str(doc.code) ?? str(doc.error_code);
    return { code: code ?? 'TOOL', message: err, details: mergeDetails(doc.details, top) };
  }
  if (str(doc.code) || str(doc.error_code)) loose.push('a flat "code" and "message" instead of an "error" object');
  else loose.push('"success": false without an "error"');
  return {
    code: str(doc.code) ?? str(doc.error_code) ?? 'TOOL',
    message: str(doc.message) ?? str(doc.error_message) ?? 'The skill reported failure without a message.',
    details: mergeDetails(doc.details, top),
  };
}

function mergeDetails(details: unknown, extra: Record<string, unknown>): unknown {
  if (!Object.keys(extra).length) return details;
  if (details === undefined || details === null) return extra;
  return isObject(details) ? { ...details, ...extra } : { details, ...extra };
}

/** The actions an UNKNOWN_ACTION answer lists, wherever the script put them (names or {name, description}). */
export function supportedActions(doc: unknown): { name: string; description?: string }[] | null {
  if (!isObject(doc)) return null;
  const err = isObject(doc.error) ? doc.error : {};
  const spots = [err.supported_actions, isObject(err.details) ? err.details.supported_actions : undefined, doc.supported_actions,
    isObject(doc.details) ? doc.details.supported_actions : undefined, isObject(doc.data) ? doc.data.supported_actions : undefined];
  const list = spots.find(Array.isArray) as unknown[] | undefined;
  if (!list) return null;
  const out: { name: string; description?: string }[] = [];
  for (const a of list) {
    if (typeof a === 'string' && a) out.push({ name: a });
    else if (isObject(a) && typeof (a.name ?? a.action) === 'string') {
      out.push({ name: String(a.name ?? a.action), description: str(a.description) });
    }
  }
  return out;
}

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
