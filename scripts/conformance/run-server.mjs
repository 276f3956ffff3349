#!/usr/bin/env node
// The MCP conformance suite's server scenarios against `skillbench mcp --http` (run `npm run build` first), in
// each era of the protocol: `legacy` (2025-11-25: initialize, a session) and `modern` (2026-07-28: stateless).
//
//   node scripts/conformance/run-server.mjs [--era legacy,modern] [--target skill,proxy,direct] [--scenario a,b] [--skill PATH] [--json]
//
// The suite is the installed @modelcontextprotocol/conformance, or the one SKILLBENCH_CONFORMANCE_SUITE names (its
// dist/index.js): a release without 2026-07-28 scenarios runs none in the modern era, and says so.
//
// Three targets, each served on 127.0.0.1 and run through every server scenario:
//   skill   a skill (by default tests/fixtures/mcp-bridge/conformance, a JSON-RPC skill with the tools the
//           scenarios call) through `skillbench mcp --http 0`, with a token;
//   proxy   `skillbench mcp --http 0` on a folder whose .mcp.json starts our MCP fixture server
//           (tests/fixtures/mcp-conformance-server, stdio): the bridge as a proxy;
//   direct  that fixture server alone over Streamable HTTP, to compare: what passes through the proxy and
//           also here is what the bridge carried; what passes only here is what the bridge loses.
// Prints each target's results side by side, each failure with its reason. Exits 1 when a scenario expected
// to pass on a target did not.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
export const SUITE = process.env.SKILLBENCH_CONFORMANCE_SUITE || path.join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const suite = SUITE;

/** Each era, by the revision the suite runs its scenarios at. */
export const ERAS = { legacy: '2025-11-25', modern: '2026-07-28' };

export const FIXTURE = path.join(root, 'tests', 'fixtures', 'mcp-conformance-server');

/** Why a scenario cannot pass through the bridge: what the skill protocols have no way to say. */
export const CANNOT = {
  'completion-complete': 'skills declare no prompts or resource templates, so there is nothing to complete',
  'tools-call-image': 'skills of the four protocols answer text and JSON only: no image content',
  'tools-call-audio': 'skills of the four protocols answer text and JSON only: no audio content',
  'tools-call-embedded-resource': 'skills of the four protocols answer text and JSON only: no embedded resources',
  'tools-call-mixed-content': 'skills of the four protocols answer text and JSON only: no image or resource content to mix',
  'tools-call-sampling': 'a skill cannot ask the agent\'s model (no sampling in the skill protocols)',
  'tools-call-elicitation': 'a skill cannot ask the user mid-call; elicitation is used only for a SkillDefinition skill\'s setup',
  'elicitation-sep1034-defaults': 'a skill cannot ask the user mid-call; elicitation is used only for setup',
  'elicitation-sep1330-enums': 'a skill cannot ask the user mid-call; elicitation is used only for setup',
  'resources-list': 'skills offer no resources (their options are tools)',
  'resources-read-text': 'skills offer no resources',
  'resources-read-binary': 'skills offer no resources',
  'resources-templates-read': 'skills offer no resources',
  'resources-subscribe': 'skills offer no resources',
  'resources-unsubscribe': 'skills offer no resources',
  'prompts-list': 'skills offer no prompts',
  'prompts-get-simple': 'skills offer no prompts',
  'prompts-get-with-args': 'skills offer no prompts',
  'prompts-get-embedded-resource': 'skills offer no prompts',
  'prompts-get-with-image': 'skills offer no prompts',
  'server-sse-polling': 'warnings only: it needs a test_reconnection tool that closes its own SSE stream mid-call, which a skill cannot do',
};

/** Why a scenario cannot pass through the bridge as a proxy of the fixture server. */
export const PROXY_CANNOT = {
  'server-sse-polling': 'warnings only: it closes the SSE stream mid-call (test_reconnection); the HTTP stream is the bridge\'s own, which an upstream server (over stdio here) cannot close',
};

/** Why a scenario fails against the fixture server alone. */
export const DIRECT_CANNOT = {
  'server-session-lifecycle': 'the fixture alone answers a terminated session\'s id with a new session, not 404 (the bridge in front of it answers 404)',
  'server-sse-polling': 'the fixture has no test_reconnection tool (a transport matter: see the proxy target)',
  'dns-rebinding-protection': 'the fixture alone checks no Host or Origin header; the bridge in front of it does',
};

/** Its raw requests go to the address without the `?token=` the bridge was given: the token gate answers 401. */
const NO_TOKEN = "its own raw requests go to the address without the bridge's ?token=, which the token gate answers 401 before anything else is read";
const OWN_TOOLS = 'it calls tools of its own (test_input_required_result_*) that ask mid-call under keys it names';

