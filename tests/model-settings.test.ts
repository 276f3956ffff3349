import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { activeProfile, configOf, loadModelSettings, modelsFile, saveModelSettings } from '../src-main/agent/model-settings';

const homes: string[] = [];
afterEach(() => homes.splice(0).forEach((h) => fs.rmSync(h, { recursive: true, force: true })));
function home(): string {
  const h = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-models-'));
  homes.push(h);
  return h;
}

describe('model settings', () => {
  it('saves and loads profiles, and picks the active one', async () => {
    const h = home();
    expect(loadModelSettings(h)).toEqual({ profiles: [] });
    const saved = await saveModelSettings(h, {
      profiles: [
        { id: 'a', provider: 'openai', model: 'llama3', baseUrl: 'http://localhost:11434/v1' },
        { id: 'b', provider: 'anthropic', model: 'claude-x', apiKeyEnv: 'MY_KEY' },
      ],
      active: 'b',
    });
    expect(loadModelSettings(h)).toEqual(saved);
    expect(configOf(activeProfile(saved)!)).toEqual({ provider: 'anthropic', model: 'claude-x', apiKeyEnv: 'MY_KEY' });
    expect(fs.statSync(modelsFile(h)).mode & 0o777).toBe(0o600);
  });

  it('drops an active id that names no profile, and takes a lone profile as active', async () => {
    const s = await saveModelSettings(home(), { profiles: [{ id: 'x', provider: 'openai', model: 'm' }], active: 'gone' });
    expect(s.active).toBeUndefined();
    expect(activeProfile(s)?.id).toBe('x');
  });

  it('refuses a wrong profile and keeps what was saved', async () => {
    const h = home();
    await saveModelSettings(h, { profiles: [{ id: 'x', provider: 'openai', model: 'm' }] });
    await expect(saveModelSettings(h, { profiles: [{ id: 'y', provider: 'gemini' as never, model: 'm' }] })).rejects.toThrow();
    expect(loadModelSettings(h).profiles.map((p) => p.id)).toEqual(['x']);
  });

  it('moves a broken file aside and says so', () => {
    const h = home();
    fs.writeFileSync(modelsFile(h), '{"profiles": 3}');
    const said: string[] = [];
    expect(loadModelSettings(h, (m) => said.push(m))).toEqual({ profiles: [] });
    expect(said).toHaveLength(1);
    expect(fs.readdirSync(h).some((f) => f.startsWith('models.json.corrupt-'))).toBe(true);
  });
});
