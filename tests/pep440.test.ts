/**
 * PEP 440 specifiers, PEP 508 requirements and markers, and what a skill lists, read as Python's `packaging` and
 * pip read them. The table's answers are `packaging`'s (26.2): `SpecifierSet(spec).contains(version,
 * prereleases=True)`, and by default with pre-releases excluded unless a clause names one (its `Specifier.prereleases`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { isBelow, isValidSpecifier, normaliseVersion, satisfies } from '../src-main/host/pep440';
import { evaluateMarker, markerEnv, parseRequirement } from '../src-main/host/pep508';
import { judgeRequirement, requirementSource } from '../src-main/host/python-requirements';

/** [version, specifier, contains with pre-releases allowed, contains by default]. */
const TABLE: [string, string, boolean, boolean][] = [
  ["3.8.4", ">=3.9", false, false],
  ["3.9.5", ">=3.9", true, true],
  ["3.9.0", ">=3.9.0", true, true],
  ["2.0rc1", "<2.0", false, false],
  ["2.0rc1", "<2.0rc2", true, false],
  ["1.0.post1", ">1.0", false, false],
  ["1.0.post2", ">1.0.post1", true, true],
  ["1!2.0", ">2.0", true, true],
  ["1!2.0", "<3.0", false, false],
  ["2.7.1", "~=2.7", true, true],
  ["3.0", "~=2.7", false, false],
  ["2.7.1", "~=2.7.0", true, true],
  ["2.8.0", "~=2.7.0", false, false],
  ["1!2.7.1", "~=1!2.7", true, true],
  ["2.1.3", "==2.*", true, true],
  ["3.0", "==2.*", false, false],
  ["2.1.3", "!=2.*", false, false],
  ["2", "==2.0.*", true, true],
  ["2.0rc1", "==2.0.*", true, false],
  ["1.0+local", "==1.0", true, true],
  ["1.0+local", ">=1.0", true, true],
  ["1.0+local", "==1.0+local", true, true],
  ["1.0+other", "==1.0+local", false, false],
  ["1.0", "===1.0", true, true],
  ["1.0.0", "===1.0", false, false],
  ["1.0.0", "==1.0", true, true],
  ["2.0b1", ">=1.0", true, false],
  ["2.0b1", ">=2.0b1", true, true],
  ["2.0.dev1", ">=1.0", true, false],
  ["1.5", ">1.0,<2.0", true, true],
  ["2.0", ">1.0,<2.0", false, false],
  ["1.0", ">1.0,<2.0", false, false],
  ["1.0", "!=1.0", false, false],
  ["1.0.1", "!=1.0", true, true],
  ["1.0", "<=1.0", true, true],
  ["1.0.post1", "<=1.0", false, false],
  ["1.0.post1", ">=1.0", true, true],
  ["1.0+abc", "<=1.0", true, true],
  ["1.0+abc", ">1.0", false, false],
  ["1.0+abc", "<1.0", false, false],
  ["0.9+abc", "<1.0", true, true],
  ["1.0a1", "<1.0a2", true, false],
  ["1.0.dev0", "<1.0", false, false],
  ["1.0.dev0", "<1.0.dev1", true, false],
  ["2.0.post1", ">2.0.post0", true, true],
  ["1.1.post1", ">1.0", true, true],
  ["10.0", "==10.0.*", true, true],
  ["10.0.0", "==10.*", true, true],
  ["v1.0", ">=1.0", true, true],
  ["1.0-1", ">=1.0", true, true],
  ["1.0_a1", "==1.0a1", true, true],
  ["1.10", ">1.9", true, true],
  ["2.0.0", "", true, true],
  ["2.0rc1", "", true, false],
  ["1!1.0", "==1.*", false, false],
  ["1!1.0", "==1!1.*", true, true],
  ["1.0c1", "==1.0rc1", true, true],
  ["1.0.post1", "==1.0.*", true, true],
  ["0.20.0", ">=0.20.0", true, true],
  ["1.55", ">=2.1.0", false, false],
  ["1.10.9", ">=2.0", false, false],
  ["2.7.1", ">=2.0", true, true],];

