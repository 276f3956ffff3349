/**
 * Errors the engine raises, each with a short code the UI and the CLI map to plain words and exit codes.
 * The codes are a closed list, so every mapping (e.g. the CLI's exit codes) is checked by the compiler
 * to handle each one. A skill's own code (a text from the wire) is never one of them: it travels in
 * `skillCode`.
 */

export const ERROR_CODES = [
  'TIMEOUT',
  'CRASHED',
  'PROTOCOL',
  'LAUNCH',
  'TOOL',
  'CANCELLED',
  'VALIDATION',
  'NOT_FOUND',
  'UNSUPPORTED',
  'STOPPED',
  /** namel3ss: the call needs a capability its guarantees do not grant. */
  'CAPABILITY',
  /** The call ran, but its record could not be written (a full disk): its result is in the answer, not in the history. */
  'NOT_KEPT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

export class SkillError extends Error {
  readonly code: ErrorCode;
  /** The skill's own code, where a code that is not the workbench's was given (reported as a TOOL error). */
  readonly skillCode?: string;

  constructor(code: ErrorCode, message: string, details?: unknown);
  /** A code a skill gave, as text: one of ours is taken as it is; any other is kept in `skillCode` under TOOL. */
  constructor(code: string, message: string, details?: unknown);
  constructor(
    code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'SkillError';
    if (isErrorCode(code)) this.code = code;
    else {
      this.code = 'TOOL';
      this.skillCode = code;
    }
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

/** The other side has no such method: -32601, or an SDK that words it without the code (-32603 "Unknown method"). */
export function isUnknownMethod(err: unknown): boolean {
  return err instanceof RpcError && (err.code === -32601 || /unknown method|method not found/i.test(err.message));
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
    readonly signal: string | null,
    what = 'Skill process',
  ) {
    super('CRASHED', `${what} exited ${describeExit(exitCode, signal)}`);
    this.name = 'ExitError';
  }
}

export function describeExit(code: number | null, signal: string | null): string {
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
