/**
 * An MCP server's prompts in the app, against the real server-everything: arguments as a form, completions
 * offered as you type (with the other arguments as context), Get and the messages, a refusal in plain words.
 */
import { expect, openServer, openTab, test } from './mcp-fixture';

test('prompts: arguments as a form, Get shows the messages; a required argument must be given', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'prompts');
  const tab = page.getByTestId('prompts-tab');
  await tab.getByTestId('prompt-item').filter({ hasText: 'args-prompt' }).first().click();
  const form = page.getByTestId('prompt-form');
  await expect(form.getByTestId('prompt-arg-city')).toHaveAttribute('aria-required', 'true');
  await expect(form.getByTestId('prompt-get')).toBeDisabled();
  await form.getByTestId('prompt-arg-city').fill('Lisbon');
  await form.getByTestId('prompt-get').click();
  const messages = page.getByTestId('prompt-result').getByTestId('prompt-message');
  await expect(messages.first()).toContainText('Lisbon');
  await expect(messages.first()).toContainText('User');
  await mcp.shot('mcp-prompts');

  // A prompt without arguments.
  await tab.getByTestId('prompt-item').filter({ hasText: 'simple-prompt' }).first().click();
  await expect(page.getByTestId('prompt-form')).toContainText('This prompt takes no arguments.');
  await page.getByTestId('prompt-get').click();
  await expect(page.getByTestId('prompt-result').getByTestId('prompt-message').first()).toBeVisible();

  // A prompt whose message embeds a resource: shown with its contents.
  await tab.getByTestId('prompt-item').filter({ hasText: 'resource-prompt' }).first().click();
  await page.getByTestId('prompt-arg-resourceType').fill('Text');
  await page.getByTestId('prompt-arg-resourceId').fill('2');
  await page.getByTestId('prompt-get').click();
  await expect(page.getByTestId('prompt-result').locator('[data-type="resource"]').getByTestId('mcp-resource-contents')).toContainText('Resource 2');
});

test('prompts: completions are offered as you type, using the other arguments', async ({ mcp }) => {
  const { page } = mcp;
  await openServer(page);
  await openTab(page, 'prompts');
  await page.getByTestId('prompt-item').filter({ hasText: 'completable-prompt' }).first().click();
  const dept = page.getByTestId('prompt-arg-department');
  await dept.fill('S');
  const deptList = page.getByTestId('prompt-arg-department-suggestions');
  await expect(deptList.getByRole('option')).toHaveText(['Sales', 'Support']);
  // The keyboard picks one too.
  await dept.press('ArrowDown');
  await dept.press('Enter');
  await expect(dept).toHaveValue('Sales');

  await dept.fill('Engineering');
  const name = page.getByTestId('prompt-arg-name');
  await name.click();
  await expect(page.getByTestId('prompt-arg-name-suggestions').getByRole('option')).toHaveText(['Alice', 'Bob', 'Charlie']);
  await page.getByTestId('prompt-arg-name-suggestions').getByRole('option', { name: 'Bob' }).click();
  await expect(name).toHaveValue('Bob');
  await mcp.shot('mcp-prompt-completion');
  await page.getByTestId('prompt-get').click();
  await expect(page.getByTestId('prompt-result').getByTestId('prompt-message').first()).toContainText('Bob');
});
