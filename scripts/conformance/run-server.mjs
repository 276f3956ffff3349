#!/usr/bin/env node
// The MCP conformance suite's server scenarios against `skillbench mcp --http` (run `npm run build` first).
//
//   node scripts/conformance/run-server.mjs [--scenario a,b] [--skill PATH] [--json]
//
// Serves a skill (by default tests/fixtures/mcp-bridge/conformance, a JSON-RPC skill with the tools the
// scenarios call) through the bridge on 127.0.0.1 with a token, runs each server scenario (Node 20 gets the
// suite's fs.globSync from preload.mjs), and prints what passed and why the rest cannot. Exits 1 when a
// scenario expected to pass did not.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const suite = path.join(root, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const preload = path.join(here, 'preload.mjs');

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

function run(file, args, opts = {}) {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', preload, file, ...args], { cwd: opts.cwd, timeout: 120_000, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? (err.code ?? 1) : 0, out: `${stdout}${stderr}`.replace(/\x1b\[[0-9;]*m/g, '') });
    });
  });
}

export async function serverScenarios() {
  const { out } = await run(suite, ['list']);
  const part = out.split('Client scenarios')[0];
  return [...part.matchAll(/^\s+- ([a-z0-9-]+) \[/gm)].map((m) => m[1]);
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

/** Runs `scenarios` (all the suite's server scenarios when none are named); one result per scenario. */
export async function conformance({ scenarios, skill = path.join(root, 'tests', 'fixtures', 'mcp-bridge', 'conformance') } = {}) {
  const names = scenarios?.length ? scenarios : await serverScenarios();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-conformance-'));
  const { child, url } = await serve(skill, home);
  const results = [];
  try {
    for (const scenario of names) {
      const { code, out } = await run(suite, ['server', '--url', url, '--scenario', scenario], { cwd: home });
      const m = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(out);
      const failed = m ? Number(m[3]) : 1;
      const warnings = m ? Number(m[4]) : 0;
      const status = !m || code !== 0 || failed > 0 ? 'fail' : warnings > 0 ? 'warn' : 'pass';
      const failures = [...out.matchAll(/\] (?:FAILURE|WARNING) (.*)/g)].map((x) => x[1]).slice(0, 3);
      results.push({ scenario, status, passed: m ? Number(m[1]) : 0, total: m ? Number(m[2]) : 0, failed, warnings, reason: CANNOT[scenario], failures });
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    fs.rmSync(home, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { scenario: { type: 'string' }, skill: { type: 'string' }, json: { type: 'boolean' } } });
  const results = await conformance({ scenarios: values.scenario?.split(',').filter(Boolean), skill: values.skill && path.resolve(values.skill) });
  if (values.json) console.log(JSON.stringify(results, null, 2));
  else {
    for (const r of results) console.log(`${r.status.padEnd(4)}  ${r.scenario.padEnd(30)}  ${r.status === 'pass' ? `${r.passed}/${r.total} checks` : (r.reason ?? r.failures.join('; '))}`);
    const pass = results.filter((r) => r.status === 'pass').length;
    console.log(`\n${pass} of ${results.length} scenarios pass.`);
  }
  const unexpected = results.filter((r) => r.status === 'fail' && !CANNOT[r.scenario]);
  process.exitCode = unexpected.length ? 1 : 0;
}