/** Why a scenario of the modern era cannot pass through the bridge for a skill. */
export const MODERN_CANNOT = {
  ...Object.fromEntries(Object.entries(CANNOT).filter(([k]) => k.startsWith('tools-call-') || k.startsWith('resources-') || k.startsWith('prompts-') || k === 'completion-complete')),
  'server-stateless': `it calls tools of its own (test_missing_capability, test_streaming_elicitation), and ${NO_TOKEN}`,
  'sep-2164-resource-not-found': 'warnings only: skills offer no resources, so none is answered as not found with its URI',
  caching: 'skills offer no prompts or resources, the lists whose cache hints it checks',
  'http-header-validation': `${NO_TOKEN} (with the token, a header that disagrees with the body is answered 400 and -32020 by the SDK's handler)`,
  'http-custom-header-server-validation': 'it needs a tool that declares x-mcp-header parameters, which no skill protocol can declare',
  ...Object.fromEntries(
    ['basic-elicitation', 'basic-sampling', 'basic-list-roots', 'request-state', 'multiple-input-requests', 'multi-round', 'non-tool-request', 'result-type', 'tampered-state', 'capability-check'].map((k) => [
      `input-required-result-${k}`,
      `${OWN_TOOLS}; a skill cannot ask mid-call (only its setup is asked through input_required, tests/mcp-eras.test.ts)`,
    ]),
  ),
  'input-required-result-missing-input-response': `warnings only: ${OWN_TOOLS}`,
  'input-required-result-ignore-extra-params': `warnings only: ${OWN_TOOLS}`,
};

/** Why a scenario of the modern era cannot pass through the bridge as a proxy of the fixture server. */
export const MODERN_PROXY_CANNOT = {
  'server-stateless': MODERN_CANNOT['server-stateless'],
  'http-header-validation': MODERN_CANNOT['http-header-validation'],
  'http-custom-header-server-validation': 'the server behind it (on the 1.x SDK) has no tool that declares x-mcp-header parameters',
  ...Object.fromEntries(
    Object.entries(MODERN_CANNOT)
      .filter(([k]) => k.startsWith('input-required-result-'))
      .map(([k, why]) => [k, why.startsWith('warnings') ? why : `${OWN_TOOLS}; the server behind (1.x SDK) asks by request, which the bridge passes on as input_required under a key of its own`]),
  ),
};

/** Each target, and why each scenario it cannot pass fails, per era (the fixture alone, on the 1.x SDK, has no modern era). */
export const TARGETS = {
  skill: { what: 'a JSON-RPC skill through skillbench mcp --http', cannot: { legacy: CANNOT, modern: MODERN_CANNOT } },
  proxy: { what: 'skillbench mcp --http as a proxy of our MCP fixture server (stdio)', cannot: { legacy: PROXY_CANNOT, modern: MODERN_PROXY_CANNOT } },
  direct: { what: 'the MCP fixture server alone (Streamable HTTP, 1.x SDK), to compare', cannot: { legacy: DIRECT_CANNOT } },
};

function run(file, args, opts = {}) {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd: opts.cwd, timeout: 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      // eslint-disable-next-line no-control-regex -- strips the terminal's colour codes (ESC [ ... m)
      resolve({ code: err ? (err.code ?? 1) : 0, out: `${stdout}${stderr}`.replace(/\x1b\[[0-9;]*m/g, '') });
    });
  });
}

/** The suite's scenarios of one kind (`Server` or `Client`) that run at the era's revision (extensions aside). */
export async function scenariosOf(kind, era = 'legacy') {
  const { out } = await run(suite, ['list']);
  const part = out.split(/\n(?=\S)/).find((p) => p.startsWith(`${kind} scenarios`)) ?? '';
  return [...part.matchAll(/^\s+- ([a-z0-9/_-]+) \[([^\]]*)\]/gm)].filter((m) => m[2].split(',').includes(ERAS[era])).map((m) => m[1]);
}

export function serverScenarios(era = 'legacy') {
  return scenariosOf('Server', era);
}

/** The suite's name and version (what the figures were measured with). */
export function suiteVersion() {
  const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(suite), '..', 'package.json'), 'utf8'));
  return `${pkg.name} ${pkg.version}`;
}

/** One scenario run by the suite; its counts and first failures. */
export async function runScenario(args, cwd) {
  const { code, out } = await run(suite, args, { cwd });
  const m = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(out);
  const failed = m ? Number(m[3]) : 1;
  const warnings = m ? Number(m[4]) : 0;
  const status = !m || code !== 0 || failed > 0 ? 'fail' : warnings > 0 ? 'warn' : 'pass';
  const failures = [...out.matchAll(/\] (?:FAILURE|WARNING) (.*)/g)].map((x) => x[1].trim()).slice(0, 3);
  if (!m && !failures.length) failures.push(out.trim().split('\n').slice(-2).join(' ').slice(0, 300));
  return { status, passed: m ? Number(m[1]) : 0, total: m ? Number(m[2]) : 0, failed, warnings, failures };
}

