/**
 * One headless run of a real agent host: a fresh scratch folder holding a project (the skills under test
 * installed where the host reads them) and a home of the host's own (so it never reads the user's `~/.claude`,
 * settings or keys), the model proxy started for the run, the host started once with the query, its stream-json
 * output read, and the scratch folder removed afterwards unless kept. The host's environment is built here, not
 * inherited: PATH and the locale, its scratch home, and the proxy's URL and token; no variable of the user's
 * (a key among them) reaches it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOneShot } from '../engine/one-shot';
import type { FoundHost } from './host-find';
import type { HostKind } from './host-kinds';
import { startModelProxy, type ProxyAnswer, type ProxyRecord } from './model-proxy';

export interface HostRunOptions {
  kind: HostKind;
  host: FoundHost;
  /** The skills installed into the scratch project, each as `<skillsDir>/<name>/`. */
  skills: { name: string; dir: string }[];
  query: string;
  answer: ProxyAnswer;
  /** The environment PATH and the locale are taken from. */
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Leave the scratch folder in place (its path is in the result). */
  keep?: boolean;
  /** Where the scratch folder is made (default: the system's temporary folder). */
  scratchRoot?: string;
}

export interface HostRunResult {
  code: number | null;
  timedOut: boolean;
  durationMs: number;
  /** The host's stream-json events, in order (lines that were not JSON are left out). */
  events: Record<string, unknown>[];
  /** The skills the host activated (its `Skill` tool calls), in order. */
  activated: string[];
  /** The model requests' bodies, in order. */
  requests: unknown[];
  /** Every request and answer, as recording records. */
  records: ProxyRecord[];
  /** The end of what the host wrote to stderr. */
  stderr: string;
  /** The scratch folder, where it was kept; null where it was removed. */
  kept: string | null;
}

/** Stream-json output beyond this is not read (a run of one query prints a few KB). */
const MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

export async function runHost(opts: HostRunOptions): Promise<HostRunResult> {
  const scratch = fs.mkdtempSync(path.join(opts.scratchRoot ?? os.tmpdir(), 'skillbench-hostrun-'));
  const project = path.join(scratch, 'project');
  const home = path.join(scratch, 'home');
  const proxy = await startModelProxy(opts.answer);
  try {
    for (const s of opts.skills) copySkill(s.dir, path.join(project, opts.kind.skillsDir, s.name));
    fs.mkdirSync(home, { recursive: true });
    fs.mkdirSync(path.join(scratch, 'tmp'));
    const hostEnv = opts.kind.homeEnv(home);
    for (const dir of Object.values(hostEnv)) if (dir.startsWith(home)) fs.mkdirSync(dir, { recursive: true });
    const env: NodeJS.ProcessEnv = {
      PATH: opts.env.PATH ?? '',
      ...pick(opts.env, ['LANG', 'LC_ALL', 'SYSTEMROOT', 'COMSPEC', 'PATHEXT']),
      TMPDIR: path.join(scratch, 'tmp'),
      ...hostEnv,
      ...opts.kind.endpointEnv(proxy.url, proxy.token),
    };
    const file = opts.host.path!;
    const js = /\.[cm]?js$/.test(file);
    const r = await runOneShot({
      spec: { command: js ? process.execPath : file, args: [...(js ? [file] : []), ...opts.kind.headlessArgs(opts.query)], cwd: project, env: js ? { ...env, ELECTRON_RUN_AS_NODE: '1' } : env },
      input: '',
      timeoutMs: opts.timeoutMs,
      maxStdoutBytes: MAX_OUTPUT_BYTES,
    });
    if (r.spawnError) throw new Error(`${opts.kind.id} could not be started from ${file} (${r.spawnError.message}).`);
    const events = parseEvents(r.stdout);
    return {
      code: r.code,
      timedOut: r.timedOut,
      durationMs: Math.round(r.durationMs),
      events,
      activated: activatedSkills(events),
      requests: proxy.requests(),
      records: proxy.records(),
      stderr: r.stderr.slice(-4000),
      kept: opts.keep ? scratch : null,
    };
  } finally {
    await proxy.close();
    if (!opts.keep) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** A skill's folder as the host will find it (its own dependencies and version control left behind). */
function copySkill(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true, filter: (src) => !/[/\\](node_modules|\.git|__pycache__|\.venv)$/.test(src) });
}

function pick(env: NodeJS.ProcessEnv, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (env[n]) out[n] = env[n]!;
  return out;
}

function parseEvents(stdout: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.trim()) continue;
    try {
      const v = JSON.parse(line) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) out.push(v as Record<string, unknown>);
    } catch {
      // not an event: a host's stray line
    }
  }
  return out;
}

/** The skills named by the `Skill` tool calls in the host's assistant events. */
export function activatedSkills(events: Record<string, unknown>[]): string[] {
  const names: string[] = [];
  for (const e of events) {
    if (e.type !== 'assistant') continue;
    const content = (e.message as { content?: unknown } | undefined)?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content as { type?: string; name?: string; input?: { skill?: unknown } }[]) {
      if (block?.type === 'tool_use' && block.name === 'Skill' && typeof block.input?.skill === 'string') names.push(block.input.skill);
    }
  }
  return names;
}
