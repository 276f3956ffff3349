/**
 * The files a SKILL.md (or a file it leads to) names by path, read from its text: Markdown links, and paths
 * under the specification's folders (`scripts/`, `references/`, `assets/`) written in prose or in commands.
 * Addresses (`https:`), anchors and absolute paths are not references to the skill's files.
 */
import path from 'node:path';

export interface NamedPath {
  /** As written (a link's target without its #fragment). */
  written: string;
  /** Resolved against the skill's folder, `/` separators; null when it leaves the folder. */
  rel: string | null;
  /** 1-based line in the text. */
  line: number;
  /** Written from a project's root (`.claude/skills/<name>/…`) rather than from the skill's folder. */
  fromProjectRoot?: boolean;
}

const FOLDERS = '(?:scripts|references|reference|assets|templates|examples)';

export function namedPaths(text: string, skillName: string): NamedPath[] {
  const out: NamedPath[] = [];
  const seen = new Set<string>();
  const lines = text.split('\n');
  const add = (written: string, line: number) => {
    const clean = written.replace(/[#?].*$/, '').replace(/[.,;:)]+$/, '');
    if (!clean || /^[a-z][a-z0-9+.-]*:/i.test(clean) || clean.startsWith('/') || clean.startsWith('~') || clean.includes('{') || clean.includes('<')) return;
    let decoded = clean;
    try {
      decoded = decodeURIComponent(clean);
    } catch {
      // as written
    }
    const marker = `/skills/${skillName}/`;
    const fromRoot = decoded.includes(marker);
    const inSkill = fromRoot ? decoded.slice(decoded.indexOf(marker) + marker.length) : decoded;
    const norm = path.posix.normalize(inSkill);
    const rel = norm.startsWith('..') ? null : norm.replace(/^\.\//, '');
    const key = `${rel}@${line}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ written: clean, rel, line, ...(fromRoot ? { fromProjectRoot: true } : {}) });
  };
  lines.forEach((l, i) => {
    for (const m of l.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g)) add(m[1], i + 1);
    for (const m of l.matchAll(new RegExp(`(?:^|[\\s\`'"(=])((?:\\.\\/)?(?:[\\w.-]+\\/)*?${FOLDERS}\\/[\\w./-]*[\\w-](?:\\.\\w+)?)`, 'g'))) {
      // A path inside a link target was seen above; here prose and commands.
      if (!/\]\(\s*$/.test(l.slice(0, m.index + 1))) add(m[1], i + 1);
    }
  });
  return out;
}
