'use strict';
/**
 * Skill Workbench's node runner for namel3ss node tools (the node runner's protocol, version 1).
 *
 * Reads one request from stdin:
 *   {"protocol_version": 1, "tool": "...", "entry": "tools.mod:run", "payload": {...},
 *    "module_paths": ["/app", ...], "capability_context": {...}, "trace_id": "..."}
 * Writes one response to stdout:
 *   {"ok": true, "result": ..., "protocol_version": 1, "capability_checks": [...]}
 *   {"ok": false, "error": {"type": "...", "message": "...", "reason_code"?: "..."}, "protocol_version": 1, "capability_checks": [...]}
 *
 * The entry's module is `tools.<a>.<b>` (tools/a/b.js, .cjs, .mjs, .ts, or its index), a path under the
 * module paths, or a package name; the function is the module's export of that name (a module that is
 * itself a function answers to `run` and `default`). The tool's prints go to stderr (the workbench's log).
 * The guarantees of the capability context are enforced in JavaScript, as namel3ss's node runner enforces
 * them: file reads and writes, the network, subprocesses and the environment go through checks that
 * record each capability (an allowed one once) and refuse with namel3ss's words. Node modules only.
 */

const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const EXTENSIONS = ['', '.js', '.cjs', '.mjs', '.ts'];
const protocolWrite = process.stdout.write.bind(process.stdout);

class CapabilityViolation extends Error {
  constructor(message, check) {
    super(message);
    this.name = 'CapabilityViolation';
    this.check = check;
  }
}

function main() {
  let request;
  try {
    request = JSON.parse(fs.readFileSync(0, 'utf8') || '{}');
  } catch (err) {
    return finish({ ok: false, error: errorOf(err), protocol_version: 1 }, 1);
  }
  // Prints from the tool reach the log, never the response.
  process.stdout.write = (chunk, encoding, cb) => process.stderr.write(chunk, encoding, cb);
  const version = request.protocol_version || 1;
  const guard = makeGuard(request.capability_context, request.tool);
  run(request, guard)
    .then((result) => finish({ ok: true, result, protocol_version: version, capability_checks: guard.checks }, 0))
    .catch((err) => finish({ ok: false, error: errorOf(err), protocol_version: version, capability_checks: guard.checks }, 0));
}

async function run(request, guard) {
  const { moduleSpec, functionName } = parseEntry(request.entry);
  const roots = Array.isArray(request.module_paths) && request.module_paths.length ? request.module_paths.map(String) : [process.cwd()];
  const target = resolveModule(moduleSpec, roots);
  const mod = await load(target);
  const fn = pick(mod, functionName);
  if (typeof fn !== 'function') throw new Error('Entry target is not callable');
  // As namel3ss's Python runner does, the module is loaded first; the guarantees hold for the call.
  guard.install();
  return await fn(request.payload);
}

function parseEntry(entry) {
  if (typeof entry !== 'string') throw new Error('Missing entry');
  const at = entry.indexOf(':');
  const moduleSpec = at < 0 ? '' : entry.slice(0, at).trim();
  const functionName = at < 0 ? '' : entry.slice(at + 1).trim();
  if (!moduleSpec || !functionName) throw new Error('Invalid entry');
  return { moduleSpec, functionName };
}

function resolveModule(spec, roots) {
  const s = spec.replace(/\\/g, '/');
  const tools = s === 'tools' || s.startsWith('tools/') ? s : s.startsWith('tools.') ? path.join('tools', ...s.slice(6).split('.')) : null;
  const relative = s.startsWith('./') || s.startsWith('../') || s.startsWith('/') ? s : null;
  for (const rel of [tools, relative]) {
    if (!rel) continue;
    for (const root of roots) {
      const file = fileFor(path.resolve(root, rel));
      if (file) return { file };
    }
  }
  return { name: spec };
}

function fileFor(base) {
  const candidates = path.extname(base) ? [base] : [...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => isFile(c)) || null;
}

function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

