/**
 * Skills an agent could confuse, across the workspace's folders and the user's own skills folders
 * (`~/.claude/skills`, `~/.agents/skills` and the others agents read; the home folder is given, so tests use
 * their own): the same name (and which one each agent keeps, by its precedence rules in dialects.ts), and
 * descriptions close enough that a model choosing by description may take one for the other.
 *
 * Closeness: the content words of the two descriptions (lower case, common words and the words every skill
 * description uses left out, plurals made singular) compared as sets, |A∩B| / √(|A|·|B|) (the cosine of the two
 * sets). At DESCRIPTION_THRESHOLD and above a pair is reported, with the words they share.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SkillCollision, SkillPlace, SkillRef } from '../../contract';
import { DIALECTS, type Dialect } from './dialects';
import { detectAgentSkillDir, isSkillsRoot } from './detect';
import { contentWords } from '../../common/content-words';

export { contentWords };

export const DESCRIPTION_THRESHOLD = 0.3;

/** The Agent Skills found in a workspace folder (its discovery's refs), as places of scope project. */
export function projectPlaces(refs: Pick<SkillRef, 'name' | 'dir' | 'protocol' | 'description'>[], root: string): SkillPlace[] {
  return refs
    .filter((r) => r.protocol === 'agent-skill')
    .map((ref) => {
      const parent = path.dirname(ref.dir);
      const rel = path.relative(root, parent).split(path.sep).join('/');
      // A skills folder keeps its own name (`.claude/skills`) even when it is the folder opened.
      const label = isSkillsRoot(parent) && (!rel || rel.startsWith('..')) ? `${path.basename(path.dirname(parent))}/skills` : rel || '.';
      return { name: ref.name, ...(ref.description ? { description: ref.description } : {}), dir: ref.dir, scope: 'project' as const, root: label };
    });
}

/** The skills in the user's own skills folders under `home` (every folder an agent of DIALECTS reads there). */
export function userPlaces(home: string): SkillPlace[] {
  const out: SkillPlace[] = [];
  for (const r of [...new Set(DIALECTS.flatMap((d) => d.roots.user))]) {
    const dir = path.join(home, r);
    let names: string[];
    try {
      names = fs.readdirSync(dir).sort();
    } catch {
      continue;
    }
    for (const n of names) {
      for (const ref of detectAgentSkillDir(path.join(dir, n), dir)) out.push({ name: ref.name, ...(ref.description ? { description: ref.description } : {}), dir: ref.dir, scope: 'user', root: `~/${r}` });
    }
  }
  return out;
}

/** Places given twice (a user's folder opened as a workspace folder too) counted once. */
export function uniquePlaces(places: SkillPlace[]): SkillPlace[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    const key = path.resolve(p.dir);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function collisions(places: SkillPlace[], opts: { threshold?: number; dialects?: Dialect[] } = {}): SkillCollision[] {
  const out: SkillCollision[] = [];
  places = uniquePlaces(places);
  const byName = new Map<string, SkillPlace[]>();
  for (const p of places) byName.set(p.name, [...(byName.get(p.name) ?? []), p]);
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    out.push({ kind: 'name', skills: group, picks: picks(group, opts.dialects ?? DIALECTS) });
  }
  const threshold = opts.threshold ?? DESCRIPTION_THRESHOLD;
  const words = places.map((p) => contentWords(p.description ?? ''));
  for (let i = 0; i < places.length; i++) {
    for (let j = i + 1; j < places.length; j++) {
      if (places[i].name === places[j].name) continue;
      const { score, overlap } = similarity(words[i], words[j]);
      if (score >= threshold) out.push({ kind: 'description', skills: [places[i], places[j]], score: Math.round(score * 100) / 100, overlap });
    }
  }
  return out.sort((a, b) => (a.kind === b.kind ? (b.score ?? 1) - (a.score ?? 1) : a.kind === 'name' ? -1 : 1));
}

export function similarity(a: Set<string>, b: Set<string>): { score: number; overlap: string[] } {
  if (!a.size || !b.size) return { score: 0, overlap: [] };
  const overlap = [...a].filter((w) => b.has(w)).sort();
  return { score: overlap.length / Math.sqrt(a.size * b.size), overlap };
}

/** Which skill of a same-named group each agent keeps: the one it can see, by its precedence where it sees several. */
function picks(group: SkillPlace[], dialects: Dialect[]): NonNullable<SkillCollision['picks']> {
  const out: NonNullable<SkillCollision['picks']> = [];
  for (const d of dialects) {
    if (!d.roots.project.length && !d.roots.user.length) continue;
    const seen = group.filter((p) => (p.scope === 'project' ? d.roots.project.some((r) => p.root === r || p.root.endsWith(`/${r}`)) : d.roots.user.some((r) => p.root === `~/${r}`)));
    const where = (p: SkillPlace) => `${p.scope === 'user' ? p.root : p.root === '.' ? 'the opened folder' : p.root}/${path.basename(p.dir)}`;
    if (!seen.length) out.push({ agent: d.id, label: d.label, picked: null, why: `${d.label} reads none of these folders.` });
    else if (seen.length === 1) out.push({ agent: d.id, label: d.label, picked: seen[0].dir, why: `It reads only ${where(seen[0])} of these.` });
    else {
      const scopes = new Set(seen.map((p) => p.scope));
      const winners = d.wins && scopes.size > 1 ? seen.filter((p) => p.scope === d.wins) : seen;
      if (winners.length === 1) out.push({ agent: d.id, label: d.label, picked: winners[0].dir, why: `${d.wins === 'user' ? 'User' : 'Project'} skills win over ${d.wins === 'user' ? 'project' : 'user'} skills: ${where(winners[0])}.` });
      else if (!d.wins && scopes.size > 1) out.push({ agent: d.id, label: d.label, picked: null, why: `It sees ${seen.map(where).join(' and ')}; which one it keeps is not documented.` });
      else out.push({ agent: d.id, label: d.label, picked: null, why: `It sees ${winners.map(where).join(' and ')} in the same scope; which one it keeps depends on the order it reads them in.` });
    }
  }
  return out;
}
