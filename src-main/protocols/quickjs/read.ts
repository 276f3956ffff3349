/**
 * AlphaHuman's TypeScript skills for its QuickJS runtime (alphahumanxyz/skills, `src/<id>/`): a manifest.json
 * with `"runtime": "quickjs"`, or a manifest beside an `index.ts`/`index.js` (and no Python entry) as that
 * repository lays them out. Read from their files only: the manifest, and the tool definitions
 * (`{ name: '…', description: '…', input_schema: { … } }` objects) where they are plain literals.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JsonSchema, ToolInfo } from '../../contract';
import { nonBlank } from '../../common/values';
import { isFile, readJson } from '../refs';
import { readLiteral, readString } from './js-literal';

export interface QuickJsManifest {
  id?: string;
  name?: string;
  version?: string;
  description?: string;
  /** `"quickjs"`, or absent where the layout alone said what it is. */
  runtime?: string;
  /** The entry the manifest names (its built `index.js`), else the `index.ts` or `index.js` found. */
  entry: string;
  raw: Record<string, unknown>;
}

const ENTRIES = ['index.ts', 'index.js'];
/** Keys of other manifests that also sit beside an index.js (a Claude Desktop extension's). */
const OTHER_MANIFESTS = ['dxt_version', 'manifest_version', 'server'];

export function readQuickJsManifest(dir: string): QuickJsManifest | null {
  const m = readJson(path.join(dir, 'manifest.json'));
  if (!m || typeof m !== 'object' || Array.isArray(m)) return null;
  const raw = m as Record<string, unknown>;
  const found = ENTRIES.find((e) => isFile(path.join(dir, e)));
  if (raw.runtime !== 'quickjs') {
    // Without the runtime named: the repository's layout, a manifest with an id beside index.ts, nothing Python.
    if (raw.runtime !== undefined || !found || typeof raw.id !== 'string') return null;
    if (OTHER_MANIFESTS.some((k) => k in raw) || isFile(path.join(dir, 'skill.py')) || isFile(path.join(dir, '__main__.py'))) return null;
  }
  return {
    id: nonBlank(raw.id),
    name: nonBlank(raw.name),
    version: nonBlank(raw.version),
    description: nonBlank(raw.description),
    runtime: typeof raw.runtime === 'string' ? raw.runtime : undefined,
    entry: nonBlank(raw.entry) ?? found ?? 'index.js',
    raw,
  };
}

const MAX_FILES = 300;
const MAX_FILE_BYTES = 512 * 1024;
const SKIP = new Set(['node_modules', '__tests__', 'dist', 'build', '.git']);
/** A tool definition's start: its name, then its description. */
const TOOL_START = /\bname\s*:\s*(['"`])([^'"`\n]+)\1\s*,\s*(?:\/\/[^\n]*\n\s*)*description\s*:\s*/g;
const SCHEMA_KEY = /^\s*,\s*(?:\/\/[^\n]*\n\s*)*(?:input_schema|inputSchema|parameters)\s*:\s*/;

export interface StaticTools {
  tools: ToolInfo[];
  /** Files read. */
  files: number;
  /** Tools whose input schema is not a plain literal (shown with an open schema). */
  unreadSchemas: number;
}

/** The tool definitions in the skill's .ts/.js files, each once (by name), in the order the files list them. */
export function readQuickJsTools(dir: string): StaticTools {
  const out = new Map<string, ToolInfo>();
  let files = 0;
  let unreadSchemas = 0;
  for (const file of sourceFiles(dir)) {
    files++;
    let text: string;
    try {
      if (fs.statSync(file).size > MAX_FILE_BYTES) continue;
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(TOOL_START)) {
      const name = m[2];
      // A description that is no plain string, or no schema after it: not a tool definition (or not one to read).
      const desc = readString(text, m.index + m[0].length);
      const key = desc ? SCHEMA_KEY.exec(text.slice(desc.end, desc.end + 400)) : null;
      if (!desc || !key || out.has(name)) continue;
      const schemaAt = desc.end + key[0].length;
      const schema = text[schemaAt] === '{' ? readLiteral(text, schemaAt) : null;
      if (!schema) unreadSchemas++;
      const inputSchema = (schema?.value as JsonSchema | undefined) ?? { type: 'object', properties: {} };
      out.set(name, { name, ...(desc.value ? { description: desc.value } : {}), inputSchema });
    }
  }
  return { tools: [...out.values()], files, unreadSchemas };
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    // The folder's own files first (index.ts lists the tools in the skill's order), then its folders.
    for (const e of entries) {
      if (found.length >= MAX_FILES) return;
      if (e.isFile() && /\.(?:ts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts')) found.push(path.join(folder, e.name));
    }
    if (depth >= 3) return;
    for (const e of entries) if (e.isDirectory() && !SKIP.has(e.name) && !e.name.startsWith('.')) visit(path.join(folder, e.name), depth + 1);
  };
  visit(dir, 0);
  return found;
}