async function load(target) {
  if (target.name) return require(target.name);
  if (target.file.endsWith('.ts') && !typeScriptLoads()) {
    const err = new Error('TypeScript support requires ts-node');
    err.name = 'TypeScriptError';
    throw err;
  }
  if (target.file.endsWith('.mjs') || target.file.endsWith('.ts')) return import(pathToFileURL(target.file).href);
  try {
    return require(target.file);
  } catch (err) {
    if (err && err.code === 'ERR_REQUIRE_ESM') return import(pathToFileURL(target.file).href);
    throw err;
  }
}

/** ts-node where the app has it, else Node's own type stripping (Node 22.6 and newer). */
function typeScriptLoads() {
  for (const m of ['ts-node/register/transpile-only', 'ts-node/register']) {
    try {
      require(m);
      return true;
    } catch {
      // next
    }
  }
  return Boolean(process.features && process.features.typescript);
}

function pick(mod, name) {
  if (mod && typeof mod === 'object' && name in mod) return mod[name];
  if (typeof mod === 'function' && (name === 'default' || name === 'run')) return mod;
  const def = mod && mod.default;
  if (typeof def === 'function' && name === 'default') return def;
  if (def && typeof def === 'object' && name in def) return def[name];
  return null;
}

function errorOf(err) {
  const error = { type: String((err && err.name) || 'Error'), message: String(err && err.message !== undefined ? err.message : err) };
  if (err && err.check && err.check.reason) error.reason_code = String(err.check.reason);
  return error;
}

function finish(response, code) {
  let text;
  try {
    text = JSON.stringify(response);
  } catch (err) {
    text = JSON.stringify({ ok: false, error: errorOf(err), protocol_version: response.protocol_version || 1 });
    code = 1;
  }
  protocolWrite(text + '\n', () => process.exit(code));
}

// ---- the guarantees ----------------------------------------------------------------------------------

const GUARANTEE_OF = {
  filesystem_read: 'no_filesystem_read',
  filesystem_write: 'no_filesystem_write',
  network: 'no_network',
  subprocess: 'no_subprocess',
  env_read: 'no_env_read',
  env_write: 'no_env_write',
  secrets: 'secrets_allowed',
};

/** Secrets namel3ss knows by their variables (a tool reading one reads that secret). */
const SECRET_VARIABLES = {
  NAMEL3SS_OPENAI_API_KEY: 'OPENAI_API_KEY',
  OPENAI_API_KEY: 'OPENAI_API_KEY',
  NAMEL3SS_ANTHROPIC_API_KEY: 'ANTHROPIC_API_KEY',
  ANTHROPIC_API_KEY: 'ANTHROPIC_API_KEY',
  NAMEL3SS_GEMINI_API_KEY: 'GEMINI_API_KEY',
  GEMINI_API_KEY: 'GEMINI_API_KEY',
  NAMEL3SS_MISTRAL_API_KEY: 'MISTRAL_API_KEY',
  MISTRAL_API_KEY: 'MISTRAL_API_KEY',
  N3_DATABASE_URL: 'DATABASE_URL',
  DATABASE_URL: 'DATABASE_URL',
  N3_EDGE_KV_URL: 'EDGE_KV_URL',
  EDGE_KV_URL: 'EDGE_KV_URL',
};

