/**
 * What OAuth keeps for one MCP server, in the workbench's encrypted store under a scope of its own (its address):
 * the tokens, the client's registration and the PKCE verifier of a flow under way. Each secret is a value of its
 * own (the access and refresh tokens, the client secret, the verifier), so a redactor taught the scope scrubs
 * exactly those wherever they would show; what is not secret (expiry, scopes, the client id) sits beside them.
 * The app and the command line share the store, so `skillbench auth` authorizes for both.
 */
import type { Redactor } from '../../../engine/redactor';
import type { SecretStore } from '../../../host/secret-store';
import type { OAuthClientInformationMixed, OAuthTokens } from './sdk';

const SCOPE_PREFIX = 'mcp-oauth:';

/** Tokens as kept: what the server sent, and when the access token expires (from its `expires_in`). */
export type KeptTokens = OAuthTokens & { expires_at?: number };

/** The server's address as one scope: parsed (so case and default ports do not matter), without a fragment. */
export function serverKey(serverUrl: string): string {
  const u = new URL(serverUrl);
  u.hash = '';
  return u.href;
}

export class OAuthVault {
  readonly scope: string;

  constructor(
    private readonly secrets: SecretStore,
    readonly serverUrl: string,
  ) {
    this.scope = SCOPE_PREFIX + serverKey(serverUrl);
  }

  /** Teaches `redactor` the secrets kept here, now and later; returns the way to stop. */
  teach(redactor: Redactor): () => void {
    return this.secrets.registerWith(this.scope, redactor);
  }

  tokens(): KeptTokens | undefined {
    const access = this.get('access_token');
    if (!access) return undefined;
    const meta = this.json<Omit<KeptTokens, 'access_token' | 'refresh_token' | 'id_token'>>('tokens') ?? { token_type: 'Bearer' };
    const refresh = this.get('refresh_token');
    const id = this.get('id_token');
    return { ...meta, access_token: access, ...(refresh ? { refresh_token: refresh } : {}), ...(id ? { id_token: id } : {}) };
  }

  saveTokens(tokens: OAuthTokens): void {
    const { access_token, refresh_token, id_token, ...meta } = tokens;
    const kept: Record<string, unknown> = { ...meta };
    if (typeof meta.expires_in === 'number') kept.expires_at = Date.now() + meta.expires_in * 1000;
    // A refresh answered without a new refresh token keeps the old one (OAuth 2.1 §4.3.3).
    const refresh = refresh_token ?? this.get('refresh_token');
    this.secrets.set(this.scope, 'access_token', access_token);
    if (refresh) this.secrets.set(this.scope, 'refresh_token', refresh);
    if (id_token) this.secrets.set(this.scope, 'id_token', id_token);
    else this.secrets.delete(this.scope, 'id_token');
    this.setJson('tokens', kept);
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const client = this.json<OAuthClientInformationMixed>('client');
    if (!client?.client_id) return undefined;
    const secret = this.get('client_secret');
    return secret ? { ...client, client_secret: secret } : client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    const { client_secret, ...rest } = info;
    if (client_secret) this.secrets.set(this.scope, 'client_secret', client_secret);
    else this.secrets.delete(this.scope, 'client_secret');
    this.setJson('client', rest);
  }

  codeVerifier(): string | undefined {
    return this.get('code_verifier');
  }

  saveCodeVerifier(verifier: string): void {
    this.secrets.set(this.scope, 'code_verifier', verifier);
  }

  /** Forgets what the server no longer takes (`all` also forgets the client's registration). */
  forget(what: 'all' | 'client' | 'tokens' | 'verifier'): void {
    const keys = {
      all: ['access_token', 'refresh_token', 'id_token', 'tokens', 'client', 'client_secret', 'code_verifier'],
      client: ['client', 'client_secret'],
      tokens: ['access_token', 'refresh_token', 'id_token', 'tokens'],
      verifier: ['code_verifier'],
    }[what];
    for (const k of keys) this.secrets.delete(this.scope, k);
  }

  private get(key: string): string | undefined {
    return this.secrets.get(this.scope, key);
  }

  private json<T>(key: string): T | undefined {
    const text = this.get(key);
    if (!text) return undefined;
    try {
      return JSON.parse(text) as T;
    } catch {
      return undefined;
    }
  }

  private setJson(key: string, value: unknown): void {
    this.secrets.set(this.scope, key, JSON.stringify(value));
  }
}
