/**
 * The entity store at scale, on real files: upserts cost a journal line each (not a rewrite of the whole
 * store), 10,000 of them through the host service complete, and what is on disk is whole at every point.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EntityStore } from '../src-main/host/entity-store';
import { createHostServices } from '../src-main/protocols/skilldef/host-services';
import { DataStore } from '../src-main/host/data-store';
import { SecretStore } from '../src-main/host/secret-store';
import { StateStore } from '../src-main/host/state-store';
import { homeLayout } from '../src-main/host/workbench-home';

const SKILL = 'skills/bulk';
let home: string;
beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-entities-'));
});
afterEach(() => fs.rmSync(home, { recursive: true, force: true }));

const journalOf = (file: string) => file.replace(/\.json$/, '.journal.jsonl');

function host(logs: string[] = []) {
  const log = (l: string) => void logs.push(l);
  const secrets = SecretStore.open(home, { log });
  const entities = EntityStore.open(home, { log });
  const h = createHostServices({
    skillId: SKILL,
    state: StateStore.forSkill(home, SKILL, { secrets: secrets.forSkill(SKILL), log }),
    data: DataStore.forSkill(home, SKILL, { secrets: secrets.forSkill(SKILL) }),
    entities,
    log,
    secrets: secrets.forSkill(SKILL),
    onEvent: () => undefined,
  });
  return { entities, call: (m: string, p?: unknown) => h.handle(m, p) as Promise<Record<string, unknown>> };
}

describe('entity store at scale', () => {
  it('takes 10,000 pipelined upserts through the host service; a search finds them; the file is whole after close', async () => {
    const { entities, call } = host();
    const n = 10_000;
    let next = 0;
    // 64 in flight at a time, as a skill pipelining its reverse requests does.
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (next < n) {
          const i = next++;
          await call('entities/upsert', { type: 'note', source: 'bulk', sourceId: `n${i}`, title: `Note ${i}`, summary: i % 2 ? 'odd one' : 'even one' });
        }
      }),
    );
    expect(entities.size).toBe(n);
    const found = (await call('entities/search', { query: 'note 9999' })).results as { title: string }[];
    expect(found[0].title).toBe('Note 9999');
    expect(((await call('entities/search', { query: 'odd', limit: 1000 })).results as unknown[]).length).toBe(1000);
    expect(entities.search({ query: 'odd', limit: n })).toHaveLength(n / 2);

    // Acknowledged means on disk: a store opened now, without any close, sees every one.
    const file = homeLayout(home).entitiesFile;
    expect(new EntityStore(file).size).toBe(n);

    await entities.flush();
    expect(fs.existsSync(journalOf(file))).toBe(false);
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { entities: { id: string; title: string; owner: string }[] };
    expect(doc.entities).toHaveLength(n);
    const reopened = new EntityStore(file);
    expect(reopened.list().map((e) => [e.id, e.title])).toEqual(entities.list().map((e) => [e.id, e.title]));
    expect(doc.entities.every((e) => e.owner === SKILL)).toBe(true);
  });

  it('an upsert into a large store appends one line and leaves entities.json as it was', async () => {
    const { entities, call } = host();
    await Promise.all(Array.from({ length: 3000 }, (_, i) => call('entities/upsert', { type: 'note', source: 'bulk', sourceId: `n${i}`, title: `Note ${i}` })));
    await entities.flush();
    const file = homeLayout(home).entitiesFile;
    const before = fs.readFileSync(file, 'utf8');
    await call('entities/upsert', { type: 'note', source: 'bulk', sourceId: 'n5', title: 'Renamed' });
    await call('entities/upsertRelationship', { sourceId: 'a', targetId: 'b', type: 'knows', source: 'bulk' });
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(fs.readFileSync(journalOf(file), 'utf8').trim().split('\n')).toHaveLength(2);
    if (process.platform !== 'win32') expect(fs.statSync(journalOf(file)).mode & 0o777).toBe(0o600);
    const seen = new EntityStore(file);
    expect(seen.size).toBe(3000);
    expect(seen.list({ limit: 1 })[0].title).toBe('Renamed');
    expect(seen.getRelationships({ entityId: 'a' })).toHaveLength(1);
  });

  it('a journal line cut short by a crash is skipped and compacted away; nothing acknowledged is lost', async () => {
    const file = homeLayout(home).entitiesFile;
    const first = new EntityStore(file);
    for (let i = 0; i < 5; i++) await first.upsert({ type: 'note', source: 's', sourceId: `k${i}`, title: `T${i}` });
    fs.appendFileSync(journalOf(file), '{"entity":{"type":"note","sour');
    const logs: string[] = [];
    const second = new EntityStore(file, { log: (l) => void logs.push(l) });
    expect(second.size).toBe(5);
    expect(logs.join('\n')).toMatch(/1 malformed record/);
    await second.upsert({ type: 'note', source: 's', sourceId: 'k5', title: 'T5' });
    // The torn piece is gone: the next write folded everything into a whole entities.json.
    expect(fs.existsSync(journalOf(file))).toBe(false);
    expect((JSON.parse(fs.readFileSync(file, 'utf8')) as { entities: unknown[] }).entities).toHaveLength(6);
  });
});
