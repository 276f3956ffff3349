import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFiles, ROOT } from './helpers';

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
