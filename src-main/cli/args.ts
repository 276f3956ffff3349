/** Argument parsing on Node's own parseArgs, with errors turned into usage errors. */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './output';

export type Options = NonNullable<ParseArgsConfig['options']>;

export const COMMON: Options = {
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  skill: { type: 'string' },
  protocol: { type: 'string' },
};

export function parse(argv: string[], options: Options) {
  try {
    return parseArgs({ args: argv, options: { ...COMMON, ...options }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.replace(/^TypeError \[\w+\]: /, ''));
  }
}

export function seconds(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} takes a positive number of seconds, not "${value}"`);
  return Math.round(n * 1000);
}
