/**
 * Entities: 10,000 upserts (64 in flight, as a skill pipelining its reverse calls) and a search over them,
 * through the entity store (each acknowledged upsert on disk), against a plain Map that writes its JSON
 * once at the end. Before the journal, every upsert rewrote the whole file: quadratic in the count.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../src-main/host/atomic-write';
import { EntityStore } from '../../src-main/host/entity-store';
import { bestOfPair } from './measure';
import { pipelined } from './rpc';
import { row, type Row } from './rows';

const entity = (i: number) => ({ type: 'note', source: 'bench', sourceId: `n${i}`, title: `Note ${i}`, summary: i % 2 ? 'odd one' : 'even one' });

export async function entityRows(home: string, n: number, window: number, runs: number): Promise<Row> {
  let run = 0;
  const fresh = (): string => {
    const dir = path.join(home, `entities-${run++}`);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  };
  const [base, eng] = await bestOfPair(
    runs,
    async () => {
      const map = new Map<string, ReturnType<typeof entity> & { id: string; updatedAt: number }>();
      // eslint-disable-next-line @typescript-eslint/require-await -- the baseline pays the same async call as the store it is measured against
      await pipelined(async (i) => {
        const e = entity(i);
        map.set(JSON.stringify([e.type, e.source, e.sourceId]), { ...e, id: crypto.randomUUID(), updatedAt: Date.now() });
      }, n, window);
      const hits = [...map.values()].filter((e) => e.title.toLowerCase().includes(`note ${n - 1}`));
      if (hits.length !== 1) throw new Error('baseline search missed');
      await writeFileAtomic(path.join(fresh(), 'entities.json'), JSON.stringify({ version: 1, entities: [...map.values()], relationships: [] }, null, 1));
    },
    async () => {
      const store = EntityStore.open(fresh());
      await pipelined((i) => store.upsert(entity(i)), n, window);
      if (store.search({ query: `note ${n - 1}` })[0]?.title !== `Note ${n - 1}`) throw new Error('entity search missed');
      await store.flush();
    },
  );
  return row(`entities: ${n.toLocaleString('en-US')} upserts + a search (${window} in flight)`, 'upserts/s', n / base.seconds, n / eng.seconds, 0.2, 'baseline: a Map and one JSON write at the end, no fsync per acknowledgement; ours fsyncs each batch of acknowledged upserts');
}
