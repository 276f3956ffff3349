/**
 * Data confinement raced by a real skill (issue 15, item 6): the hostile skill flips a data file's name
 * between a file and a link to a file outside its folder while asking the host to read it, and replaces
 * its own data folder with a link. The host never reads or writes outside the folder on its behalf.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { it } from './cleanup-fixture';

import { answerOf, hostileWorkbench } from './hostile-helpers';
import { scaled } from './machine-factor';

describe('a skill racing its data folder', () => {
  it('reads nothing outside through data/read, in 3,000 tries of a name flipping to a link', async ({ cleanup }) => {
    const outside = path.join(cleanup.tempDir('skillbench-outside-'), 'secret.txt');
    fs.writeFileSync(outside, 'OUTSIDE: not the skill\'s to read');
    const { wb, skilldef } = await hostileWorkbench(cleanup);
    const r = await wb.callTool(skilldef, 'race', { outside, tries: 3000 }, { timeoutMs: 240_000 });
    const got = answerOf<{ tries: number; leaked: number; refused: number; inside: number; empty: number; other: number }>(r);
    console.log(`data/read race: ${JSON.stringify(got)}`);
    expect(got.leaked).toBe(0);
    expect(got.other).toBe(0);
    // The race really ran both ways: some reads found the file, some were refused as a link.
    expect(got.inside).toBeGreaterThan(0);
    expect(got.refused).toBeGreaterThan(0);
    expect(got.inside + got.refused + got.empty).toBe(3000);
  }, scaled(300_000));

  it('refuses a data folder that is itself a link, for reading and for writing', async ({ cleanup }) => {
    const outsideDir = cleanup.tempDir('skillbench-outside-');
    fs.writeFileSync(path.join(outsideDir, 'secret.txt'), 'OUTSIDE: not the skill\'s to read');
    const { wb, skilldef } = await hostileWorkbench(cleanup);
    await wb.callTool(skilldef, 'reverse', { method: 'data/write', params: { filename: 'own.txt', content: 'mine' } });
    const got = answerOf<{ read: unknown; read_error: { message: string } | null; wrote: unknown; write_error: { message: string } | null }>(
      await wb.callTool(skilldef, 'link_folder', { outside: outsideDir }),
    );
    expect(got.read).toBeNull();
    expect(got.read_error?.message).toMatch(/data folder .* is a symbolic link/);
    expect(got.wrote).toBeNull();
    expect(got.write_error?.message).toMatch(/data folder .* is a symbolic link/);
    expect(fs.readdirSync(outsideDir)).toEqual(['secret.txt']);
    // With its real folder back, the skill reads its own file again.
    const back = answerOf<{ result: { content: string } }>(await wb.callTool(skilldef, 'reverse', { method: 'data/read', params: { filename: 'own.txt' } }));
    expect(back.result.content).toBe('mine');
  });
});
