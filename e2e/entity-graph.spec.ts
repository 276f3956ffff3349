/** The Data tab's entity graph: entities by type with their relationships, the declared schema, and warnings for what does not fit it. */
import path from 'node:path';
import { allowAxe, violationsInBothThemes } from './axe-check';
import { expect, ROOT, test } from './fixtures';
import { openFixtureFolder, openSkill, openTab, openTool, removeFixtureFolders, run, shotBothSizes } from './helpers';

test.afterEach(removeFixtureFolders);

test('orders-desk: the Data tab shows customers and orders with "placed" between them, the declared schema, and the Timeline warns of what contradicts it', async ({ wb }) => {
  const { page } = wb;
  await allowAxe(page);
  await openFixtureFolder(page, 'orders-desk', path.join(ROOT, 'tests', 'fixtures', 'skilldef-panels'));
  await openSkill(page, 'orders-desk');

  await openTool(page, 'place-order');
  await page.locator('#args-place-order_customer').fill('Ada');
  await page.locator('#args-place-order_amount').fill('40');
  await run(page);

  await openTab(page, 'data');
  const graph = page.getByTestId('entity-graph');
  const customers = graph.getByTestId('entity-type-shop.customer');
  await expect(customers).toContainText('Customer');
  const ada = customers.getByTestId('entity-node').filter({ hasText: 'Ada' });
  await expect(ada.getByTestId('entity-edge')).toHaveText('placed → Order 1 (shop.order)');
  const order = graph.getByTestId('entity-type-shop.order').getByTestId('entity-node');
  await expect(order.getByTestId('entity-edge')).toHaveText('placed ← from Ada (shop.customer)');
  const schema = page.getByTestId('entity-schema');
  await expect(schema).toContainText('name (string), tier (string, optional)');
  await expect(schema).toContainText('placed: shop.customer → shop.order (one to many)');
  await shotBothSizes(wb, 'entity-graph');
  expect(await violationsInBothThemes(page, 'entity graph')).toEqual([]);

  // What contradicts the schema is kept, and warned of on the Timeline.
  await openTool(page, 'odd-entities');
  await run(page);
  await openTab(page, 'timeline');
  const warnings = page.locator('.tl-entry').filter({ hasText: 'Entity schema:' });
  await expect(warnings).toHaveCount(5);
  await expect(warnings.filter({ hasText: 'entity type "shop.refund" is not in the skill\'s entity_schema' })).toHaveCount(1);
  await expect(warnings.filter({ hasText: 'the wrong way round' })).toHaveCount(1);
  await openTab(page, 'data');
  await expect(graph.getByTestId('entity-type-shop.refund')).toContainText('A refund');
});
