/**
 * The layers hold: no import cycle anywhere in the engine or the renderer, engine imports go only
 * downwards (contract, common, engine, host, protocols, runtime, agent, hosts (the real agent hosts), qa, authoring, workbench, server, the MCP bridge,
 * then the front ends), nothing outside `electron/` imports Electron, the renderer reaches the engine only through
 * the contract and common/, common/ names no runtime (tsconfig.common.json compiles it without Node's types or
 * the DOM; here, its imports), and each protocol is reached from outside through its index.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFiles, ROOT } from './helpers';

/** Bottom first. A file may import its own layer and those below it. */
const LAYERS: [string, RegExp][] = [
  ['contract', /^contract[-a-z]*\.ts$/],
  ['common', /^common\//],
  ['engine', /^engine\//],
  ['host', /^host\//],
  ['protocols', /^protocols\//],
  ['runtime', /^runtime\//],
  ['agent', /^agent\//],
  ['hosts', /^hosts\//],
  ['qa', /^qa\//],
  ['authoring', /^authoring\//],
  ['workbench', /^workbench\//],
  ['server', /^server\//],
  ['bridge', /^bridge\//],
  ['front ends', /^(cli|electron)\//],
];

interface Graph {
  files: string[];
  imports: Map<string, string[]>;
}

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

/** Every `import … from`, `export … from` and `import()` of each file, type-only ones included: a cycle in types is a cycle in design. */
function graphOf(dir: string): Graph {
  const files = sources(dir);
  const imports = new Map<string, string[]>();
  const spec = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const local: string[] = [];
    for (const m of text.matchAll(spec)) {
      const s = m[1] ?? m[2];
      if (!s.startsWith('.')) continue;
      const base = path.resolve(path.dirname(file), s);
      const hit = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx'), base].find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
      if (hit) local.push(hit);
    }
    imports.set(file, local);
  }
  return { files, imports };
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(g: Graph): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of g.imports.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (g.imports.get(v) ?? []).includes(v)) out.push(scc.map((f) => path.relative(ROOT, f)).sort());
    }
  };
  for (const f of g.files) if (!idx.has(f)) visit(f);
  return out;
}

function layerOf(rel: string): number {
  const i = LAYERS.findIndex(([, re]) => re.test(rel));
  if (i < 0) throw new Error(`${rel} is in no layer: add its folder to LAYERS (and to the README's layout)`);
  return i;
}

describe('the architecture', () => {
  const main = graphOf(path.join(ROOT, 'src-main'));
  const renderer = graphOf(path.join(ROOT, 'src-renderer', 'src'));

  it('has no import cycle in the engine', () => {
    expect(cycles(main)).toEqual([]);
  });

  it('has no import cycle in the renderer', () => {
    expect(cycles(renderer)).toEqual([]);
  });

  it('imports only downwards between the engine layers', () => {
    const wrong: string[] = [];
    const mainDir = path.join(ROOT, 'src-main');
    for (const [file, deps] of main.imports) {
      const from = path.relative(mainDir, file).split(path.sep).join('/');
      for (const dep of deps) {
        const to = path.relative(mainDir, dep).split(path.sep).join('/');
        if (layerOf(to) > layerOf(from)) wrong.push(`${from} (${LAYERS[layerOf(from)][0]}) imports ${to} (${LAYERS[layerOf(to)][0]})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the engine out of the renderer, but for the contract and common/', () => {
    const shared = (d: string) => /src-main\/contract[-a-z]*\.ts$/.test(d) || d.startsWith(path.join(ROOT, 'src-main', 'common') + path.sep);
    const reach = [...renderer.imports].flatMap(([f, deps]) =>
      deps
        .filter((d) => !d.startsWith(path.join(ROOT, 'src-renderer')) && !shared(d))
        .map((d) => `${path.relative(ROOT, f)} -> ${path.relative(ROOT, d)}`),
    );
    expect(reach).toEqual([]);
  });

  it('keeps common/ free of any runtime: no Node module, no package but its two', () => {
    const allowed = new Set(['zod', '@cfworker/json-schema']);
    const dir = path.join(ROOT, 'src-main', 'common');
    const bad = sources(dir).flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)]
        .map((m) => m[1])
        .filter((spec) => !spec.startsWith('.') && !allowed.has(spec))
        .map((spec) => `${path.relative(ROOT, f)} imports ${spec}`),
    );
    expect(bad).toEqual([]);
  });

  it('reaches each protocol from outside through its index.ts (its public face)', () => {
    const protocols = path.join(ROOT, 'src-main', 'protocols');
    const folderOf = (f: string) => {
      const rel = path.relative(protocols, f).split(path.sep);
      return rel.length > 1 && !rel[0].startsWith('..') ? rel[0] : null;
    };
    const wrong: string[] = [];
    for (const [file, deps] of main.imports) {
      for (const dep of deps) {
        const into = folderOf(dep);
        if (!into || folderOf(file) === into || path.basename(dep) === 'index.ts') continue;
        wrong.push(`${path.relative(ROOT, file)} -> ${path.relative(ROOT, dep)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the engine', () => {
  it('imports nothing from electron outside src-main/electron', () => {
    const offenders = allFiles(path.join(ROOT, 'src-main'))
      .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f) && !f.includes(`${path.sep}electron${path.sep}`))
      .filter((f) => /(from\s+['"]electron['"])|(require\(\s*['"]electron['"]\s*\))|(import\(\s*['"]electron['"]\s*\))/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('keeps the CLI bundle free of electron', () => {
    const bundle = fs.readFileSync(path.join(ROOT, 'out', 'cli', 'skillbench.cjs'), 'utf8');
    expect(bundle).not.toMatch(/require\(["']electron["']\)/);
  });
});
