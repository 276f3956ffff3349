/**
 * Where a skill's collections are: its own `.skillbench/collections/<name>/` folders, plus collections
 * saved from the app into folders the user chose (remembered per skill in the workbench's home, since
 * nothing in the skill's folder points at them). Only these folders are ever read or written on behalf
 * of the renderer: a path it sends must be one of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { CollectionDetails } from '../contract';
import { z } from '../common/shape';
import { writeFileAtomicSync } from '../host/atomic-write';
import type { SecretStore } from '../host/secret-store';
import { PRIVATE, PRIVATE_DIR, skillFolder } from '../host/workbench-home';
import { COLLECTION_FILE, listCollections, loadCollection, secretStatus } from '../qa/collections';

const PLACES_FILE = 'collection-folders.json';
/** The remembered folders: a file edited by hand keeps what is still usable (full paths), the rest is left out. */
const placesFile = z.object({
  folders: z
    .array(z.unknown())
    .catch([])
    .transform((list) => list.filter((f): f is string => typeof f === 'string' && path.isAbsolute(f))),
});

export interface CollectionPlace {
  dir: string;
  place: CollectionDetails['place'];
}

/** The collection folders of a skill, those in its folder first, each once. */
export function collectionPlaces(home: string, skillId: string, skillDir: string): CollectionPlace[] {
  const out: CollectionPlace[] = listCollections(skillDir).map((c) => ({ dir: c.dir, place: 'skill' }));
  for (const dir of rememberedFolders(home, skillId)) {
    if (!out.some((p) => p.dir === dir) && fs.existsSync(path.join(dir, COLLECTION_FILE))) out.push({ dir, place: 'folder' });
  }
  return out;
}

/** Remembers a collection saved outside the skill's folder. */
export function rememberFolder(home: string, skillId: string, dir: string): void {
  const list = rememberedFolders(home, skillId);
  if (list.includes(dir)) return;
  const file = path.join(skillFolder(home, skillId), PLACES_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
  writeFileAtomicSync(file, JSON.stringify({ folders: [...list, dir] }, null, 2) + '\n', PRIVATE);
}

function rememberedFolders(home: string, skillId: string): string[] {
  try {
    const raw = placesFile.safeParse(JSON.parse(fs.readFileSync(path.join(skillFolder(home, skillId), PLACES_FILE), 'utf8')));
    return raw.success ? raw.data.folders : [];
  } catch {
    return [];
  }
}

/** A collection as the app shows it; a broken one is described rather than hidden, so it can be fixed. */
export function collectionDetails(secrets: SecretStore, p: CollectionPlace): CollectionDetails {
  try {
    const c = loadCollection(p.dir);
    return {
      name: c.name,
      dir: c.dir,
      place: p.place,
      requests: c.requests.map((r) => ({ ...r, file: path.basename(r.file) })),
      environments: c.environments,
      secrets: c.secrets,
      secretsSet: secretStatus(secrets, c.dir),
    };
  } catch (err) {
    return { name: path.basename(p.dir), dir: p.dir, place: p.place, requests: [], environments: {}, secrets: [], secretsSet: {}, error: (err as Error).message };
  }
}

/**
 * The real path of a folder the renderer named, or a plain-words error: it must be absolute, exist and be
 * a folder. (Relative paths would resolve against wherever the workbench happens to run.)
 */
export function existingFolder(p: unknown, what: string): string {
  if (typeof p !== 'string' || !p.trim()) throw new Error(`Say which folder ${what}.`);
  if (!path.isAbsolute(p)) throw new Error(`${p} is not a full path: give the whole path of the folder ${what}, starting with ${path.sep === '/' ? '/' : 'a drive letter'}.`);
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) throw new Error(`There is no folder at ${p}.`);
  if (!stat.isDirectory()) throw new Error(`${p} is a file, not a folder.`);
  return fs.realpathSync(p);
}

/** True when `child` is `parent` or inside it (both real paths). */
export function isWithin(parent: string, child: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