function makeGuard(context, toolName) {
  const checks = [];
  const allowedOnce = new Set();
  const ctx = context && typeof context === 'object' ? context : null;
  const g = (ctx && ctx.guarantees) || {};
  const sources = (ctx && ctx.sources) || {};
  const tool = String((ctx && ctx.tool_name) || toolName || 'tool');
  const root = ctx && ctx.filesystem_root ? path.resolve(String(ctx.filesystem_root)) : null;
  const readRoots = Array.isArray(ctx && ctx.filesystem_read_roots) ? ctx.filesystem_read_roots.map((r) => path.resolve(String(r))) : [];
  let active = false;

  function record(capability, allowed, reason) {
    const check = { capability, allowed, guarantee_source: sources[GUARANTEE_OF[capability]] || 'pack', reason };
    if (allowed) {
      if (allowedOnce.has(capability)) return check;
      allowedOnce.add(capability);
    }
    checks.push(check);
    return check;
  }

  function refuse(capability, action, why, example) {
    const check = record(capability, false, 'guarantee_blocked');
    throw new CapabilityViolation(
      `What happened: Tool "${tool}" ${action}.\nWhy: ${why}\nFix: Remove the restriction or choose a tool that does not need the capability.\nExample: ${example}`,
      check,
    );
  }

  function within(base, target) {
    const rel = path.relative(base, target);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  }

  function file(p, write) {
    if (!active || p === undefined || p === null || typeof p === 'number') return;
    const raw = p instanceof URL ? p.pathname : Buffer.isBuffer(p) ? p.toString() : String(p);
    const shownPath = raw.replace(/\\/g, '/');
    if (root || readRoots.length) {
      const target = root && !path.isAbsolute(raw) ? path.resolve(root, raw) : path.resolve(raw);
      const allowed = write ? (root ? [root] : []) : [...readRoots, ...(root ? [root] : [])];
      if ((write ? root !== null : true) && allowed.length && !allowed.some((b) => within(b, target))) {
        const labels = [...new Set(allowed.map((r) => r.replace(/\\/g, '/')))].sort();
        const check = record(write ? 'filesystem_write' : 'filesystem_read', false, 'guarantee_blocked');
        throw new CapabilityViolation(
          `What happened: Tool "${tool}" ${write ? 'cannot write outside its workspace' : 'cannot read outside its workspace'}.\nWhy: Filesystem access to ${target.replace(/\\/g, '/')} is outside ${labels.join(', ')}.\nFix: Remove the restriction or choose a tool that does not need the capability.\nExample: ${labels[0]}/file.txt`,
          check,
        );
      }
    }
    const capability = write ? 'filesystem_write' : 'filesystem_read';
    if (!g[GUARANTEE_OF[capability]]) return void record(capability, true, 'guarantee_allowed');
    refuse(capability, write ? 'cannot write to the filesystem' : 'cannot read from the filesystem', `Effective guarantees forbid filesystem access (${shownPath}).`, `[capability_overrides]\\n"${tool}" = { no_filesystem_write = true }`);
  }

  function network(target, method) {
    if (!active) return;
    if (!g.no_network) return void record('network', true, 'guarantee_allowed');
    refuse('network', 'cannot access the network', `Effective guarantees forbid network access (${method} ${target}).`, `[capability_overrides]\\n"${tool}" = { no_network = true }`);
  }

  function subprocess(argv) {
    if (!active) return;
    if (!g.no_subprocess) return void record('subprocess', true, 'guarantee_allowed');
    refuse('subprocess', 'cannot run subprocesses', `Effective guarantees forbid subprocess access (${argv.join(' ')}).`, `[capability_overrides]\\n"${tool}" = { no_subprocess = true }`);
  }

  function env(key, write) {
    if (!active || typeof key !== 'string') return;
    const capability = write ? 'env_write' : 'env_read';
    if (g[GUARANTEE_OF[capability]]) {
      refuse(capability, write ? 'cannot write environment variables' : 'cannot read environment variables', `Effective guarantees forbid env ${write ? 'writes' : 'reads'} (${key}).`, `[capability_overrides]\\n"${tool}" = { no_${capability} = true }`);
    }
    record(capability, true, 'guarantee_allowed');
    const secret = SECRET_VARIABLES[key.trim().toUpperCase()];
    if (!secret) return;
    const allowed = Array.isArray(g.secrets_allowed) ? g.secrets_allowed.map(String) : null;
    if (!allowed) return void record('secrets', true, 'guarantee_allowed');
    if (allowed.includes(secret)) return void record('secrets', true, 'secrets_allowed');
    const check = record('secrets', false, 'secrets_blocked');
    throw new CapabilityViolation(
      `What happened: Tool "${tool}" cannot access secrets.\nWhy: Effective guarantees only allow secrets ${JSON.stringify([...allowed].sort())} (requested: ${secret}).\nFix: Remove the restriction or choose a tool that does not need the capability.\nExample: [capability_overrides]\\n"${tool}" = { secrets_allowed = ["${secret}"] }`,
      check,
    );
  }

  function install() {
    if (!ctx) return;
    patchFs(file);
    patchNetwork(network);
    patchSubprocess(subprocess);
    patchEnv(env);
    active = true;
  }

  return { checks, install };
}

