/**
 * The official MCP conformance suite's server scenarios against `skillbench mcp --http` (runner:
 * scripts/conformance/run-server.mjs). These are the scenarios a skill can pass; the runner lists why each
 * other one cannot (no image/audio content, resources, prompts, sampling or mid-call questions in the skill
 * protocols), and this test checks that list still covers every scenario the suite has.
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script, no types
import { CANNOT, conformance, serverScenarios } from '../scripts/conformance/run-server.mjs';

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
});
