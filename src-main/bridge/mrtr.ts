/**
 * A call that asks its user something, served to a client of the 2026-07-28 era, which the server cannot ask
 * mid-call: the call runs on here while its question goes back as the answer (`input_required`, with a
 * `requestState` naming the call); the client asks the user and calls again with the answer, which the call
 * was waiting for (multi round-trip requests). The skill's setup wizard and an upstream server's questions are
 * written once, as `ask(question)`, and served this way to a modern client and by the server's own requests to a
 * legacy one.
 *
 * Bounded: a call whose client never comes back ends after `ttlMs`, and past `max` open calls the oldest ends.
 * `requestState` is the client's to send back: it is a random id, of no use but to resume that call.
 */
import { randomUUID } from 'node:crypto';
import { inputRequired, ProtocolError, ProtocolErrorCode, type ServerContext } from '@modelcontextprotocol/server';
import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestFormParams, ElicitRequestURLParams, ElicitResult, InputRequiredResult } from '@modelcontextprotocol/server';

/** What a call asks of the client's user. */
export type Question =
  | { kind: 'elicit'; params: ElicitRequestFormParams | ElicitRequestURLParams }
  | { kind: 'sample'; params: CreateMessageRequestParams };
export type Answer = ElicitResult | CreateMessageResult;
/** Asks the client's user, in the era of the client. */
export type Ask = (q: Question) => Promise<Answer>;
/** The round under way (a modern call's notifications go on the stream of the request that is open now). */
export type Leg = () => ServerContext;

const KEY = 'ask';
const DEFAULT_TTL_MS = 10 * 60_000;
const DEFAULT_MAX = 64;

type Step<R> = { done: R } | { failed: unknown } | { asking: Question };

class Conversation<R> {
  readonly id = randomUUID();
  private asking: { question: Question; resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;
  private wake: (() => void) | null = null;
  private outcome: Step<R> | null = null;
  readonly abort = new AbortController();
  timer: NodeJS.Timeout | null = null;

  constructor(
    start: (ask: Ask, signal: AbortSignal, leg: Leg) => Promise<R>,
    public leg: ServerContext,
  ) {
    start((q) => this.ask(q), this.abort.signal, () => this.leg).then(
      (done) => this.settle({ done }),
      (failed: unknown) => this.settle({ failed }),
    );
  }

  get question(): Question | null {
    return this.asking?.question ?? null;
  }

  /** The call's next step: its result, its failure, or a question for the client. */
  next(): Promise<Step<R>> {
    const now = this.now();
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => (this.wake = () => resolve(this.now()!)));
  }

  answer(a: unknown): void {
    const asked = this.asking;
    this.asking = null;
    asked?.resolve(a as Answer);
  }

  end(why: string): void {
    this.abort.abort();
    const asked = this.asking;
    this.asking = null;
    asked?.reject(new Error(why));
  }

  private now(): Step<R> | null {
    return this.outcome ?? (this.asking ? { asking: this.asking.question } : null);
  }

  private ask(question: Question): Promise<Answer> {
    if (this.abort.signal.aborted) return Promise.reject(new Error('The call ended.'));
    return new Promise((resolve, reject) => {
      this.asking = { question, resolve, reject };
      this.poke();
    });
  }

  private settle(step: Step<R>): void {
    this.outcome = step;
    this.poke();
  }

  private poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}

export class Conversations {
  private readonly open = new Map<string, Conversation<unknown>>();

  constructor(
    private readonly ttlMs = DEFAULT_TTL_MS,
    private readonly max = DEFAULT_MAX,
  ) {}

  get size(): number {
    return this.open.size;
  }

  /**
   * One round of a request of a modern client: the call starts (no `requestState`), or takes the client's answer
   * and goes on; the round answers the call's result, or its next question as `input_required`.
   */
  async round<R>(ctx: ServerContext, start: (ask: Ask, signal: AbortSignal, leg: Leg) => Promise<R>): Promise<R | InputRequiredResult> {
    const state = ctx.mcpReq.requestState();
    let c: Conversation<unknown>;
    if (typeof state === 'string') {
      const found = this.open.get(state);
      if (!found) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'That call has ended (it waited too long for the answer, or the server restarted): call again.');
      c = found;
      c.leg = ctx;
      const answer = ctx.mcpReq.inputResponses?.[KEY];
      // No answer to the question: it is asked again.
      if (answer !== undefined) c.answer(answer);
    } else {
      c = this.begin(start, ctx);
    }
    if (c.timer) clearTimeout(c.timer);
    // The client gave up on this round: the call ends with it.
    const onAbort = () => this.end(c, 'The client cancelled the call.');
    ctx.mcpReq.signal.addEventListener('abort', onAbort, { once: true });
    try {
      const step = await c.next();
      if ('asking' in step) {
        this.keep(c);
        return inputRequired({ inputRequests: { [KEY]: requestOf(step.asking) }, requestState: c.id });
      }
      this.forget(c);
      if ('failed' in step) throw step.failed;
      return step.done as R;
    } finally {
      ctx.mcpReq.signal.removeEventListener('abort', onAbort);
    }
  }

  closeAll(): void {
    for (const c of [...this.open.values()]) this.end(c, 'The server is closing.');
  }

  private begin(start: (ask: Ask, signal: AbortSignal, leg: Leg) => Promise<unknown>, ctx: ServerContext): Conversation<unknown> {
    while (this.open.size >= this.max) this.end(this.open.values().next().value!, 'Too many calls were waiting for answers: the oldest ended.');
    const c = new Conversation(start, ctx);
    this.open.set(c.id, c);
    return c;
  }

  /** Waiting for its client again: it ends if the client does not come back in time. */
  private keep(c: Conversation<unknown>): void {
    if (c.timer) clearTimeout(c.timer);
    c.timer = setTimeout(() => this.end(c, 'Nobody answered in time.'), this.ttlMs);
    c.timer.unref?.();
  }

  private end(c: Conversation<unknown>, why: string): void {
    this.forget(c);
    c.end(why);
  }

  private forget(c: Conversation<unknown>): void {
    if (c.timer) clearTimeout(c.timer);
    this.open.delete(c.id);
  }
}

function requestOf(q: Question) {
  if (q.kind === 'sample') return inputRequired.createMessage(q.params);
  const p = q.params;
  if (p.mode === 'url') return inputRequired.elicitUrl({ message: p.message, url: p.url });
  return inputRequired.elicit({ message: p.message, requestedSchema: p.requestedSchema });
}
