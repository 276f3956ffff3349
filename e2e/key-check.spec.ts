/**
 * "Check key" in the Models form, before Save: one harmless live call (the model list) to a scripted server over real
 * HTTP, with the key typed and not saved, said in plain words: it works; it was refused (wrong or expired); it is not
 * allowed (its scope); nothing answers at the address. The key typed never comes back in what is shown.
 */
import { modelServer } from '../tests/model-server';
import { expect, test } from './fixtures';
import { shotBothSizes } from './helpers';

test('Check key says whether a typed key works before it is saved, in plain words', async ({ wb }, testInfo) => {
  testInfo.skip(testInfo.project.name === 'electron', 'The Models form is tested in browser mode (the same renderer).');
  const server = await modelServer({ keys: { 'sk-expired-0000': 401, 'sk-narrow-0000': 403 } });
  try {
    const { page } = wb;
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.getByTestId('open-models').first().click();
    const dialog = page.getByTestId('models-dialog');
    if (await dialog.getByTestId('model-add').isVisible()) await dialog.getByTestId('model-add').click();
    await dialog.getByTestId('model-preset').selectOption('other');
    await dialog.getByTestId('model-base-url').fill(server.openaiBaseUrl);
    await dialog.getByTestId('model-name').fill('scripted-small');
    const result = dialog.getByTestId('model-key-check-result');

    await dialog.getByTestId('model-key').fill('sk-good-0000');
    await dialog.getByTestId('model-key-check').click();
    await expect(result).toHaveAttribute('data-verdict', 'works');
    await expect(result).toContainText('The key works: the server at');
    await expect(result).toContainText('lists 2 models, scripted-small among them.');
    await shotBothSizes(wb, 'key-check-works');

    // Another key: the last answer goes at once, and the new one is said.
    await dialog.getByTestId('model-key').fill('sk-expired-0000');
    await expect(result).toHaveCount(0);
    await dialog.getByTestId('model-key-check').click();
    await expect(result).toHaveAttribute('data-verdict', 'refused');
    await expect(result).toContainText('The key was refused: it is wrong, revoked or expired.');
    await expect(result).not.toContainText('sk-expired-0000');
    await shotBothSizes(wb, 'key-check-refused');

    await dialog.getByTestId('model-key').fill('sk-narrow-0000');
    await dialog.getByTestId('model-key-check').click();
    await expect(result).toHaveAttribute('data-verdict', 'not-allowed');
    await expect(result).toContainText('its scope, project or organisation has no access');

    // Nothing was saved by checking: the model list was asked, nothing else.
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models', 'GET /v1/models', 'GET /v1/models']);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer sk-good-0000', 'Bearer sk-expired-0000', 'Bearer sk-narrow-0000']);
  } finally {
    await server.close();
  }
  // A closed server: nothing answers at that address.
  const { page } = wb;
  const dialog = page.getByTestId('models-dialog');
  await dialog.getByTestId('model-key-check').click();
  await expect(dialog.getByTestId('model-key-check-result')).toHaveAttribute('data-verdict', 'unreachable');
  await expect(dialog.getByTestId('model-key-check-result')).toContainText('Nothing answers at');
});
