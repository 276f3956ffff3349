/**
 * `skillbench validate` and the doctor accept what the SDK's own validator accepts: the false positives
 * the real skills of alphahumanxyz/skills met, reproduced by our fixture `skilldef-validate/slack-like`
 * (token placeholders in setup fields, a package entry `__main__.py` that imports `skill` inside main(),
 * `entity_schema` in the manifest), while a real-looking token is still caught. Also the manifest's
 * `dependencies[]` against the interpreter, an id the real host refuses, and a repository SDK older than its skill.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { runDoctor } from '../src-main/authoring/doctor';
import { isPlaceholderToken } from '../src-main/authoring/checks/secret-scan';
import { cli } from './cli-run';
import { FIXTURES } from './helpers';

const SLACK_LIKE = path.join(FIXTURES, 'skilldef-validate', 'slack-like');
const codes = (r: { findings: { code: string }[] }) => r.findings.map((f) => f.code);

describe('no false positives on what the SDK validator accepts', () => {
  it('placeholders, a package entry and entity_schema pass; only the missing dependency is a warning', async ({ cleanup }) => {
    const r = await runDoctor(SLACK_LIKE, { live: false, home: cleanup.tempDir() });
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(codes(r)).not.toContain('COMMITTED_SECRET');
    expect(codes(r)).not.toContain('NO_SKILL_EXPORT');
    expect(codes(r)).not.toContain('MANIFEST_UNKNOWN_KEY');
    const missing = r.findings.filter((f) => f.code === 'DEPENDENCY_MISSING');
    // pydantic is installed where these tests run (the bundled SDK's tests need it too); the made-up one is not.
    expect(missing.map((f) => f.message)).toEqual([expect.stringContaining('"skillbench-no-such-package>=1.0"')]);
    expect(missing[0].fix).toMatch(/^Prepare the environment .* env .*slack-like\): it makes a \.venv where the skill runs and installs what manifest\.json lists\. Or install it yourself: .* -m pip install "skillbench-no-such-package>=1\.0", or set SKILLBENCH_PYTHON=/s);
    expect(missing[0].severity).toBe('warning');
  });

  it('a token that is not a placeholder is still a committed secret', async ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'slack-like');
    fs.cpSync(SLACK_LIKE, dir, { recursive: true });
    // Made here, never committed: a GitHub-shaped token with a random-looking body.
    const token = `ghp_${'a1B2c3D4e5F6g7H8i9J0'.repeat(2)}`;
    fs.appendFileSync(path.join(dir, 'setup.py'), `\nDEFAULT = "${token}"\n`);
    const r = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    expect(r.findings.find((f) => f.code === 'COMMITTED_SECRET')?.message).toMatch(/a GitHub token \(ghp_/);
  });

  it('tells placeholders from tokens', () => {
    for (const p of ['xoxb-xxxxxxxxxxxxxxxxxxxx', 'ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', 'sk-your-key-here-000000000000', 'xoxp-0000000000-0000000000']) expect(isPlaceholderToken(p), p).toBe(true);
    for (const t of ['xoxb-1234567890-abcdefGHIJ', `ghp_${'a1B2c3D4e5F6g7H8i9J0'.repeat(2)}`]) expect(isPlaceholderToken(t), t).toBe(false);
  });

  it('a package entry whose skill.py does not define `skill` is still told', async ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'slack-like');
    fs.cpSync(SLACK_LIKE, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'skill.py'), 'SKILL = None\n');
    const r = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    expect(r.findings.find((f) => f.code === 'NO_SKILL_EXPORT')?.message).toBe('skill.py does not seem to define `skill` at the top level.');
  });

  it('an id with "_" is a note that the real host refuses it', async ({ cleanup }) => {
    const dir = path.join(cleanup.tempDir(), 'slack_like');
    fs.cpSync(SLACK_LIKE, dir, { recursive: true });
    const m = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ ...m, id: 'slack_like' }, null, 2));
    const r = await runDoctor(dir, { live: false, home: cleanup.tempDir() });
    const f = r.findings.find((x) => x.code === 'ID_UNDERSCORE');
    expect(f?.severity).toBe('info');
    expect(f?.fix).toContain('"slack-like"');
  });
});

describe('a repository whose SDK is older than its skill', () => {
  it('is a warning with the way out, not a failed start', async ({ cleanup }) => {
    const repo = cleanup.tempDir('skillbench-repo-');
    fs.cpSync(path.join(FIXTURES, 'skilldef-repo'), repo, { recursive: true });
    const skill = path.join(repo, 'skills', 'newer');
    fs.mkdirSync(skill);
    fs.writeFileSync(path.join(skill, '__init__.py'), '');
    fs.writeFileSync(path.join(skill, 'skill.py'), 'skill = None\n');
    fs.writeFileSync(path.join(skill, '__main__.py'), 'from dev.runtime.server import run_skill_server_from_the_future\nfrom .skill import skill\n');
    fs.writeFileSync(path.join(skill, 'manifest.json'), JSON.stringify({ id: 'newer', name: 'Newer', version: '1.0.0', description: 'Newer than its SDK.', runtime: 'python', entry: '__main__.py' }));
    const r = await runDoctor(skill, { home: cleanup.tempDir(), timeoutMs: 20_000 });
    expect(codes(r)).not.toContain('LIVE_START_FAILED');
    expect(r.findings.find((f) => f.code === 'REPO_SDK_BEHIND')?.message).toMatch(/imports run_skill_server_from_the_future from dev\.runtime\.server, which its repository's own SDK/);
  });
});

describe('skillbench validate', () => {
  it('runs the static checks only, and exits 0 where the SDK validator would pass', async ({ cleanup }) => {
    const r = await cli(['validate', SLACK_LIKE], { home: cleanup.tempDir() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Not started (static checks only)');
    expect(r.stdout).not.toContain('COMMITTED_SECRET');
  });
});
