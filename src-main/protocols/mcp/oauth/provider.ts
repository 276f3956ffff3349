/**
 * The SDK's `OAuthClientProvider` on the vault: what `auth()` reads and writes (tokens, the client's registration,
 * the PKCE verifier) goes to the encrypted store; the redirect is the flow's loopback address; the authorization
 * address is kept for the flow to present (the provider itself opens nothing); `state` is fresh for each flow.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, OAuthTokens } from './sdk';
import type { OAuthVault } from './vault';

export interface ProviderOptions {
  vault: OAuthVault;
  /** The flow's loopback redirect address. */
  redirectUri: string;
  /** An https address of this client's metadata document, used where the server takes them. */
  clientMetadataUrl?: string;
  /** A step-up or a new sign-in: the kept tokens are not offered, so `auth()` does not merely refresh them. */
  ignoreTokens?: boolean;
  /** The scope the client registers with, where the server names none. */
  scope?: string;
  /** Told when the workbench is known by its metadata document (no registration). */
  onClientMetadataDocument?: (clientId: string) => void;
  /** A refresh: should `auth()` get as far as a new authorization, its verifier is not kept (nobody will open it). */
  refreshOnly?: boolean;
  /** Discovery shared by the calls of one flow (the authorization, then the code exchange). */
  discovery?: { state?: OAuthDiscoveryState };
}

export class VaultProvider implements OAuthClientProvider {
  /** The address `auth()` built for the user to open, once it did. */
  authorizationUrl: URL | null = null;
  private stateValue: string | null = null;

  constructor(private readonly opts: ProviderOptions) {}

  get redirectUrl(): string {
    return this.opts.redirectUri;
  }

  get clientMetadataUrl(): string | undefined {
    return this.opts.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Skill Workbench',
      redirect_uris: [this.opts.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A public client: PKCE, no secret (a desktop app cannot keep one).
      token_endpoint_auth_method: 'none',
      ...(this.opts.scope ? { scope: this.opts.scope } : {}),
    };
  }

  /** The state sent with this flow's authorization (checked at the loopback address). */
  get sentState(): string | null {
    return this.stateValue;
  }

  state(): string {
    this.stateValue = randomBytes(24).toString('base64url');
    return this.stateValue;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.opts.vault.clientInformation();
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.opts.vault.saveClientInformation(info);
    if (this.opts.clientMetadataUrl && info.client_id === this.opts.clientMetadataUrl && !('redirect_uris' in info)) this.opts.onClientMetadataDocument?.(info.client_id);
  }

  tokens(): OAuthTokens | undefined {
    return this.opts.ignoreTokens ? undefined : this.opts.vault.tokens();
  }

  saveTokens(tokens: OAuthTokens): void {
    this.opts.vault.saveTokens(tokens);
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    if (!this.opts.refreshOnly) this.opts.vault.saveCodeVerifier(verifier);
  }

  codeVerifier(): string {
    const v = this.opts.vault.codeVerifier();
    if (!v) throw new Error('The PKCE verifier of this sign-in is gone (another sign-in for the same server replaced it): start again.');
    return v;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'discovery') {
      if (this.opts.discovery) this.opts.discovery.state = undefined;
      return;
    }
    this.opts.vault.forget(scope);
    if (scope === 'all' && this.opts.discovery) this.opts.discovery.state = undefined;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    if (this.opts.discovery) this.opts.discovery.state = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.opts.discovery?.state;
  }
}
