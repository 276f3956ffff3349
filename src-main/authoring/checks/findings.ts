/** What the doctor reports: findings in plain words, each with what to do about it and where. */

import type { Finding, Severity } from '../../contract';
import { findingTitle } from './finding-titles';

export type { Finding, Severity } from '../../contract';

export interface Where {
  file?: string;
  line?: number;
  /** The field or tool concerned (`tick_interval`, `tool greet`). */
  field?: string;
}

/** Codes that mean the skill cannot start as it is: the live check is skipped rather than failing noisily. */
export const BLOCKING = new Set(['ENTRY_NOT_FOUND', 'PYTHON_SYNTAX', 'MANIFEST_NOT_JSON', 'COMMAND_NOT_FOUND', 'AGENT_YAML_INVALID']);

export class Findings {
  readonly list: Finding[] = [];

  add(severity: Severity, code: string, message: string, fix: string, where: Where = {}): void {
    const f: Finding = { severity, code, title: findingTitle(code), message, fix };
    if (where.file) f.file = where.file;
    if (where.line) f.line = where.line;
    if (where.field) f.field = where.field;
    this.list.push(f);
  }

  error(code: string, message: string, fix: string, where?: Where): void {
    this.add('error', code, message, fix, where);
  }

  warning(code: string, message: string, fix: string, where?: Where): void {
    this.add('warning', code, message, fix, where);
  }

  info(code: string, message: string, fix = '', where?: Where): void {
    this.add('info', code, message, fix, where);
  }

  has(code: string): boolean {
    return this.list.some((f) => f.code === code);
  }

  blocking(): boolean {
    return this.list.some((f) => f.severity === 'error' && BLOCKING.has(f.code));
  }
}

/** The 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The first line matching `re` (1-based), or undefined. */
export function lineOf(text: string | null | undefined, re: RegExp): number | undefined {
  if (!text) return undefined;
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => re.test(l));
  return i >= 0 ? i + 1 : undefined;
}

/** The line where a JSON document names `key` (`"key":`), for pointing at a manifest field. */
export function jsonKeyLine(text: string | null | undefined, key: string): number | undefined {
  return lineOf(text, new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\s*:`));
}

/** A value as a person reads it in a message: `"abc"`, `42`, `a list`, `nothing`. */
export function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v);
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