/** The fixture server alone on a free port. */
function serveDirect() {
  const child = spawn(process.execPath, [path.join(FIXTURE, 'server.mjs'), '--http', '0'], { cwd: FIXTURE, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      err += d;
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`the fixture server exited (${code}): ${err}`)));
  });
}

function serve(skill, home) {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'skillbench.cjs'), 'mcp', skill, '--http', '0'], {
    env: { ...process.env, SKILLBENCH_HOME: home },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      err += d;
      const url = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err)?.[1];
      const token = /Token: (\S+)/.exec(err)?.[1];
      if (url && token) resolve({ child, url: `${url}?token=${token}` });
    });
    child.once('exit', (code) => reject(new Error(`skillbench mcp exited (${code}): ${err}`)));
  });
}

/**
 * Runs `scenarios` (all the suite's server scenarios when none are named) against one target; one result
 * per scenario. `keepHome` leaves the bridge's home (its logs, history and message trace) for the caller.
 */
export async function conformance({ scenarios, era = 'legacy', target = 'skill', skill = path.join(root, 'tests', 'fixtures', 'mcp-bridge', 'conformance'), keepHome = false } = {}) {
  const cannot = TARGETS[target]?.cannot[era];
  if (!cannot) throw new Error(`no target "${target}" in the ${era} era: ${Object.keys(TARGETS).join(', ')}`);
  const names = scenarios?.length ? scenarios : await serverScenarios(era);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-conformance-'));
  const { child, url } = target === 'direct' ? await serveDirect() : await serve(target === 'proxy' ? FIXTURE : skill, home);
  const results = [];
  try {
    for (const scenario of names) {
      const r = await runScenario(['server', '--url', url, '--scenario', scenario, '--spec-version', ERAS[era]], home);
      results.push({ scenario, ...r, reason: cannot[scenario] });
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    // What the bridge said to the upstream server and heard from it: the proof a proxied pass went through it.
    if (target === 'proxy') results.carried = carriedMethods(home);
    if (!keepHome) fs.rmSync(home, { recursive: true, force: true });
  }
  return keepHome ? Object.assign(results, { home }) : results;
}

/** The MCP methods in the bridge's message trace of the upstream server (the workbench's own record). */
export function carriedMethods(home) {
  const methods = new Set();
  const skills = path.join(home, 'skills');
  for (const skill of fs.existsSync(skills) ? fs.readdirSync(skills) : []) {
    const dir = path.join(skills, skill, 'messages');
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const m = /"method":"([^"]+)"/.exec(line);
        if (m) methods.add(m[1]);
      }
    }
  }
  return [...methods].sort();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { era: { type: 'string' }, target: { type: 'string' }, scenario: { type: 'string' }, skill: { type: 'string' }, json: { type: 'boolean' } } });
  const eras = (values.era ?? 'legacy,modern').split(',').filter(Boolean);
  const scenarios = values.scenario?.split(',').filter(Boolean);
  const all = {};
  const unexpected = [];
  for (const era of eras) {
    const targets = (values.target ?? 'skill,proxy,direct').split(',').filter((t) => TARGETS[t]?.cannot[era]);
    const names = scenarios ?? (await serverScenarios(era));
    all[era] = {};
    if (!names.length) {
      if (!values.json) console.log(`\n${era} era (${ERAS[era]}): ${suiteVersion()} has no server scenario for this revision.`);
      continue;
    }
    for (const target of targets) all[era][target] = await conformance({ era, target, scenarios: names, skill: values.skill && path.resolve(values.skill) });
    unexpected.push(...targets.flatMap((t) => all[era][t].filter((r) => r.status === 'fail' && !TARGETS[t].cannot[era][r.scenario]).map((r) => `${era} ${t}: ${r.scenario}`)));
    if (values.json) continue;
    console.log(`\n${era} era (${ERAS[era]}), ${suiteVersion()}`);
    console.log(`${'scenario'.padEnd(46)}  ${targets.map((t) => t.padEnd(6)).join('  ')}`);
    for (const name of names) console.log(`${name.padEnd(46)}  ${targets.map((t) => all[era][t].find((r) => r.scenario === name).status.padEnd(6)).join('  ')}`);
    for (const target of targets) {
      const results = all[era][target];
      const pass = results.filter((r) => r.status === 'pass').length;
      console.log(`\n${target}: ${TARGETS[target].what}: ${pass} of ${results.length} scenarios pass.`);
      for (const r of results.filter((x) => x.status !== 'pass')) console.log(`  ${r.status.padEnd(4)}  ${r.scenario}: ${r.reason ?? r.failures.join('; ')}`);
      if (results.carried) console.log(`  the bridge's own trace of the fixture server holds: ${results.carried.join(', ')}`);
    }
  }
  if (values.json) console.log(JSON.stringify(all, null, 2));
  if (unexpected.length) console.log(`\nUnexpected failures: ${unexpected.join(', ')}`);
  process.exitCode = unexpected.length ? 1 : 0;
}
