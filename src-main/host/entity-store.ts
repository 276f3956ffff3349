/**
 * The workbench's entity graph, shared by all skills as the original host's was: entities and the
 * relationships between them, persisted in <home>/entities.json.
 *
 * Every change is on disk before its promise settles, so an acknowledged upsert survives a crash: it is
 * appended to <home>/entities.journal.jsonl (see append-journal.ts), which is folded into entities.json
 * now and then and on `flush`, so 10,000 upserts cost time linear in their number, not quadratic.
 * Two workbench processes writing at once: the last write wins (the files stay whole either way).
 */
import crypto from 'node:crypto';
import type { Entity } from '../contract';
import { readJsonFile } from './atomic-write';
import { AppendJournal } from './append-journal';
import { isObject } from '../common/values';
import { homeLayout, PRIVATE_DIR, PRIVATE_FILE } from './workbench-home';

export interface StoredEntity extends Entity {
  id: string;
  updatedAt: number;
}

export interface Relationship {
  sourceId: string;
  targetId: string;
  type: string;
  source: string;
  metadata?: Record<string, unknown>;
  updatedAt: number;
}

export interface EntitySearch {
  query: string;
  types?: string[];
  limit?: number;
}

export interface EntityFilter {
  /** The skill that last wrote the entity (the workbench's skill id). */
  owner?: string;
  source?: string;
  type?: string;
  limit?: number;
}

interface Row {
  entity: StoredEntity;
  owner?: string;
  seq: number;
}

export const DEFAULT_SEARCH_LIMIT = 20;

const entityKey = (e: Entity): string => JSON.stringify([e.type, e.source, e.sourceId ?? e.id]);
const relKey = (r: Omit<Relationship, 'updatedAt'>): string => JSON.stringify([r.type, r.source, r.sourceId, r.targetId]);

export class EntityStore {
  private rows = new Map<string, Row>();
  private rels = new Map<string, Relationship & { owner?: string }>();
  /** The type of each entity by its id and by its sourceId (the last written wins), for schema checks. */
  private readonly typeById = new Map<string, string>();
  private readonly typeBySourceId = new Map<string, string>();
  private seq = 0;
  private readonly journal: AppendJournal;

  constructor(
    readonly file: string,
    private readonly opts: { log?: (line: string) => void; now?: () => number } = {},
  ) {
    this.journal = new AppendJournal(file, file.replace(/\.json$/, '') + '.journal.jsonl', {
      mode: PRIVATE_FILE,
      dirMode: PRIVATE_DIR,
      render: () => this.render(),
      size: () => this.rows.size + this.rels.size,
    });
    this.load();
  }

  static open(home: string, opts: { log?: (line: string) => void } = {}): EntityStore {
    return new EntityStore(homeLayout(home).entitiesFile, opts);
  }

  /**
   * Creates or replaces the entity with the same type, source and sourceId (or id when there is no
   * sourceId). An entity with neither gets a fresh id, so each such upsert is a new entity.
   */
  async upsert(entity: Entity, owner?: string): Promise<StoredEntity> {
    if (!entity || typeof entity.type !== 'string' || !entity.type || typeof entity.source !== 'string' || !entity.source) {
      throw new TypeError('An entity needs a "type" and a "source"');
    }
    const known = entity.sourceId === undefined ? undefined : this.rows.get(entityKey(entity))?.entity.id;
    const id = entity.id ?? known ?? crypto.randomUUID();
    const key = entityKey({ ...entity, id });
    const stored: StoredEntity = { ...strip(entity), id, updatedAt: this.now() };
    // Re-inserted at the end: among equal timestamps, the later upsert counts as newer.
    this.rows.delete(key);
    this.rows.set(key, { entity: stored, owner, seq: ++this.seq });
    this.indexType(stored);
    await this.journal.append({ entity: owner === undefined ? stored : { ...stored, owner } });
    return { ...stored };
  }

