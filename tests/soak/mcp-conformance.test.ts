/**
 * The official MCP conformance suite in both eras of the protocol (legacy: 2025-11-25; modern: 2026-07-28), both ways:
 * - its server scenarios (runner: scripts/conformance/run-server.mjs) against `skillbench mcp --http` serving a skill,
 *   and as a proxy of our MCP fixture server (tests/fixtures/mcp-conformance-server), and that fixture alone to
 *   compare (legacy only: it is on the 1.x SDK). Every scenario passes, or the runner says why it cannot;
 * - its client scenarios (runner: scripts/conformance/run-client.mjs) against the workbench's own MCP client, on the
 *   suite's reference servers: every one passes (authorization aside, tested with OAuth).
 * What passes through the proxy passes because the bridge carries it: its own message trace of the fixture holds
 * each method the scenarios use.
 *
 * The suite is the installed @modelcontextprotocol/conformance, or the one SKILLBENCH_CONFORMANCE_SUITE names; a
 * release with no 2026-07-28 scenario (0.1.x) runs none in the modern era, and the test checks that it has none.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no types
import { conformance, serverScenarios, suiteVersion, TARGETS } from '../../scripts/conformance/run-server.mjs';
// @ts-expect-error: a plain ES module script, no types
import { clientConformance, clientScenarios } from '../../scripts/conformance/run-client.mjs';

type Result = { scenario: string; status: string; failures: string[]; reason?: string };
type Results = Result[] & { carried?: string[] };
type Era = 'legacy' | 'modern';

/** Each scenario passes, or fails (or warns) for a reason the runner gives. */
function expectPassedOrExplained(results: Result[], where: string): void {
  for (const r of results) {
    if (r.reason) expect(r.status, `${where} ${r.scenario} is listed as failing (${r.reason}) but passed: its reason is out of date`).not.toBe('pass');
    else expect(r.status, `${where} ${r.scenario}: ${r.failures.join('; ')}`).toBe('pass');
  }
}

async function scenarios(era: Era): Promise<string[]> {
  const names = (await serverScenarios(era)) as string[];
  // A release without the era's scenarios: said, and checked, rather than skipped.
  if (!names.length) expect(era === 'modern' && /conformance 0\.1\./.test(suiteVersion() as string), `${suiteVersion()} has no ${era} scenario`).toBe(true);
  return names;
}

describe.each(['legacy', 'modern'] as Era[])('the MCP conformance suite, %s era, against skillbench mcp --http', (era) => {
  it('serving a skill: every server scenario passes, or cannot for a reason the runner gives', async () => {
    const names = await scenarios(era);
    if (!names.length) return;
    const results = (await conformance({ era, target: 'skill', scenarios: names })) as Result[];
    expectPassedOrExplained(results, `${era} skill:`);
    expect(results.filter((r) => r.status === 'pass').map((r) => r.scenario)).toEqual(expect.arrayContaining(['tools-list', 'tools-call-simple-text', 'tools-call-with-progress', 'json-schema-2020-12', 'dns-rebinding-protection']));
  }, 600_000);

  it('as a proxy of an MCP server: what the server behind it has passes through it', async () => {
    const names = await scenarios(era);
    if (!names.length) return;
    const results = (await conformance({ era, target: 'proxy', scenarios: names })) as Results;
    expectPassedOrExplained(results, `${era} proxy:`);
    // Carried by the bridge: its own trace of the fixture server holds what the scenarios asked and heard.
    const carried = ['resources/list', 'resources/read', 'prompts/list', 'prompts/get', 'completion/complete', 'tools/call', 'notifications/progress'];
    if (era === 'legacy') carried.push('resources/subscribe', 'resources/unsubscribe', 'logging/setLevel', 'notifications/message', 'sampling/createMessage', 'elicitation/create');
    expect(results.carried).toEqual(expect.arrayContaining(carried));
    // Resources, prompts and rich content, which no skill has, pass here: the server behind the bridge has them.
    const skillCannot = TARGETS.skill.cannot[era] as Record<string, string>;
    const onlyHere = results.filter((x) => x.status === 'pass' && skillCannot[x.scenario]).map((x) => x.scenario);
    expect(onlyHere).toEqual(expect.arrayContaining(['resources-read-text', 'prompts-get-with-args', 'tools-call-image', 'completion-complete']));
  }, 900_000);

  it('our own MCP client on the suite\'s reference servers: every client scenario passes', async () => {
    const names = (await clientScenarios(era)) as string[];
    if (!names.length) {
      expect(era === 'modern' && /conformance 0\.1\./.test(suiteVersion() as string), `${suiteVersion()} has no ${era} client scenario`).toBe(true);
      return;
    }
    const results = (await clientConformance({ era, scenarios: names })) as Result[];
    expectPassedOrExplained(results, `${era} client:`);
    expect(results.map((r) => r.scenario)).toContain('tools_call');
  }, 600_000);
});

describe('the fixture server alone (legacy era), to compare', () => {
  it('passes what the proxy passes, but for the host check the bridge adds and what the bridge does in its place', async () => {
    const results = (await conformance({ era: 'legacy', target: 'direct' })) as Result[];
    expectPassedOrExplained(results, 'legacy direct:');
    expect(results.find((r) => r.scenario === 'dns-rebinding-protection')?.status).toBe('fail');
  }, 600_000);
});
