/** Errors the engine raises, each with a short code the UI and the CLI map to plain words and exit codes. */

export type ErrorCode =
  | 'TIMEOUT'
  | 'CRASHED'
  | 'PROTOCOL'
  | 'LAUNCH'
  | 'TOOL'
  | 'CANCELLED'
  | 'VALIDATION'
  | 'NOT_FOUND'
  | 'UNSUPPORTED'
  | 'STOPPED';

export class SkillError extends Error {
  constructor(
    readonly code: ErrorCode | string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'SkillError';
  }
}

/** A JSON-RPC error object received from the other side (or to send to it). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export class TimeoutError extends SkillError {
  constructor(message: string) {
    super('TIMEOUT', message);
    this.name = 'TimeoutError';
  }
}

/** The skill's process ended while something was waiting on it. */
export class ExitError extends SkillError {
  constructor(
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    what = 'Skill process',
  ) {
    super('CRASHED', `${what} exited ${describeExit(exitCode, signal)}`);
    this.name = 'ExitError';
  }
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal) return `on signal ${signal}`;
  return `with code ${code ?? 'unknown'}`;
}

export const JSONRPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
} as const;
