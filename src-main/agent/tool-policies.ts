/**
 * The tool policies the user keeps: "always allow" and "never" for one tool of one skill, in
 * `<home>/tool-policies.json` (written whole to a temporary file and renamed, so a crash leaves the old file or the
 * new one, never half of one). A skill is named by its workbench id and its folder together: a skill of the same
 * name in another folder is another skill. Read afresh at each use, so the app and a `skillbench` process agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { KeptToolPolicy, ToolPolicyRef } from '../contract';
import { readJsonFile, writeFileAtomicSync } from '../host/atomic-write';

const FILE = 'tool-policies.json';
/** Kept policies past this many drop the oldest: the file stays small whatever a long life adds to it. */
export const MAX_KEPT_POLICIES = 1000;

export function toolPoliciesFile(home: string): string {
  return path.join(home, FILE);
}

const sameTool = (a: ToolPolicyRef, b: ToolPolicyRef) => a.skillId === b.skillId && a.dir === b.dir && a.tool === b.tool;

function isKept(v: unknown): v is KeptToolPolicy {
  const p = v as KeptToolPolicy;
  return !!p && typeof p.skillId === 'string' && typeof p.dir === 'string' && typeof p.tool === 'string' && (p.policy === 'always' || p.policy === 'never');
}

/** The kept policies, oldest first (a file that is not ours is moved aside and reported, and none are kept). */
export function readToolPolicies(home: string, onProblem?: (problem: string) => void): KeptToolPolicy[] {
  const all = readJsonFile<{ policies: unknown[] }>(toolPoliciesFile(home), { policies: [] }, {
    check: (v) => (v && typeof v === 'object' && Array.isArray((v as { policies?: unknown }).policies) ? null : 'no list of policies'),
    onCorrupt: (e) => onProblem?.(e.message),
  });
  return all.policies.filter(isKept);
}

function write(home: string, policies: KeptToolPolicy[]): void {
  fs.mkdirSync(home, { recursive: true });
  writeFileAtomicSync(toolPoliciesFile(home), `${JSON.stringify({ policies: policies.slice(-MAX_KEPT_POLICIES) }, null, 2)}\n`);
}

/** The policy kept for one tool, if any. */
export function keptPolicyOf(home: string, ref: ToolPolicyRef): KeptToolPolicy | undefined {
  return readToolPolicies(home).find((p) => sameTool(p, ref));
}

/** Keeps `policy` for the tool (replacing what was kept for it). */
export function keepToolPolicy(home: string, kept: Omit<KeptToolPolicy, 'at'>): void {
  const rest = readToolPolicies(home).filter((p) => !sameTool(p, kept));
  write(home, [...rest, { ...kept, at: new Date().toISOString() }]);
}

/** Forgets the policy of one tool, or every kept one; returns what is left. */
export function resetToolPolicies(home: string, ref?: ToolPolicyRef): KeptToolPolicy[] {
  const left = ref ? readToolPolicies(home).filter((p) => !sameTool(p, ref)) : [];
  write(home, left);
  return left;
}
