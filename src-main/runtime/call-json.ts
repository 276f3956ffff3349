/**
 * One call's JSON, made once for everything that keeps it. Its secrets are scrubbed once and its arguments
 * and outcome turned into JSON once; the recording's `call-start` and `call` records and the history's line
 * are then built around that text rather than each serialising the record again. Nothing is made until
 * something asks (a call with no recording and no history costs nothing here).
 */
import type { CallOutcome, CallRecord } from '../contract';
import { stringifyBounded } from '../common/json-depth';
import type { Redactor } from '../engine/redactor';

/** `"key":json,…` for the pairs whose JSON is not undefined (as JSON.stringify leaves out undefined). */
export function jsonFields(pairs: [string, string | undefined][]): string {
  let out = '';
  for (const [key, json] of pairs) if (json !== undefined) out += `${out ? ',' : ''}"${key}":${json}`;
  return out;
}

export class CallJson {
  private safeStart: CallRecord | null = null;
  private argsText: string | undefined | null = null;
  private outcome: CallOutcome | null = null;
  private safeOutcome: CallOutcome | null = null;
  private outcomeText: string | null = null;
  private kept: { record: CallRecord; line: string } | null = null;

  constructor(
    private readonly raw: CallRecord,
    private readonly redactor: Redactor,
  ) {}

  /** The call as it started, its secrets scrubbed. */
  private get start(): CallRecord {
    return (this.safeStart ??= this.redactor.value(this.raw));
  }

  private get args(): string | undefined {
    if (this.argsText === null) this.argsText = this.start.args === undefined ? undefined : stringifyBounded(this.start.args);
    return this.argsText;
  }

  private get outcomeJson(): string {
    if (this.outcomeText === null) {
      if (!this.outcome) throw new Error('The call has not finished.');
      this.safeOutcome = this.redactor.value(this.outcome);
      this.outcomeText = stringifyBounded(this.safeOutcome);
    }
    return this.outcomeText;
  }

  /** Characters of the arguments' JSON (0 when there are none). */
  argsSize(): number {
    return this.args?.length ?? 0;
  }

  /** Characters of the outcome's JSON. */
  outcomeSize(): number {
    return this.outcomeJson.length;
  }

  /** The call's outcome: from now on its `call` record and its history line can be made. */
  finish(outcome: CallOutcome): void {
    this.outcome = outcome;
  }

  /** The fields of its `call-start` record (what `{type: 'call-start', callId, tool, args}` would serialise to). */
  startFields(): string {
    const s = this.start;
    return jsonFields([['type', '"call-start"'], ['callId', JSON.stringify(s.callId)], ['tool', JSON.stringify(s.tool)], ['args', this.args]]);
  }

  /** The fields of its `call` record: its arguments are in its call-start already, so they are left out. */
  callFields(): string {
    const s = this.start;
    return jsonFields([['type', '"call"'], ['callId', JSON.stringify(s.callId)], ['tool', JSON.stringify(s.tool)], ['outcome', this.outcomeJson]]);
  }

  /** The finished call as the history keeps it (scrubbed), and its line in the history file. */
  history(): { record: CallRecord; line: string } {
    if (this.kept) return this.kept;
    const s = this.start;
    const outcome = this.outcomeJson;
    const record: CallRecord = { ...s, status: 'done', outcome: this.safeOutcome! };
    const line = `{${jsonFields([
      ['callId', JSON.stringify(s.callId)],
      ['skillId', JSON.stringify(s.skillId)],
      ['tool', JSON.stringify(s.tool)],
      ['args', this.args],
      ['startedAt', JSON.stringify(s.startedAt)],
      ['status', '"done"'],
      ['outcome', outcome],
    ])}}`;
    this.kept = { record, line };
    return this.kept;
  }
}