function isWriteFlag(flags) {
  return /[wax+]/.test(String(flags === undefined ? 'r' : flags));
}

function wrap(target, name, check) {
  const original = target[name];
  if (typeof original !== 'function') return;
  target[name] = function guarded(...args) {
    check(args);
    return original.apply(this, args);
  };
}

function patchFs(file) {
  const reads = ['readFile', 'readFileSync', 'readdir', 'readdirSync', 'createReadStream', 'opendir', 'opendirSync'];
  const writes = ['writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'createWriteStream', 'mkdir', 'mkdirSync', 'rm', 'rmSync', 'rmdir', 'rmdirSync', 'unlink', 'unlinkSync', 'truncate', 'truncateSync', 'mkdtemp', 'mkdtempSync'];
  const twoPaths = ['rename', 'renameSync', 'copyFile', 'copyFileSync', 'cp', 'cpSync', 'symlink', 'symlinkSync', 'link', 'linkSync'];
  for (const api of [fs, fs.promises]) {
    for (const n of reads) wrap(api, n, (a) => file(a[0], false));
    for (const n of writes) wrap(api, n, (a) => file(a[0], true));
    for (const n of twoPaths) wrap(api, n, (a) => (file(a[0], false), file(a[1], true)));
    wrap(api, 'open', (a) => file(a[0], isWriteFlag(typeof a[1] === 'function' ? undefined : a[1])));
    wrap(api, 'openSync', (a) => file(a[0], isWriteFlag(a[1])));
  }
}

function patchNetwork(network) {
  const net = require('node:net');
  const originalConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(...args) {
    const o = args[0] && typeof args[0] === 'object' && !Array.isArray(args[0]) ? args[0] : { port: args[0], host: args[1] };
    network(o.path ? `socket://${o.path}` : `socket://${o.host || 'localhost'}:${o.port}`, 'CONNECT');
    return originalConnect.apply(this, args);
  };
  for (const mod of [require('node:http'), require('node:https')]) {
    for (const n of ['request', 'get']) {
      wrap(mod, n, (a) => {
        const first = a[0];
        const url = typeof first === 'string' || first instanceof URL ? String(first) : `${(first && first.protocol) || 'http:'}//${(first && (first.hostname || first.host)) || 'localhost'}${(first && first.path) || '/'}`;
        const method = String((first && typeof first === 'object' && !(first instanceof URL) && first.method) || (a[1] && a[1].method) || (n === 'get' ? 'GET' : 'GET')).toUpperCase();
        network(url, method);
      });
    }
  }
  if (typeof globalThis.fetch === 'function') {
    const original = globalThis.fetch;
    globalThis.fetch = function guardedFetch(input, init) {
      const url = typeof input === 'string' || input instanceof URL ? String(input) : String(input && input.url);
      network(url, String((init && init.method) || (input && input.method) || 'GET').toUpperCase());
      return original.call(this, input, init);
    };
  }
}

function patchSubprocess(subprocess) {
  const cp = require('node:child_process');
  for (const n of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork']) {
    wrap(cp, n, (a) => subprocess([String(a[0]), ...(Array.isArray(a[1]) ? a[1].map(String) : [])]));
  }
  for (const n of ['exec', 'execSync']) wrap(cp, n, (a) => subprocess([String(a[0])]));
}

function patchEnv(env) {
  const real = process.env;
  const proxy = new Proxy(real, {
    get(target, key) {
      env(key, false);
      return target[key];
    },
    has(target, key) {
      env(key, false);
      return key in target;
    },
    set(target, key, value) {
      env(key, true);
      target[key] = value;
      return true;
    },
    deleteProperty(target, key) {
      env(key, true);
      delete target[key];
      return true;
    },
  });
  Object.defineProperty(process, 'env', { value: proxy, configurable: true, writable: true, enumerable: true });
}

main();
