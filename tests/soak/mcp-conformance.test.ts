/**
 * The official MCP conformance suite's server scenarios (runner: scripts/conformance/run-server.mjs) against
 * two targets of `skillbench mcp --http`:
 * - a skill: the scenarios a skill can pass; the runner lists why each other one cannot (no image/audio
 *   content, resources, prompts, sampling or mid-call questions in the skill protocols);
 * - the bridge as a proxy of our MCP fixture server (tests/fixtures/mcp-conformance-server): every scenario
 *   but one. That they pass BECAUSE the bridge carries them: the skill target fails them, the fixture alone
 *   passes them, and the bridge's own message trace of the fixture holds each method they use.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no types
import { CANNOT, conformance, DIRECT_CANNOT, PROXY_CANNOT, serverScenarios } from '../../scripts/conformance/run-server.mjs';

const PASSING = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'json-schema-2020-12',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
];

type Result = { scenario: string; status: string; failures: string[] };
type Results = Result[] & { carried?: string[] };

describe('the MCP conformance suite against skillbench mcp --http', () => {
  it('passes every server scenario a skill can pass', async () => {
    const results = (await conformance({ scenarios: PASSING })) as Result[];
    for (const r of results) expect(r.status, `${r.scenario}: ${r.failures.join('; ')}`).toBe('pass');
    expect(results.map((r) => r.scenario)).toEqual(PASSING);
  }, 180_000);

  it('every other scenario of the suite has its reason', async () => {
    const all = (await serverScenarios()) as string[];
    expect(all.length).toBeGreaterThan(PASSING.length);
    expect(all.filter((s) => !PASSING.includes(s) && !(s in CANNOT))).toEqual([]);
  });

  it('as a proxy of an MCP server, passes every scenario but the one that closes its own stream', async () => {
    const all = (await serverScenarios()) as string[];
    const expected = all.filter((s) => !(s in PROXY_CANNOT));
    const results = (await conformance({ target: 'proxy', scenarios: expected })) as Results;
    for (const r of results) expect(r.status, `${r.scenario}: ${r.failures.join('; ')}`).toBe('pass');
    expect(results.length).toBe(all.length - 1);

    // Carried by the bridge: its own trace of the fixture server holds what each scenario asked and heard.
    expect(results.carried).toEqual(
      expect.arrayContaining([
        'resources/list', 'resources/read', 'resources/subscribe', 'resources/unsubscribe', 'notifications/resources/updated',
        'prompts/list', 'prompts/get', 'completion/complete', 'logging/setLevel', 'notifications/message', 'notifications/progress',
        'sampling/createMessage', 'elicitation/create', 'tools/call',
      ]),
    );
    // And the skill target cannot pass what the proxy passes thanks to the server behind it.
    expect(expected.filter((s) => !PASSING.includes(s)).every((s) => s in CANNOT)).toBe(true);
  }, 240_000);

  it('the fixture alone passes the same scenarios, except the host check the bridge adds', async () => {
    const all = (await serverScenarios()) as string[];
    const results = (await conformance({ target: 'direct', scenarios: all.filter((s) => !(s in DIRECT_CANNOT)) })) as Result[];
    for (const r of results) expect(r.status, `${r.scenario}: ${r.failures.join('; ')}`).toBe('pass');
    const rebinding = (await conformance({ target: 'direct', scenarios: ['dns-rebinding-protection'] })) as Result[];
    expect(rebinding[0].status).toBe('fail');
  }, 240_000);
});
