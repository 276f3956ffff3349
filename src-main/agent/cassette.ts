/**
 * Recorded model turns ("cassettes"). A chat turn whose target is being recorded (a skill with a recording open:
 * the app's Record button, `skillbench chat --record`) puts into that recording, beside the tool calls its
 * runtime records anyway:
 *
 * - `chat-turn`: what it takes to run the turn again (the message, the model, the step cap, the conversation so far);
 * - `chat-event`: each of its events (chat-events.ts) but the text deltas, whose text the step's end holds;
 * - `model-request` / `model-response`: every request to the model's server, its body as sent, and the answer
 *   whole (a stream as its Server-Sent Events text), numbered within the turn.
 *
 * The tap sits on the model's own fetch, under the retries (model-fetch.ts), so a 429 and the try after it are
 * both on the tape. No request header is kept: the key never goes in; the recording's redactor masks the rest
 * (the key is added to it by whoever opens the model). Replay (qa/cassette-replay.ts) answers each request from
 * the tape, in order.
 */
import { randomUUID } from 'node:crypto';
import type { ChatRecordBody } from '../contract';
import type { SkillRuntime } from '../runtime/skill-runtime';
import type { ChatEvent } from './chat-events';
import type { Fetch } from './model-fetch';

export interface Cassette {
  /** Whether anything records now: a turn that starts while nothing does is not taped. */
  readonly recording: boolean;
  append(body: ChatRecordBody): void;
}

/** A skill's recording as a cassette: it records while the skill's runtime does. */
export function runtimeCassette(rt: SkillRuntime): Cassette {
  return {
    get recording() {
      return rt.recording !== null;
    },
    append: (body) => rt.record(body),
  };
}

/** Several skills' recordings as one (a workspace chat): each that records gets the turn. */
export function joinedCassette(list: readonly (Cassette | undefined)[]): Cassette | undefined {
  const all = list.filter((c): c is Cassette => !!c);
  if (!all.length) return undefined;
  return {
    get recording() {
      return all.some((c) => c.recording);
    },
    append(body) {
      for (const c of all) if (c.recording) c.append(body);
    },
  };
}

export type TurnStart = Omit<Extract<ChatRecordBody, { type: 'chat-turn' }>, 'type' | 'turn'>;

/** The response headers a replay needs; no other header is kept. */
const KEPT_HEADERS = ['content-type', 'retry-after', 'retry-after-ms'];
/** A model's answer is kept whole up to this many characters; past it, the tape says it was cut. */
export const MAX_TAPED_BODY = 4 * 1024 * 1024;

/** One turn on tape: its start, its events, its model exchanges. */
export class TurnTape {
  readonly turn = randomUUID();
  private exchanges = 0;

  constructor(private readonly cassette: Cassette) {}

  start(info: TurnStart): void {
    this.cassette.append({ type: 'chat-turn', turn: this.turn, ...info });
  }

  event(e: ChatEvent): void {
    if (e.type === 'text-delta') return;
    this.cassette.append({ type: 'chat-event', turn: this.turn, event: e as unknown as { type: string } });
  }

  /** One request through `inner`, its body and its whole answer taped (the answer as it is read). */
  async exchange(inner: Fetch, input: Parameters<Fetch>[0], init?: RequestInit): Promise<Response> {
    const turn = this.turn;
    const exchange = ++this.exchanges;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    this.cassette.append({ type: 'model-request', turn, exchange, method: init?.method ?? 'GET', url, body: bodyOf(init?.body) });
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    let res: Response;
    try {
      res = await inner(input, init);
    } catch (err) {
      this.cassette.append({ type: 'model-response', turn, exchange, error: (err as Error).message, durationMs: ms() });
      throw err;
    }
    const headers: Record<string, string> = {};
    for (const h of KEPT_HEADERS) {
      const v = res.headers.get(h);
      if (v !== null) headers[h] = v;
    }
    let text = '';
    let cut = false;
    let ended = false;
    const decoder = new TextDecoder();
    const end = (incomplete: boolean) => {
      if (ended) return;
      ended = true;
      if (!cut) text += decoder.decode();
      this.cassette.append({ type: 'model-response', turn, exchange, status: res.status, headers, body: text, ...(incomplete || cut ? { incomplete: true } : {}), durationMs: ms() });
    };
    if (!res.body) {
      end(false);
      return res;
    }
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(ctl) {
          try {
            const { done, value } = await reader.read();
            if (done) {
              end(false);
              ctl.close();
              return;
            }
            if (!cut) {
              text += decoder.decode(value, { stream: true });
              if (text.length > MAX_TAPED_BODY) {
                text = text.slice(0, MAX_TAPED_BODY);
                cut = true;
              }
            }
            ctl.enqueue(value);
          } catch (err) {
            end(true);
            ctl.error(err);
          }
        },
        cancel(reason) {
          end(true);
          return reader.cancel(reason);
        },
      },
      // Nothing is read before the reader asks: a body cancelled unread (a retried 429) is taped as such.
      { highWaterMark: 0 },
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }
}

/** A fetch that tapes each request while `tapeOf` names a turn on tape, and is `inner` otherwise. */
export function tapeFetch(inner: Fetch, tapeOf: () => TurnTape | undefined): Fetch {
  return (input, init) => {
    const tape = tapeOf();
    return tape ? tape.exchange(inner, input, init) : inner(input, init);
  };
}

/** A request body as JSON where it is JSON (the model APIs' always is), else as its text. */
function bodyOf(body: RequestInit['body'] | undefined): unknown {
  if (typeof body !== 'string') return body === undefined || body === null ? null : '(a body that is not text)';
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}
