/**
 * A SkillDefinition manifest's `env[]`: each name is passed from the workbench's environment or from the
 * skill's settings; the ones neither gives are told (`missingEnv`, which the app turns into a prompt, and a
 * line of `skillbench inspect`).
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { FIXTURES } from './helpers';

const SKILL = path.join(FIXTURES, 'skilldef-env', 'needs-token');

describe("the manifest's env[]", () => {
  it('names the variables nobody gave; once the settings give them (one as a secret), the skill gets them', async ({ cleanup }) => {
    const wb = cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [SKILL], namedFolders: true }));
    const id = 'needs-token';
    expect((await wb.inspectSkill(id)).missingEnv).toEqual(['SKB_WEATHER_API_KEY', 'SKB_WEATHER_REGION']);
    await wb.updateSkillSettings(id, { env: { SKB_WEATHER_REGION: 'eu-west' }, secretValues: { SKB_WEATHER_API_KEY: 'tok_1234567890abcdef' } });
    await wb.restartSkill(id);
    const info = await wb.inspectSkill(id);
    expect(info.missingEnv).toBeUndefined();
    expect((await wb.callTool(id, 'whoami', {})).outcome!.text).toBe('key: set, 20 characters; region: eu-west');
  });

  it('skillbench inspect says which are not set, and passes them from its own environment', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const before = await cli(['inspect', SKILL], { home });
    expect(before.stdout).toContain('Not set: SKB_WEATHER_API_KEY, SKB_WEATHER_REGION (its manifest asks for them;');
    const after = await cli(['call', SKILL, 'whoami'], { home, env: { SKB_WEATHER_API_KEY: 'abc', SKB_WEATHER_REGION: 'us' } });
    expect(after.stdout).toContain('key: set, 3 characters; region: us');
  });
});
