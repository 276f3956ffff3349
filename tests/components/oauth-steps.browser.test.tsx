/**
 * The steps of an HTTP server's OAuth flows as the Authorization section shows them: newest flow first, each step's
 * outcome and plain words, its request and response a click away (masked by the engine before they get here), and
 * no serious accessibility violation in either theme. The engine's steps come from tests/mcp-oauth.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { McpOAuthStep } from '@contract';
import { OAuthSteps } from '../../src-renderer/src/components/mcp/OAuthSteps';
import { expectNoSeriousViolations } from './axe';

const at = Date.UTC(2026, 0, 5, 10, 0, 0);
const STEPS: McpOAuthStep[] = [
  { seq: 1, flow: 1, time: at, kind: 'challenge', title: 'The server asked for authorization (401)', outcome: 'info', problem: 'The server needs an OAuth access token.', response: { status: 401, headers: { 'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp"' } } },
  { seq: 2, flow: 1, time: at, kind: 'authorization', title: 'Sent you to sign in and approve', outcome: 'waiting', url: 'http://127.0.0.1:8/authorize?client_id=c' },
  { seq: 3, flow: 1, time: at, kind: 'token', title: 'Exchanged the code for tokens (with the PKCE verifier)', outcome: 'error', durationMs: 12,
    problem: 'The authorization server refused the code (invalid_grant): it had expired.',
    request: { method: 'POST', url: 'http://127.0.0.1:8/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code&code=•••• (37 characters)' },
    response: { status: 400, headers: { 'content-type': 'application/json' }, body: '{\n  "error": "invalid_grant"\n}' } },
  { seq: 4, flow: 2, time: at + 60_000, kind: 'refresh', title: 'Refreshed the access token', outcome: 'ok' },
];

describe('OAuthSteps', () => {
  it('shows the newest flow first, a wait gone past as sent, the words of a failure and the exchange on a click', async () => {
    await render(<OAuthSteps steps={STEPS} />);
    const steps = page.getByTestId('oauth-step');
    expect(steps.elements().map((e) => e.getAttribute('data-kind'))).toEqual(['refresh', 'challenge', 'authorization', 'token']);
    expect(steps.elements()[2].querySelector('.pill')!.textContent).toBe('sent');
    await expect.element(page.getByText(/refused the code \(invalid_grant\)/)).toBeVisible();
    await page.getByText('Request and response').nth(1).click();
    await expect.element(page.getByTestId('oauth-step-request')).toBeVisible();
    expect(page.getByTestId('oauth-step-request').element().textContent).toContain('POST http://127.0.0.1:8/token');
    expect(page.getByTestId('oauth-step-response').elements().at(-1)!.textContent).toContain('HTTP 400');
    await expectNoSeriousViolations(page.getByTestId('oauth-steps').element());
  });

  it('says how a flow starts when there is none yet', async () => {
    await render(<OAuthSteps steps={[]} />);
    await expect.element(page.getByTestId('oauth-no-steps')).toBeVisible();
    expect(page.getByTestId('oauth-no-steps').element().textContent).toContain('starts one');
  });
});
