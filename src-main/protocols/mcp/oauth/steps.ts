/**
 * The steps of a server's OAuth flows, as the debugger view shows them: the newest few hundred in memory, each
 * told as it happens. `tracing` is the fetch the SDK's `auth()` is given, so every request of discovery,
 * registration and the token endpoint becomes a step with its request and response (secrets masked), and the
 * authorization server's metadata is checked as the MCP specification asks before anything else is sent.
 */
import type { McpOAuthStep, McpOAuthStepKind } from '../../../contract';
import { Ring } from '../../../engine/ring';
import { AnswerTooLarge } from './capped-fetch';
import { explainAnswer, FlowProblem, metadataProblem } from './explain';
import { requestOf, responseOf } from './mask';
import type { FetchLike } from './sdk';

const STEPS_KEPT = 300;

export type NewStep = Omit<McpOAuthStep, 'seq' | 'flow' | 'time'>;

export interface TracingContext {
  /** The redirect address of the flow (named where a server refuses it). */
  redirectUri?: string;
  /** The client metadata document's address, where one is set. */
  clientMetadataUrl?: string;
}

/** Which step a request of `auth()` is, from where it goes and what it carries. */
function kindOf(url: URL, init: RequestInit | undefined): McpOAuthStepKind | null {
  const p = url.pathname;
  if (p.includes('/.well-known/oauth-protected-resource')) return 'resource-metadata';
  if (p.includes('/.well-known/oauth-authorization-server') || p.includes('/.well-known/openid-configuration')) return 'auth-server-metadata';
  const body = init?.body;
  const text = typeof body === 'string' ? body : body instanceof URLSearchParams ? body.toString() : '';
  const grant = new URLSearchParams(text).get('grant_type');
  if (grant === 'authorization_code') return 'token';
  if (grant === 'refresh_token') return 'refresh';
  if (/"redirect_uris"/.test(text)) return 'registration';
  return null;
}

const TITLES: Record<McpOAuthStepKind, string> = {
  challenge: 'The server asked for authorization',
  'resource-metadata': "Read the server's protected-resource metadata (RFC 9728)",
  'auth-server-metadata': "Read the authorization server's metadata (RFC 8414)",
  'client-metadata-document': 'Presented the client metadata document',
  registration: 'Registered the workbench as a client (RFC 7591)',
  authorization: 'Sent you to sign in and approve',
  callback: 'The browser came back',
  token: 'Exchanged the code for tokens (with the PKCE verifier)',
  refresh: 'Refreshed the access token',
  retry: 'Sent the request again with the new token',
  done: 'Done',
};

export class OAuthSteps {
  private readonly ring = new Ring<McpOAuthStep>(STEPS_KEPT);
  private seq = 0;
  private flowId = 0;

  constructor(private readonly onStep?: (step: McpOAuthStep) => void) {}

  /** Starts a new flow: the steps that follow share its number. */
  newFlow(): void {
    this.flowId++;
  }

  add(step: NewStep): McpOAuthStep {
    const full: McpOAuthStep = { seq: ++this.seq, flow: this.flowId, time: Date.now(), ...step };
    this.ring.push(full);
    this.onStep?.(full);
    return full;
  }

  list(): McpOAuthStep[] {
    return this.ring.toArray();
  }

  /** Where the steps stand now (for `lastProblem` and `since`). */
  mark(): number {
    return this.seq;
  }

  /** The steps after `mark`. */
  since(mark: number): McpOAuthStep[] {
    return this.ring.toArray().filter((s) => s.seq > mark);
  }

  /** The words of the last step after `mark` that failed, if any. */
  lastProblem(mark: number): string | undefined {
    return this.ring.findLast((s) => s.seq > mark && s.outcome === 'error')?.problem;
  }

  /** The fetch given to `auth()`: each request a step, the metadata checked before it is used. */
  tracing(next: FetchLike, ctx: TracingContext): FetchLike {
    return async (input, init) => {
      const url = new URL(String(input));
      const kind = kindOf(url, init);
      if (!kind) return next(input, init);
      const request = requestOf(url.href, init);
      const started = performance.now();
      let res: Response;
      try {
        res = await next(input, init);
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? (err as Error).message;
        const problem = err instanceof AnswerTooLarge ? err.message : `${url.origin} cannot be reached (${why}).`;
        this.add({ kind, title: TITLES[kind], outcome: 'error', request, problem, durationMs: ms(started) });
        throw err;
      }
      const response = await responseOf(res, true);
      const step: NewStep = { kind, title: TITLES[kind], outcome: res.ok ? 'ok' : 'error', request, response, durationMs: ms(started) };
      if (!res.ok && (kind === 'resource-metadata' || kind === 'auth-server-metadata') && res.status < 500) {
        // Discovery tries several places in turn: a miss is not yet a failure.
        step.outcome = 'skipped';
        step.problem = `Nothing at ${url.href} (HTTP ${res.status}); the next place is tried.`;
      } else if (!res.ok) {
        step.problem = explainAnswer(kind, res.status, response.body ?? '', ctx.redirectUri);
      } else if (kind === 'auth-server-metadata') {
        const doc = await res.clone().json().catch(() => null) as Record<string, unknown> | null;
        const problem = doc ? metadataProblem(url, doc) : `The authorization server's metadata at ${url.href} is not JSON.`;
        if (problem) {
          this.add({ ...step, outcome: 'error', problem });
          throw new FlowProblem(problem);
        }
        if (doc?.client_id_metadata_document_supported === true && !ctx.clientMetadataUrl) {
          step.problem = 'It takes client ID metadata documents, but no document address is set for this workbench (SKILLBENCH_OAUTH_CLIENT_METADATA_URL): it registers dynamically instead.';
        }
      }
      this.add(step);
      return res;
    };
  }
}

const ms = (started: number) => Math.round(performance.now() - started);
