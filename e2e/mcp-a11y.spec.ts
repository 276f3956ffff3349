/**
 * Accessibility of the MCP views (axe: no serious or critical violation, light and dark theme), with a look at
 * each at 1400x900 and at 1024x700: a tool's MCP result, resources, a template with suggestions, prompts, the
 * server view, Logs with the level picker, an elicitation, a sampling request, and adding servers.
 */
import { shotsOn } from './shots';
import { expect, openServer, openTab, openTool, test, type McpBench } from './mcp-fixture';
import { allowAxe, violationsInBothThemes } from './axe-check';
import { scaled } from './machine';

async function look(mcp: McpBench, name: string, failures: string[]): Promise<void> {
  failures.push(...(await violationsInBothThemes(mcp.page, name)));
  if (!shotsOn()) return;
  await mcp.shot(`mcp-look-${name}`);
  await mcp.page.emulateMedia({ colorScheme: 'dark' });
  await mcp.shot(`mcp-look-${name}-dark`);
  await mcp.page.emulateMedia({ colorScheme: 'light' });
}

for (const size of [{ width: 1400, height: 900 }, { width: 1024, height: 700 }]) {
  test(`the MCP views have no serious accessibility violation, light and dark, at ${size.width}x${size.height}`, async ({ mcp }) => {
    test.setTimeout(scaled(240_000));
    const { page } = mcp;
    await page.setViewportSize(size);
    await allowAxe(page);
    const failures: string[] = [];
    const tag = (n: string) => `${n}-${size.width}`;
    await openServer(page);

    await openTool(page, 'get-resource-reference');
    await page.getByTestId('run-tool').click();
    await expect(page.getByTestId('mcp-result')).toBeVisible();
    await look(mcp, tag('tool-result'), failures);

    await openTab(page, 'resources');
    await page.getByTestId('resource-item').first().click();
    await expect(page.getByTestId('resource-detail').getByTestId('mcp-resource-contents')).toBeVisible();
    await look(mcp, tag('resources'), failures);
    await page.getByTestId('template-item').first().click();
    await page.getByTestId('template-var-resourceId').fill('3');
    await expect(page.getByTestId('template-var-resourceId-suggestions').getByRole('option')).toHaveText(['3']);
    await look(mcp, tag('template'), failures);

    await openTab(page, 'prompts');
    await page.getByTestId('prompt-item').filter({ hasText: 'args-prompt' }).click();
    await page.getByTestId('prompt-arg-city').fill('Porto');
    await page.getByTestId('prompt-get').click();
    await expect(page.getByTestId('prompt-message').first()).toBeVisible();
    await look(mcp, tag('prompts'), failures);

    await openTab(page, 'server');
    await page.getByTestId('mcp-ping').click();
    await expect(page.getByTestId('ping-result')).toBeVisible();
    await look(mcp, tag('server'), failures);

    await openTab(page, 'logs');
    await expect(page.getByTestId('log-level')).toBeVisible();
    await look(mcp, tag('logs'), failures);

    await openTool(page, 'trigger-elicitation-request');
    await page.getByTestId('run-tool').click();
    await expect(page.getByTestId('elicitation-form')).toBeVisible();
    await look(mcp, tag('elicitation'), failures);
    await page.getByTestId('elicitation-decline').click();
    await expect(page.getByTestId('tool-result')).toHaveAttribute('data-ok', 'true');

    const request = await openTool(page, 'trigger-sampling-request');
    await request.getByLabel(/prompt/i).first().fill('Name a colour');
    await page.getByTestId('run-tool').click();
    await expect(page.getByTestId('sampling-form')).toBeVisible();
    await look(mcp, tag('sampling'), failures);
    await page.getByRole('button', { name: 'Answer later' }).click();
    await expect(page.getByTestId('mcp-requests-chip')).toBeVisible();
    await look(mcp, tag('request-chip'), failures);
    await page.getByTestId('mcp-requests-chip').click();
    await page.getByTestId('sampling-decline').click();

    await page.getByTestId('add-mcp-server').first().click();
    await expect(page.getByTestId('add-mcp-dialog')).toBeVisible();
    await look(mcp, tag('add'), failures);
    await page.getByTestId('add-way-import').click();
    await look(mcp, tag('import'), failures);

    if (failures.length) console.log(failures.join('\n'));
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