describe('PEP 440 specifiers', () => {
  it('answer as packaging does, with pre-releases allowed and by default', () => {
    const wrong = TABLE.filter(([v, s, pre, plain]) => satisfies(v, s, { prereleases: true }) !== pre || satisfies(v, s) !== plain);
    expect(wrong).toEqual([]);
  });

  it('say "cannot tell" for what packaging refuses, and compare a legacy version only with ===', () => {
    for (const bad of ['>=1.0.*', '~=1', '>1.0+local', '==1.0.dev1.*', '=>1.0', '>= 1.0 and <2', 'latest']) {
      expect(isValidSpecifier(bad), bad).toBe(false);
      expect(satisfies('1.0', bad), bad).toBeNull();
    }
    expect(satisfies('1.0.x', '>=1.0')).toBeNull();
    expect(satisfies('1.0.x', '===1.0.x')).toBe(true);
    expect(satisfies('1.0.X', '===1.0.x')).toBe(true);
    expect(satisfies('1.0', '>= 1.0 , < 2')).toBe(true);
  });

  it('normalise versions as packaging writes them', () => {
    expect(['v1.0', '1.0-1', '1.0_a1', '1.0c1', '1!2.0.DEV3', '1.0+Ubuntu-1', '01.02'].map(normaliseVersion)).toEqual([
      '1.0', '1.0.post1', '1.0a1', '1.0rc1', '1!2.0.dev3', '1.0+ubuntu.1', '1.2',
    ]);
    expect(normaliseVersion('not a version')).toBeNull();
  });

  it('tell a version under a lower bound ("too old") from one past an upper bound', () => {
    expect(isBelow('3.8.4', '>=3.9')).toBe(true);
    expect(isBelow('1.10.9', '>=2.0,<3')).toBe(true);
    expect(isBelow('2.6', '~=2.7')).toBe(true);
    expect(isBelow('1.9', '==2.*')).toBe(true);
    expect(isBelow('3.0', '~=2.7')).toBe(false);
    expect(isBelow('3.8.4', '<3.8')).toBe(false);
    expect(isBelow('3.8.5', '!=3.8.5')).toBe(false);
  });
});

describe('PEP 508 requirements and markers', () => {
  it('read a name, its extras, its specifier, a URL and a marker', () => {
    expect(parseRequirement('aiohttp>=3.9.0')).toEqual({ text: 'aiohttp>=3.9.0', name: 'aiohttp', extras: [], specifier: '>=3.9.0' });
    expect(parseRequirement(' uvicorn[standard, speedups] (>=0.20,<1) ; python_version < "3.12" ')).toEqual({
      text: 'uvicorn[standard, speedups] (>=0.20,<1) ; python_version < "3.12"', name: 'uvicorn', extras: ['standard', 'speedups'], specifier: '>=0.20,<1', marker: 'python_version < "3.12"',
    });
    expect(parseRequirement('pkg @ https://example.org/pkg-1.0.tar.gz ; sys_platform == "linux"')).toMatchObject({ name: 'pkg', url: 'https://example.org/pkg-1.0.tar.gz', marker: 'sys_platform == "linux"' });
    expect(parseRequirement('PyGithub')).toMatchObject({ name: 'PyGithub', specifier: '' });
    for (const bad of ['./local', '.', '-e .', 'https://example.org/x.whl', 'pkg>=1.0.*', 'pkg[extra', 'pkg;']) expect(parseRequirement(bad), bad).toBeNull();
  });

  it('evaluate markers for an interpreter: versions as versions, and, or, parentheses, extras; unknown stays unknown', () => {
    const env = { ...markerEnv('3.11.7', 'linux'), platform_machine: 'x86_64' };
    const cases: [string, boolean | null][] = [
      ['python_version < "3.10"', false],
      ['python_version >= "3.9"', true],
      ['python_version > "3.9"', true],
      ['python_full_version >= "3.11.7"', true],
      ['"3.12" > python_version', true],
      ['sys_platform == "win32" or python_version >= "3.8"', true],
      ['sys_platform == "linux" and (platform_machine == "x86_64" or platform_machine == "aarch64")', true],
      ['os_name != "posix"', false],
      ['platform_system == "Darwin"', false],
      ['"linux" in sys_platform', true],
      ['implementation_name not in "pypy jython"', true],
      ['extra == "speedups"', false],
      ['platform_version == "whatever"', null],
      ['sys_platform == "win32" and platform_version == "x"', false],
      ['python_version <', null],
      ['import os', null],
    ];
    expect(cases.map(([m]) => [m, evaluateMarker(m, env)])).toEqual(cases);
  });
});

