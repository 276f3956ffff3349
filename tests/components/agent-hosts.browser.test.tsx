/**
 * The agent hosts in the Models dialog, read-only: an installed Claude Code with its version and path, a host on
 * PATH, and a host found nowhere with why the workbench cannot drive it yet. No serious accessibility violation. The
 * workbench is a stand-in answering as `findHosts` does (tests/hosts.test.ts runs the real one).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { AgentHostInfo, WorkbenchClient } from '@contract';
import { AgentHostsList } from '../../src-renderer/src/components/models/AgentHostsList';
import { useStore } from '../../src-renderer/src/store';
import { expectNoSeriousViolations } from './axe';

const HOSTS: AgentHostInfo[] = [
  { id: 'claude-code', version: '2.1.332', path: '/home/ada/.config/skill-workbench/hosts/claude-code@2.1.332/node_modules/@anthropic-ai/claude-code-linux-x64/claude', source: 'home', found: true, proxied: true, note: 'headless with -p' },
  { id: 'claude-code', version: null, path: '/usr/local/bin/claude', source: 'path', found: true, proxied: true, note: 'headless with -p' },
  { id: 'codex', version: null, path: null, source: null, found: false, proxied: false, note: 'its endpoint speaks the OpenAI Responses API, which the proxy does not speak yet' },
];

beforeEach(() => {
  window.skillbench = { listAgentHosts: () => Promise.resolve(HOSTS), on: () => () => undefined } as unknown as WorkbenchClient;
  useStore.setState({ connection: 'open' });
});

describe('Agent hosts', () => {
  it('lists each host found, where, and the hosts found nowhere with why', async () => {
    await render(<AgentHostsList />);
    const rows = page.getByTestId('agent-host');
    await expect.element(rows.first()).toBeInTheDocument();
    const texts = rows.elements().map((e) => e.textContent);
    expect(texts).toEqual([
      `Claude Code 2.1.332installed in the workbench · ${HOSTS[0].path}found`,
      'Claude Code on PATH · /usr/local/bin/claudefound',
      'Codex not foundits endpoint speaks the OpenAI Responses API, which the proxy does not speak yetnot found',
    ]);
    expect(rows.elements().map((e) => e.getAttribute('data-found'))).toEqual(['true', 'true', 'false']);
    await expectNoSeriousViolations(page.getByTestId('agent-hosts').element());
  });
});
