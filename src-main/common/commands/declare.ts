/**
 * One declaration per window command: its arguments, in order and by name, each with its zod shape, and the
 * shape of its answer. The table built from these (index.ts) types the client the window holds, lists the names
 * the bridges carry, and checks every command at the door before it reaches a service (check.ts).
 *
 * Arguments are declared as an ordered list of `[name, shape]` rather than an object, because the window's API is
 * positional (`callTool(skillId, tool, args, opts?)`) and an object's key order is not part of its type: the list
 * gives both the positional signature and the field names a refusal speaks of. A trailing argument whose shape is
 * `.optional()` is an optional parameter.
 */
import { z } from '../shape';

export type Field = readonly [name: string, shape: z.ZodType];

export interface Command<F extends readonly Field[] = readonly Field[], R extends z.ZodType = z.ZodType> {
  readonly fields: F;
  /** The answer. The engine's own values are typed here, not re-checked (see `returns`). */
  readonly result: R;
  /** The answer leaves in the clear: only for a command whose point is the clear text, asked for on purpose. */
  readonly clear?: boolean;
  /**
   * The answer's shape on the wire, where it differs from the contract's: `out` as it leaves the door, `in` as the
   * window's client receives it (so the window sees the contract's shape). For a call record: its result once.
   */
  readonly wire?: AnswerWire;
  /**
   * Served with one more argument after its own: the window it came from (`WindowScope` at the door), for a
   * command that waits on that window (a chat turn whose approvals only it can answer).
   */
  readonly window?: boolean;
}

export interface AnswerWire {
  /** `raw`: the answer before its secrets were masked (the same value where nothing is masked). */
  out(answer: unknown, raw: unknown): unknown;
  /** `args`: the arguments the window sent, by position (what the answer need not carry back). */
  in(answer: unknown, args: readonly unknown[]): unknown;
}

/** A command answered with `result`, taking `fields` in order. */
export function command<R extends z.ZodType, const F extends readonly Field[]>(result: R, ...fields: F): Command<F, R> {
  return { fields, result };
}

/** The same command, its answer not scrubbed of secrets (see `Command.clear`). */
export function inTheClear<F extends readonly Field[], R extends z.ZodType>(c: Command<F, R>): Command<F, R> {
  return { ...c, clear: true };
}

/** The same command, told which window sent it (see `Command.window`). */
export function fromWindow<F extends readonly Field[], R extends z.ZodType>(c: Command<F, R>): Command<F, R> {
  return { ...c, window: true };
}

/** The same command, its answer made smaller on the wire and whole again at the window (see `Command.wire`). */
export function onTheWire<F extends readonly Field[], R extends z.ZodType>(c: Command<F, R>, wire: AnswerWire): Command<F, R> {
  return { ...c, wire };
}

/**
 * An answer of the engine's: typed as the contract says, accepted as it is. The engine is the one side that
 * writes these values, so checking them again would only cost time; what comes from outside is checked where
 * it enters (params at the door, a skill's answers at the protocol).
 */
export function returns<T>(): z.ZodType<T> {
  return z.custom<T>(() => true);
}

/**
 * A shape checked by its schema and typed as the contract's `T`: the compiler makes sure that whatever passes
 * the schema is a `T`, so the door's check is as strong as the type it lets through.
 */
export function checked<T>() {
  return <S extends z.ZodType>(schema: S & (z.output<S> extends T ? unknown : { notA: T })): z.ZodType<T> => schema as unknown as z.ZodType<T>;
}

/** The positional parameters of a command, from its fields: `.optional()` shapes are optional parameters. */
export type ArgsOf<F extends readonly Field[]> = F extends readonly [infer H extends Field, ...infer R extends readonly Field[]]
  ? H[1] extends z.ZodOptional
    ? [arg?: z.output<H[1]>, ...ArgsOf<R>]
    : [arg: z.output<H[1]>, ...ArgsOf<R>]
  : [];

/** The function a command is, as the window calls it. */
export type CallOf<C> = C extends Command<infer F, infer R> ? (...args: ArgsOf<F>) => Promise<z.output<R>> : never;

/** A service's commands as an API object. */
export type ApiOf<S> = { [K in keyof S]: CallOf<S[K]> };