describe('what a skill lists', () => {
  it('manifest first, then requirements.txt (its includes followed, paths and options left out), then pyproject.toml', ({ cleanup }) => {
    const dir = cleanup.tempDir();
    fs.writeFileSync(path.join(dir, 'pyproject.toml'), '[project]\nname = "x"\ndependencies = ["httpx>=0.27", "-e ."]\n');
    expect(requirementSource(dir)).toMatchObject({ file: 'pyproject.toml', requirements: ['httpx>=0.27'], skipped: [{ line: '-e .' }] });
    fs.writeFileSync(path.join(dir, 'base.txt'), 'pydantic>=2.0  # the models\n');
    fs.writeFileSync(
      path.join(dir, 'requirements.txt'),
      ['# what the skill needs', 'aiohttp>=3.9 \\', '  ; python_version >= "3.8"', '-r base.txt', '-r ../outside.txt', '-e .', './vendored/pkg', 'file:///tmp/x.whl', 'local @ file:///tmp/pkg', '--index-url https://example.org/simple', ''].join('\n'),
    );
    const txt = requirementSource(dir)!;
    expect(txt.file).toBe('requirements.txt');
    expect(txt.requirements).toEqual(['aiohttp>=3.9   ; python_version >= "3.8"', 'pydantic>=2.0']);
    expect(txt.skipped.map((s) => s.line)).toEqual(['-r ../outside.txt', '-e .', './vendored/pkg', 'file:///tmp/x.whl', 'local @ file:///tmp/pkg', '--index-url https://example.org/simple']);
    expect(txt.skipped[2].why).toMatch(/a path \(which would build code from the folder\)/);
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ dependencies: ['mcp>=1.0.0'] }));
    expect(requirementSource(dir)).toMatchObject({ file: 'manifest.json', requirements: ['mcp>=1.0.0'], skipped: [] });
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ dependencies: [] }));
    expect(requirementSource(dir)?.file).toBe('requirements.txt');
  });

  it('judge one requirement as pip judges an installed package', () => {
    expect(judgeRequirement('aiohttp>=3.9', '3.8.4', false, '3.11.7')).toEqual({ kind: 'version', installed: '3.8.4' });
    expect(judgeRequirement('aiohttp>=3.9', '3.9.5', false, '3.11.7')).toEqual({ kind: 'ok' });
    expect(judgeRequirement('pydantic>=2.0', '2.1.0b1', false, '3.11.7')).toEqual({ kind: 'ok' });
    expect(judgeRequirement('aiohttp>=3.9', null, false, '3.11.7')).toEqual({ kind: 'missing' });
    expect(judgeRequirement('aiohttp>=3.9', null, true, '3.11.7')).toEqual({ kind: 'ok' });
    expect(judgeRequirement('tomli>=1; python_version < "3.11"', null, false, '3.11.7')).toEqual({ kind: 'not-needed' });
    expect(judgeRequirement('tomli>=1; python_version < "3.11"', null, false, '3.10.2')).toEqual({ kind: 'missing' });
    expect(judgeRequirement('tomli>=1; python_version < "3.11"', null, false, null)).toEqual({ kind: 'unknown' });
    expect(judgeRequirement('odd>=1; platform_version == "x"', null, false, '3.11.7')).toEqual({ kind: 'unknown' });
    expect(judgeRequirement('legacy>=1.0', '1.0.x', false, '3.11.7')).toEqual({ kind: 'ok' });
  });
});
