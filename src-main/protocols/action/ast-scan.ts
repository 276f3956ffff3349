/**
 * Reading action scripts with Python's own parser (`resources/python/action_scan.py`) in a short-lived
 * child: `ast.parse` only, so the script is never imported or run, and no `.pyc` is written. One child
 * reads every script given. `-I` keeps the skill's environment (PYTHONPATH, user site) out of it.
 */
import path from 'node:path';
import type { JsonSchema } from '../../contract';
import { pythonResources, systemPython } from '../../host/paths';
import { runPythonFilter } from '../../host/run-python';
import { toolEnvironment } from '../skill-env';

export interface AstAction {
  name: string;
  line: number;
  /** How the script dispatches to it. */
  how: 'comparison' | 'match' | 'dict' | 'list';
  handler?: string;
  description?: string;
  params: Record<string, JsonSchema>;
}

export type AstScan =
  | {
      ok: true;
      actions: AstAction[];
      /** Any dispatch on the action at all (comparisons, match, a dispatch dict, an actions list). */
      dispatch: boolean;
      /** The script reads an `action` key (`.get("action")`, `["action"]`). */
      readsAction: boolean;
      readsStdin: boolean;
      docstring: string;
      /** Actions the module docstring documents (an "Actions:" list, or `"action": "a|b"`). */
      docActions: { name: string; description?: string }[];
      python: string;
    }
  | { ok: false; error: { line: number; message: string } };

const SCRIPT = 'action_scan.py';
const DEFAULT_TIMEOUT_MS = 15_000;

interface RawAction {
  name: string;
  line: number;
  how: AstAction['how'];
  handler: string | null;
  description: string | null;
  params: Record<string, JsonSchema>;
}

interface RawScan {
  ok: boolean;
  actions?: RawAction[];
  dispatch?: boolean;
  reads_action?: boolean;
  reads_stdin?: boolean;
  docstring?: string;
  doc_actions?: { name: string; description: string | null }[];
  python?: string;
  error?: { line: number; message: string };
}

/**
 * Each file's scan, by the path given; null when Python could not be run at all (the caller falls back
 * to reading the text). A file that does not parse comes back `ok: false` with Python's line and words.
 */
export async function astScan(files: string[], opts: { python?: string; timeoutMs?: number } = {}): Promise<Map<string, AstScan> | null> {
  if (!files.length) return new Map();
  const out = await run(opts.python ?? systemPython(), JSON.stringify({ files }), opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (out === null) return null;
  let raw: Record<string, RawScan>;
  try {
    raw = JSON.parse(out) as Record<string, RawScan>;
  } catch {
    return null;
  }
  const result = new Map<string, AstScan>();
  for (const [file, r] of Object.entries(raw)) result.set(file, fromRaw(r));
  return result;
}

function fromRaw(r: RawScan): AstScan {
  if (!r.ok) return { ok: false, error: r.error ?? { line: 1, message: 'the script could not be read' } };
  return {
    ok: true,
    actions: (r.actions ?? []).map((a) => {
      const action: AstAction = { name: a.name, line: a.line, how: a.how, params: a.params ?? {} };
      if (a.handler) action.handler = a.handler;
      if (a.description) action.description = a.description;
      return action;
    }),
    dispatch: !!r.dispatch,
    readsAction: !!r.reads_action,
    readsStdin: !!r.reads_stdin,
    docstring: r.docstring ?? '',
    docActions: (r.doc_actions ?? []).map((d) => (d.description ? { name: d.name, description: d.description } : { name: d.name })),
    python: r.python ?? '',
  };
}

function run(python: string, input: string, timeoutMs: number): Promise<string | null> {
  return runPythonFilter(python, ['-I', path.join(pythonResources(), SCRIPT)], input, timeoutMs, toolEnvironment());
}