  /**
   * Case-insensitive text search over title, summary and metadata values. Every word of the query must
   * appear somewhere; a title match outranks a summary match, which outranks metadata. Equal scores:
   * newest first. An empty query matches everything (filtered by `types`).
   */
  search({ query, types, limit = DEFAULT_SEARCH_LIMIT }: EntitySearch): StoredEntity[] {
    const words = String(query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const typeSet = types && types.length ? new Set(types) : null;
    const hits: { row: Row; score: number }[] = [];
    for (const row of this.rows.values()) {
      const e = row.entity;
      if (typeSet && !typeSet.has(e.type)) continue;
      const title = (e.title ?? '').toLowerCase();
      const summary = (e.summary ?? '').toLowerCase();
      const meta = Object.values(e.metadata ?? {})
        .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
        .join('\n')
        .toLowerCase();
      let score = 0;
      let all = true;
      for (const w of words) {
        const s = (title.includes(w) ? 4 : 0) + (summary.includes(w) ? 2 : 0) + (meta.includes(w) ? 1 : 0);
        if (s === 0) all = false;
        score += s;
      }
      if (!all) continue;
      if (words.length && title === words.join(' ')) score += 8;
      hits.push({ row, score });
    }
    hits.sort((a, b) => b.score - a.score || newer(a.row, b.row));
    return hits.slice(0, Math.max(0, limit)).map((h) => ({ ...h.row.entity }));
  }

  /** Entities for the UI, newest first. */
  list(filter: EntityFilter = {}): StoredEntity[] {
    const rows = [...this.rows.values()].filter(
      (r) =>
        (filter.owner === undefined || r.owner === filter.owner) &&
        (filter.source === undefined || r.entity.source === filter.source) &&
        (filter.type === undefined || r.entity.type === filter.type),
    );
    rows.sort(newer);
    return rows.slice(0, filter.limit ?? rows.length).map((r) => ({ ...r.entity }));
  }

  get size(): number {
    return this.rows.size;
  }

  /** Creates or replaces the relationship with the same type, source and ends. */
  async upsertRelationship(rel: Omit<Relationship, 'updatedAt'>, owner?: string): Promise<Relationship> {
    for (const f of ['sourceId', 'targetId', 'type', 'source'] as const) {
      if (typeof rel[f] !== 'string' || !rel[f]) throw new TypeError(`A relationship needs "${f}"`);
    }
    const stored: Relationship = { sourceId: rel.sourceId, targetId: rel.targetId, type: rel.type, source: rel.source, updatedAt: this.now() };
    if (rel.metadata !== undefined) stored.metadata = rel.metadata;
    const key = relKey(stored);
    this.rels.delete(key);
    this.rels.set(key, { ...stored, owner });
    await this.journal.append({ relationship: { ...stored, owner } });
    return { ...stored };
  }

  /** Relationships leaving ("outgoing"), reaching ("incoming") or touching ("both") an entity. */
  getRelationships(q: { entityId: string; type?: string; direction?: 'outgoing' | 'incoming' | 'both' }): Relationship[] {
    const dir = q.direction ?? 'outgoing';
    const out: Relationship[] = [];
    for (const { owner: _owner, ...r } of this.rels.values()) {
      const ends = (dir !== 'incoming' && r.sourceId === q.entityId) || (dir !== 'outgoing' && r.targetId === q.entityId);
      if (ends && (q.type === undefined || r.type === q.type)) out.push(r);
    }
    return out.reverse();
  }

  /** Relationships for the UI (those one skill wrote, with `owner`), newest first. */
  listRelationships(filter: { owner?: string } = {}): Relationship[] {
    const out: Relationship[] = [];
    for (const { owner, ...r } of this.rels.values()) if (filter.owner === undefined || owner === filter.owner) out.push(r);
    return out.reverse();
  }

  /** The type of the entity with this id (or, failing that, this sourceId); undefined when there is none. */
  typeOf(id: string): string | undefined {
    return this.typeById.get(id) ?? this.typeBySourceId.get(id);
  }

  private indexType(e: Entity): void {
    if (e.id !== undefined) this.typeById.set(e.id, e.type);
    if (e.sourceId !== undefined) this.typeBySourceId.set(e.sourceId, e.type);
  }

  /** Waits for writes still running and folds the journal into entities.json. */
  flush(): Promise<void> {
    return this.journal.flush();
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private render(): string {
    const entities = [...this.rows.values()].map((r) => (r.owner === undefined ? r.entity : { ...r.entity, owner: r.owner }));
    return JSON.stringify({ version: 1, entities, relationships: [...this.rels.values()] }, null, 1) + '\n';
  }

  private load(): void {
    const doc = readJsonFile<{ entities?: unknown[]; relationships?: unknown[] }>(this.file, {}, {
      check: (v) =>
        isObject(v) && Array.isArray(v.entities ?? []) && Array.isArray(v.relationships ?? [])
          ? null
          : 'it does not have the shape {"entities":[...],"relationships":[...]}',
      onCorrupt: (err) => this.opts.log?.(`Entities: ${err.message}`),
    });
    let skipped = 0;
    for (const raw of doc.entities ?? []) if (!this.loadEntity(raw)) skipped++;
    for (const raw of doc.relationships ?? []) if (!this.loadRelationship(raw)) skipped++;
    const journal = this.journal.read();
    skipped += journal.skipped;
    for (const rec of journal.records) {
      const r = rec as { entity?: unknown; relationship?: unknown };
      const ok = isObject(r) && ('entity' in r ? this.loadEntity(r.entity, true) : this.loadRelationship(r.relationship, true));
      if (!ok) skipped++;
    }
    if (skipped) this.opts.log?.(`Entities: ${skipped} malformed record(s) in ${this.file} were ignored.`);
  }

  /** One stored entity; a replayed one replaces the row with its key and counts as the newest. */
  private loadEntity(raw: unknown, replay = false): boolean {
    const r = raw as StoredEntity & { owner?: string };
    if (!isObject(r) || typeof r.type !== 'string' || typeof r.source !== 'string' || typeof r.id !== 'string') return false;
    const { owner, ...entity } = r;
    const key = entityKey(entity);
    if (replay) this.rows.delete(key);
    this.rows.set(key, { entity: { ...entity, updatedAt: Number(entity.updatedAt) || 0 }, owner, seq: ++this.seq });
    this.indexType(entity);
    return true;
  }

  private loadRelationship(raw: unknown, replay = false): boolean {
    const r = raw as Relationship & { owner?: string };
    if (!isObject(r) || typeof r.sourceId !== 'string' || typeof r.targetId !== 'string') return false;
    const key = relKey(r);
    if (replay) this.rels.delete(key);
    this.rels.set(key, r);
    return true;
  }
}

function newer(a: Row, b: Row): number {
  return b.entity.updatedAt - a.entity.updatedAt || b.seq - a.seq;
}

/** Only the Entity fields, so stray params (jsonrpc leftovers, an "owner") are not stored. */
function strip(e: Entity): Entity {
  const out: Entity = { type: e.type, source: e.source };
  if (e.sourceId !== undefined) out.sourceId = e.sourceId;
  if (typeof e.title === 'string') out.title = e.title;
  if (typeof e.summary === 'string') out.summary = e.summary;
  if (isObject(e.metadata)) out.metadata = e.metadata;
  return out;
}
