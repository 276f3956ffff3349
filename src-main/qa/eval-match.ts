/**
 * Did a run of an eval case do what the case expects? Each expectation is a check with what was expected, whether
 * it passed and, where not, what the model did instead, field by field where it came close:
 *
 * - `tools`: each expected call is matched by name and arguments (a part of what the model sent; all of it where
 *   `exact`) to a call of its own. In order (the default), the matched calls come in the order listed, other calls
 *   may come between; with `anyOrder`, any order. A call that failed on the skill still counts as made.
 * - `forbid`: no call of these tools at all.
 * - `answer`: the last turn's final answer contains each text, or matches the pattern (`ignoreCase` for both).
 * - a turn that ended without an answer (the step cap, a message hook that failed) fails the run.
 */
import type { EvalCheck } from '../contract';
import { compareExpected, type Difference } from './compare';
import type { EvalAnswerCheck, EvalExpect, EvalToolExpectation } from './eval-suite';

export interface ToolCallMade {
  tool: string;
  arguments: unknown;
  ok: boolean;
}

/** What a run of a case came to: every turn's tool calls together, and how the last turn ended. */
export interface RunTrace {
  toolCalls: ToolCallMade[];
  answer: string;
  /** Why a turn ended without an answer, where one did. */
  error?: string;
}

export function checkRun(expect: EvalExpect, run: RunTrace): EvalCheck[] {
  const checks: EvalCheck[] = [];
  if (run.error) checks.push({ kind: 'turn', expected: 'every turn ends with an answer', pass: false, message: run.error });
  checks.push(...(expect.anyOrder ? anyOrder(expect.tools, run.toolCalls) : inOrder(expect.tools, run.toolCalls)));
  for (const name of expect.forbid) {
    const made = run.toolCalls.filter((c) => c.tool === name);
    checks.push({
      kind: 'forbid',
      expected: `${name} is not called`,
      pass: made.length === 0,
      message: made.length ? `it was called ${made.length === 1 ? 'once' : `${made.length} times`}, with ${made.map((c) => short(c.arguments)).join(', ')}` : 'it was not called',
    });
  }
  if (expect.answer) checks.push(...answerChecks(expect.answer, run.answer));
  return checks;
}

/** Each expected call matched after the one before it (the earliest that fits: that leaves the most room for the rest). */
function inOrder(expected: EvalToolExpectation[], calls: ToolCallMade[]): EvalCheck[] {
  let from = 0;
  return expected.map((e, i) => {
    const at = calls.findIndex((c, k) => k >= from && fits(e, c));
    if (at >= 0) {
      from = at + 1;
      return pass(e, calls[at]);
    }
    const before = calls.findIndex((c, k) => k < from && fits(e, c));
    if (before >= 0) return { kind: 'tool', expected: label(e), pass: false, message: `it was called, but before ${label(expected[i - 1] ?? e)}: the case expects this order (anyOrder: true allows any)` };
    return miss(e, calls.slice(from), calls);
  });
}

/** Each expected call matched to a call of its own, in any order (a maximum matching: a greedy one could miss one). */
function anyOrder(expected: EvalToolExpectation[], calls: ToolCallMade[]): EvalCheck[] {
  const owner = new Array<number>(calls.length).fill(-1);
  const assign = (i: number, seen: Set<number>): boolean => {
    for (let k = 0; k < calls.length; k++) {
      if (seen.has(k) || !fits(expected[i], calls[k])) continue;
      seen.add(k);
      if (owner[k] < 0 || assign(owner[k], seen)) {
        owner[k] = i;
        return true;
      }
    }
    return false;
  };
  expected.forEach((_, i) => assign(i, new Set()));
  return expected.map((e, i) => {
    const k = owner.indexOf(i);
    return k >= 0 ? pass(e, calls[k]) : miss(e, calls.filter((_, j) => owner[j] < 0), calls);
  });
}

function fits(e: EvalToolExpectation, c: ToolCallMade): boolean {
  return c.tool === e.name && argumentDifferences(e, c).length === 0;
}

function argumentDifferences(e: EvalToolExpectation, c: ToolCallMade): Difference[] {
  if (e.arguments === undefined) return [];
  return compareExpected(['arguments'], e.arguments, c.arguments ?? {}, { partial: !e.exact });
}

function pass(e: EvalToolExpectation, c: ToolCallMade): EvalCheck {
  return { kind: 'tool', expected: label(e), pass: true, message: `called with ${short(c.arguments)}` };
}

/** What the model did instead: the same tool with other arguments (field by field), or other tools. */
function miss(e: EvalToolExpectation, free: ToolCallMade[], all: ToolCallMade[]): EvalCheck {
  const near = free.filter((c) => c.tool === e.name);
  if (near.length) {
    // The closest of them: the one with the fewest fields off.
    const best = near.map((c) => ({ c, d: argumentDifferences(e, c) })).sort((a, b) => a.d.length - b.d.length)[0];
    return { kind: 'tool', expected: label(e), pass: false, message: `it was called with ${short(best.c.arguments)}`, differences: best.d };
  }
  const names = [...new Set(all.map((c) => c.tool))];
  const message = !all.length ? 'the model called no tool' : all.some((c) => c.tool === e.name) ? 'each call of it is matched to another expected call already' : `it was not called (the model called ${names.join(', ')})`;
  return { kind: 'tool', expected: label(e), pass: false, message };
}

function answerChecks(a: EvalAnswerCheck, answer: string): EvalCheck[] {
  const out: EvalCheck[] = [];
  const said = `the answer was ${short(answer)}`;
  const how = a.ignoreCase ? ' (any case)' : '';
  for (const part of a.contains ?? []) {
    const ok = a.ignoreCase ? answer.toLowerCase().includes(part.toLowerCase()) : answer.includes(part);
    out.push({ kind: 'answer', expected: `the answer contains ${JSON.stringify(part)}${how}`, pass: ok, message: ok ? 'it does' : said });
  }
  if (a.matches !== undefined) {
    const ok = new RegExp(a.matches, a.ignoreCase ? 'i' : '').test(answer);
    out.push({ kind: 'answer', expected: `the answer matches /${a.matches}/${a.ignoreCase ? 'i' : ''}`, pass: ok, message: ok ? 'it does' : said });
  }
  return out;
}

/** `get_price {"symbol":"BTC"}`, `get_price exactly {}`, `get_price (any arguments)`. */
export function label(e: EvalToolExpectation): string {
  if (e.arguments === undefined) return `${e.name} (any arguments)`;
  return `${e.name} ${e.exact ? 'exactly ' : ''}${short(e.arguments)}`;
}

function short(v: unknown, max = 160): string {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
