/**
 * An MCP server's tools in the app, against the real server-everything: the form from inputSchema, the result
 * with structuredContent and its outputSchema, every kind of content block (text, image, resource links that
 * open, embedded resources), isError shown as an error, a progress bar on a running call and Cancel from the
 * Run bar, and the tool list refreshed when the server says it changed.
 */
import { expect, openServer, openTool, test } from './mcp-fixture';
import { scaled } from './machine';

test('tools: structured content with its output schema, text, image, links and embedded resources', async ({ mcp }) => {
  test.setTimeout(scaled(120_000));
  const { page } = mcp;
  await openServer(page);

  // The form made from inputSchema; the answer's text block.
  await openTool(page, 'echo');
  await page.locator('.tool-request input').first().fill('hello from the form');
  await page.getByTestId('run-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('mcp-block').filter({ hasText: 'Echo: hello from the form' })).toBeVisible();

  // structuredContent as JSON, and the outputSchema it follows.
  await openTool(page, 'get-structured-content');
  await page.locator('.tool-request select').selectOption({ index: 1 });
  await page.getByTestId('run-tool').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  const structured = result.getByTestId('mcp-structured');
  await expect(structured).toContainText('temperature');
  await result.locator('summary', { hasText: 'Output schema' }).click();
  await expect(result.getByRole('tree', { name: 'Output schema' })).toContainText('properties');

  // An image is shown as an image (a real PNG, decoded by the browser).
  await openTool(page, 'get-tiny-image');
  await page.getByTestId('run-tool').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  const img = result.getByTestId('mcp-image');
  await expect(img).toBeVisible();
  expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await mcp.shot('mcp-tool-image');

  // Resource links: Open reads the resource where it is.
  await openTool(page, 'get-resource-links');
  await page.getByTestId('run-tool').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  const links = result.getByTestId('mcp-resource-link');
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeGreaterThan(0);
  await links.first().getByRole('button', { name: /^Open / }).click();
  await expect(links.first().getByTestId('mcp-resource-contents')).toBeVisible();

  // An embedded resource shows its contents.
  await openTool(page, 'get-resource-reference');
  await page.getByTestId('run-tool').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  const embedded = result.getByTestId('mcp-block').and(page.locator('[data-type="resource"]'));
  await expect(embedded.getByTestId('mcp-resource-contents')).toContainText('demo://resource');
  await mcp.shot('mcp-tool-embedded');
});

test('tools: an error the tool reports is shown as an error', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  await openTool(page, 'get-sum');
  // Send what the schema refuses, as a user testing the server would.
  await page.getByRole('button', { name: 'JSON' }).click();
  await page.getByTestId('run-tool').click();
  await page.getByRole('button', { name: /Send anyway/ }).click().catch(() => undefined);
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result.getByTestId('mcp-result')).toHaveAttribute('data-is-error', 'true');
  await expect(result.getByText('The tool reported an error.')).toBeVisible();
  await mcp.shot('mcp-tool-error');
});

test('tools: a long call shows its progress, and Cancel in the Run bar stops it', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  const request = await openTool(page, 'trigger-long-running-operation');
  await request.getByLabel(/duration/i).fill('30');
  await request.getByLabel(/steps/i).fill('30');
  await page.getByTestId('run-tool').click();
  const progress = page.getByTestId('call-progress');
  await expect(progress).toBeVisible({ timeout: scaled(15_000) });
  await expect(progress).toHaveAttribute('data-total', '30');
  await expect(progress.locator('progress')).toHaveAttribute('max', '30');
  await mcp.shot('mcp-tool-progress');
  await page.getByTestId('cancel-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'false');
  await expect(result).toContainText('Cancelled');
  await expect(progress).toHaveCount(0);
});

test('tools: the list follows the server when it says its tools changed, without a click', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  // server-everything adds the tools that depend on the client (elicitation, sampling; roots once some are set)
  // after starting, and says so with tools/list_changed.
  await expect(page.getByTestId('tool-item').filter({ has: page.locator('.tool-item-name', { hasText: /^trigger-elicitation-request$/ }) })).toBeVisible({ timeout: scaled(20_000) });
  await expect(page.getByTestId('tool-item').filter({ has: page.locator('.tool-item-name', { hasText: /^trigger-sampling-request$/ }) })).toBeVisible();
});

test("tools: the server's hints on a tool, annotations on content, and a binary resource it makes", async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  // trigger-long-running-operation is marked read-only by server-everything.
  await openTool(page, 'trigger-long-running-operation');
  await expect(page.getByTestId('tool-hints')).toContainText('Only reads');

  // Annotated content: who it is for, and its priority.
  const request = await openTool(page, 'get-annotated-message');
  await request.locator('select').first().selectOption('error');
  await page.getByTestId('run-tool').click();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('mcp-annotations').first()).toContainText('for the user and the assistant · priority 1');

  // A gzip file made from a data: address (no network), returned embedded: binary, described with its bytes.
  const gzip = await openTool(page, 'gzip-file-as-resource');
  await gzip.locator('input').nth(1).fill('data:text/plain;base64,aGVsbG8gd29ybGQ=');
  await gzip.locator('select').first().selectOption({ label: 'resource' });
  await page.getByTestId('run-tool').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result.getByTestId('mcp-blob')).toContainText(/Binary content, \d+ bytes of application\/gzip/);
  await expect(result.locator('.mcp-hex')).toHaveText(/^1f 8b/);
});
