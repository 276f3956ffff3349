/**
 * The entity graph of a SkillDefinition skill through the workbench, on real Python processes: its declared
 * `entity_schema` read from `skill/status`, its entities and relationships (`entities/upsert`,
 * `entities/upsertRelationship`, read back with `entities/getRelationships`), and a warning on the timeline
 * for each upsert that contradicts the schema (stored anyway, as the real host does).
 */
import path from 'node:path';
import { describe, expect } from 'vitest';
import { EntityStore } from '../src-main/host/entity-store';
import { Workbench } from '../src-main/workbench/workbench';
import { it, type Cleanup } from './cleanup-fixture';
import { eventually, FIXTURES } from './helpers';

const DESK = path.join(FIXTURES, 'skilldef-panels', 'orders-desk');
const ID = 'orders-desk';

function bench(cleanup: Cleanup): Workbench {
  return cleanup.add(new Workbench({ home: cleanup.tempDir(), kind: 'browser', folders: [DESK], namedFolders: true }));
}

describe('the entity graph and the declared entity schema', () => {
  it('shows the declared schema, the entities by type and their relationships; upserts that fit warn of nothing', async ({ cleanup }) => {
    const wb = bench(cleanup);
    expect((await wb.skilldef.getEntityGraph(ID)).schema).toBeNull();
    await wb.startSkill(ID);
    await wb.callTool(ID, 'place-order', { customer: 'Ada', amount: 40 });
    const g = await wb.skilldef.getEntityGraph(ID);
    expect(g.schema).toEqual({
      entityTypes: [
        { type: 'shop.customer', label: 'Customer', description: 'Someone who orders', properties: [{ name: 'name', type: 'string', description: 'Name', optional: false }, { name: 'tier', type: 'string', description: 'Loyalty tier', optional: true }] },
        { type: 'shop.order', label: 'Order', description: 'One order', properties: [{ name: 'amount', type: 'number', description: 'Amount', optional: false }] },
      ],
      relationshipTypes: [{ type: 'placed', sourceType: 'shop.customer', targetType: 'shop.order', description: 'Placed an order', cardinality: 'one_to_many' }],
    });
    expect(g.entities.map((e) => [e.type, e.id]).sort()).toEqual([['shop.customer', 'customer-ada'], ['shop.order', 'order-1']]);
    expect(g.relationships).toEqual([expect.objectContaining({ sourceId: 'customer-ada', targetId: 'order-1', type: 'placed', source: 'orders-desk' })]);
    expect((await wb.getTimeline(ID)).entries.filter((e) => e.label.startsWith('Entity schema:'))).toEqual([]);
    // The skill reads its relationships back (entities/getRelationships), either way round.
    await wb.callTool(ID, 'place-order', { customer: 'Ada', amount: 60 });
    const read = JSON.parse((await wb.callTool(ID, 'orders-of', { customer: 'Ada' })).outcome!.text!);
    expect(read).toEqual({ placed: ['order-2', 'order-1'], 'order-1 from': ['customer-ada'] });
  });

  it('an unknown type, a missing required property, a property of the wrong type, a reversed or undeclared relationship: each warns on the timeline, and is stored', async ({ cleanup }) => {
    const wb = bench(cleanup);
    await wb.callTool(ID, 'odd-entities', {});
    const warnings = await eventually(async () => {
      const w = (await wb.getTimeline(ID)).entries.filter((e) => e.label.startsWith('Entity schema:'));
      return w.length >= 5 ? w : null;
    }, 5000, 'five schema warnings');
    expect(warnings.map((w) => w.label)).toEqual([
      'Entity schema: entity type "shop.refund" is not in the skill\'s entity_schema (it declares "shop.customer", "shop.order")',
      'Entity schema: a "shop.customer" entity lacks the required property "name" (string)',
      'Entity schema: property "amount" of a "shop.order" entity is string, not number as declared',
      'Entity schema: relationship "placed" goes from a "shop.order" to a "shop.customer", the wrong way round: it is declared from "shop.customer" to "shop.order"',
      'Entity schema: relationship type "returned" is not in the skill\'s entity_schema (it declares "placed")',
    ]);
    expect(warnings.every((w) => w.outcome === 'error' && w.kind === 'note')).toBe(true);
    expect(warnings[0].data).toMatchObject({ schemaWarning: 'entities/upsert', type: 'shop.refund' });
    const g = await wb.skilldef.getEntityGraph(ID);
    expect(g.entities.map((e) => e.id).sort()).toEqual(['customer-nameless', 'order-odd', 'refund-1']);
    expect(g.relationships.map((r) => r.type).sort()).toEqual(['placed', 'returned']);
    expect((await wb.getLogs(ID)).some((l) => l.text.includes("does not fit the skill's entity_schema"))).toBe(true);
  });

  it("the store knows an entity's type by its id or its sourceId, and again once reopened, for the schema checks", async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const first = EntityStore.open(home);
    await first.upsert({ type: 'shop.customer', source: 's', id: 'c1' });
    await first.upsert({ type: 'shop.order', source: 's', sourceId: 'o-ext' });
    expect([first.typeOf('c1'), first.typeOf('o-ext'), first.typeOf('nobody')]).toEqual(['shop.customer', 'shop.order', undefined]);
    await first.flush();
    const again = EntityStore.open(home);
    expect([again.typeOf('c1'), again.typeOf('o-ext')]).toEqual(['shop.customer', 'shop.order']);
  });
});
