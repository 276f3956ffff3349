/**
 * Files a skill writes into its own folder as it starts. A host may install skills where they cannot
 * write, and every such write counts as a change of the skill's files: hot reload and the Doctor watch
 * the folder, so a skill that rewrites a file there on every start would set them off again and again.
 * The doctor looks at the folder (as the watcher sees it) before and after its one live start.
 */
import fs from 'node:fs';
import { isIgnoredPath } from '../../runtime/hot-reload';
import { skillFiles } from '../../runtime/skill-files';
import type { Findings } from './findings';

export type FolderSnapshot = Map<string, string>;

/** Size and modification time of every file the watcher would report a change of. */
export function folderSnapshot(dir: string): FolderSnapshot {
  const out: FolderSnapshot = new Map();
  for (const f of skillFiles(dir, { skip: (rel, isDir) => !isDir && isIgnoredPath(rel) })) {
    const s = fs.statSync(f.abs, { throwIfNoEntry: false });
    if (s) out.set(f.rel, `${s.mtimeMs}:${s.size}`);
  }
  return out;
}

/** One finding for each file that appeared, changed or went away between the two snapshots. */
export function reportSelfWrites(before: FolderSnapshot, after: FolderSnapshot, f: Findings): void {
  const touched = [...after.keys()].filter((rel) => before.get(rel) !== after.get(rel));
  const removed = [...before.keys()].filter((rel) => !after.has(rel));
  for (const rel of [...touched, ...removed].sort()) {
    const what = !before.has(rel) ? 'created' : !after.has(rel) ? 'deleted' : 'changed';
    f.warning(
      'WRITES_OWN_FOLDER',
      `The skill ${what} ${rel} in its own folder as it started.`,
      'Keep what the skill writes outside its folder (a data folder, or a temporary one): a host may install it read-only, and each write here counts as an edit, so hot reload restarts it again and again.',
      { file: rel },
    );
  }
}
