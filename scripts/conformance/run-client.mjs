#!/usr/bin/env node
// The MCP conformance suite's client scenarios against the workbench's own MCP client (client.ts beside this,
// bundled here with esbuild): the suite starts its reference server for each scenario and runs our client on it, in
// each era of the protocol. Our client finds out the era as the app does (`server/discover`, then `initialize`).
//
//   node scripts/conformance/run-client.mjs [--era legacy,modern] [--scenario a,b] [--json]
//
// Authorization scenarios (auth/*) and the extensions' are left out: OAuth is its own part of the client, with
// its own tests. Prints each era's results, each failure with its reason; exits 1 on a failure with no reason.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { ERAS, runScenario, scenariosOf, suiteVersion } from './run-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Why our client fails a scenario, per era. */
export const CLIENT_CANNOT = {
  legacy: {},
  modern: {},
};

/** The scenarios run for an era: the suite's client scenarios at its revision, authorization and extensions aside. */
export async function clientScenarios(era) {
  return (await scenariosOf('Client', era)).filter((s) => !s.startsWith('auth/') && !s.startsWith('sep-2640-'));
}

/** Our client, bundled for plain Node. */
export async function bundleClient() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-conformance-client-'));
  const outfile = path.join(dir, 'client.cjs');
  await build({ entryPoints: [path.join(here, 'client.ts')], outfile, bundle: true, platform: 'node', target: 'node22', format: 'cjs', logLevel: 'error', external: ['electron'] });
  return { outfile, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function clientConformance({ era = 'legacy', scenarios } = {}) {
  const names = scenarios?.length ? scenarios : await clientScenarios(era);
  const { outfile, remove } = await bundleClient();
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-conformance-'));
  const results = [];
  try {
    for (const scenario of names) {
      const r = await runScenario(['client', '--command', `${process.execPath} ${outfile}`, '--scenario', scenario, '--spec-version', ERAS[era]], cwd);
      results.push({ scenario, ...r, reason: CLIENT_CANNOT[era][scenario] });
    }
  } finally {
    remove();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { era: { type: 'string' }, scenario: { type: 'string' }, json: { type: 'boolean' } } });
  const all = {};
  const unexpected = [];
  for (const era of (values.era ?? 'legacy,modern').split(',').filter(Boolean)) {
    const results = await clientConformance({ era, scenarios: values.scenario?.split(',').filter(Boolean) });
    all[era] = results;
    unexpected.push(...results.filter((r) => r.status === 'fail' && !r.reason).map((r) => `${era}: ${r.scenario}`));
    if (values.json) continue;
    const pass = results.filter((r) => r.status === 'pass').length;
    console.log(`\n${era} era (${ERAS[era]}), ${suiteVersion()}: our client passes ${pass} of ${results.length} client scenarios.`);
    for (const r of results) console.log(`  ${r.status.padEnd(4)}  ${r.scenario}${r.status === 'pass' ? '' : `: ${r.reason ?? r.failures.join('; ')}`}`);
  }
  if (values.json) console.log(JSON.stringify(all, null, 2));
  if (unexpected.length) console.log(`\nUnexpected failures: ${unexpected.join(', ')}`);
  process.exitCode = unexpected.length ? 1 : 0;
}
