/**
 * What an MCP server asks the user, in the app, against the real server-everything: an elicitation as a
 * setup-wizard form (plain words, defaults applied; Accept, Decline), a sampling request shown in full and
 * answered by hand, then with the app's model (its draft edited and sent, and "always" from then on, against the
 * scripted model server), and a waiting request still shown in a window opened after it arrived.
 */
import fs from 'node:fs';
import path from 'node:path';
import { modelServer } from '../tests/model-server';
import { expect, openServer, openTab, openTool, test } from './mcp-fixture';
import { atSmallSize } from './helpers';
import { scaled } from './machine';

test('elicitation: a form from the requested schema, defaults applied; Accept sends the answers, Decline says no', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  await openTool(page, 'trigger-elicitation-request');
  await page.getByTestId('run-tool').click();

  const ask = page.getByTestId('mcp-request');
  await expect(ask).toHaveAttribute('data-kind', 'elicitation');
  const form = ask.getByTestId('elicitation-form');
  await expect(form.getByTestId('elicitation-message')).toHaveText('Please provide inputs for the following fields:');
  // Plain words: the schema's titles and descriptions; its defaults already filled in.
  await expect(form.getByLabel(/^String with default/)).toHaveValue('It was a dark and stormy night.');
  await expect(form.getByLabel(/^Integer/)).toHaveValue('42');
  await expect(form.getByLabel(/^Untitled Single Select Enum/)).toHaveValue('Monica');
  await expect(form.getByLabel(/^Titled Single Select Enum/).locator('option:checked')).toHaveText('Superman');
  await expect(form.getByLabel(/^Legacy Titled Single Select Enum/).locator('option:checked')).toHaveText('Cats');
  await expect(form.getByRole('checkbox', { name: 'Guitar' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Tuna' })).toBeChecked();
  await expect(form).toContainText('Your full, legal name');
  await mcp.shot('mcp-elicitation');
  // In a small window the long form scrolls under its answers: Accept and Decline stay in view at its top and end.
  await atSmallSize(page, async () => {
    const body = page.locator('.dialog-body').filter({ has: form });
    expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    for (const end of [0, 1e6]) {
      await body.evaluate((el, top) => el.scrollTo({ top }), end);
      await expect(form.getByTestId('elicitation-accept')).toBeInViewport({ ratio: 1 });
      await expect(form.getByTestId('elicitation-decline')).toBeInViewport({ ratio: 1 });
    }
  });

  // The one required field, missing: said next to it, nothing sent.
  await form.getByTestId('elicitation-accept').click();
  await expect(form.getByText('Please fill this in.')).toBeVisible();
  await form.getByLabel(/^String(?! with)/).fill('Ada Lovelace');
  await form.getByLabel(/^String with email format/).fill('ada@example.com');
  await form.getByTestId('elicitation-accept').click();
  await expect(ask).toBeHidden();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('Name: Ada Lovelace');
  await expect(result).toContainText('Email: ada@example.com');
  await expect(result).toContainText('Favorite Integer: 42');

  await page.getByTestId('run-tool').click();
  await page.getByTestId('mcp-request').getByTestId('elicitation-decline').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('User declined');

  await page.getByTestId('run-tool').click();
  await page.getByTestId('mcp-request').getByTestId('elicitation-cancel').click();
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('User cancelled');
});

test('sampling: the request in full, answered by hand, then with the model (a draft edited, then always)', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  const request = await openTool(page, 'trigger-sampling-request');
  await request.getByLabel(/prompt/i).first().fill('Name a colour');
  await page.getByTestId('run-tool').click();

  const ask = page.getByTestId('mcp-request');
  await expect(ask).toHaveAttribute('data-kind', 'sampling');
  const form = ask.getByTestId('sampling-form');
  await expect(form.getByTestId('sampling-message').first()).toContainText('Name a colour');
  await expect(form).toContainText('Longest answer');
  await form.locator('summary', { hasText: 'The whole request' }).click();
  await expect(form.getByRole('tree', { name: 'Sampling request' })).toContainText('maxTokens');
  await mcp.shot('mcp-sampling');
  await expect(form.getByTestId('sampling-send')).toBeDisabled();
  // No model configured yet: the model's button says why it cannot be used.
  await expect(form.getByTestId('sampling-ask-model')).toBeDisabled();
  await form.getByTestId('sampling-answer').fill('Ultramarine');
  await form.getByTestId('sampling-send').click();
  await expect(ask).toBeHidden();
  const result = page.getByTestId('tool-result');
  await expect(result).toHaveAttribute('data-ok', 'true');
  await expect(result).toContainText('Ultramarine');

  // A model configured (as the app's settings write it): the next request is answered with its draft, edited.
  const model = await modelServer();
  try {
    fs.writeFileSync(path.join(mcp.home, 'models.json'), JSON.stringify({ profiles: [{ id: 'local', provider: 'openai', model: 'local-model', baseUrl: model.openaiBaseUrl }] }));
    model.reply({ text: 'Cerulean', usage: { input: 24, output: 2 } }, { text: 'Vermilion' });
    await request.getByLabel(/prompt/i).first().fill('Name another colour');
    await page.getByTestId('run-tool').click();
    const drafted = page.getByTestId('mcp-request').getByTestId('sampling-form');
    await drafted.getByTestId('sampling-ask-model').click();
    await expect(drafted.getByTestId('sampling-answer')).toHaveValue('Cerulean');
    await expect(drafted.getByTestId('sampling-draft-note')).toContainText('Drafted by local-model');
    await mcp.shot('mcp-sampling-draft');
    await drafted.getByTestId('sampling-answer').fill('Cerulean blue');
    await drafted.getByTestId('sampling-always').check();
    await drafted.getByTestId('sampling-send').click();
    await expect(ask).toBeHidden();
    await expect(result).toContainText('Cerulean blue');
    await expect(result).toContainText('local-model');
    expect(JSON.stringify(model.chats()[0].body.messages)).toContain('Name another colour');

    // "Always" from now on: the model's answer is sent at once, no dialog; the exchange is in Messages.
    await request.getByLabel(/prompt/i).first().fill('And a third');
    await page.getByTestId('run-tool').click();
    await expect(result).toContainText('Vermilion');
    await expect(page.getByTestId('mcp-requests-chip')).toHaveCount(0);
    await openTab(page, 'messages');
    await expect(page.getByTestId('message-row').filter({ hasText: 'sampling/createMessage' }).first()).toBeVisible();
    await openTab(page, 'server');
    await expect(page.getByTestId('sampling-mode-always')).toBeChecked();
    await page.getByTestId('sampling-mode-ask').check();
    await expect(page.getByTestId('sampling-mode-ask')).toBeChecked();
  } finally {
    await model.close();
  }
});

test('a waiting request is shown in a window opened after it came, and can be put aside and back', async ({ mcp }) => {
  test.setTimeout(scaled(90_000));
  const { page } = mcp;
  await openServer(page);
  const request = await openTool(page, 'trigger-sampling-request');
  await request.getByLabel(/prompt/i).first().fill('Anyone there?');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('mcp-request')).toHaveAttribute('data-kind', 'sampling');

  // A new window (this one reloaded) asks the workbench what waits.
  await page.reload();
  const ask = page.getByTestId('mcp-request');
  await expect(ask).toHaveAttribute('data-kind', 'sampling');

  // Answer later: a button keeps it in view, and brings it back.
  await ask.getByRole('button', { name: 'Answer later' }).click();
  await expect(ask).toBeHidden();
  const chip = page.getByTestId('mcp-requests-chip');
  await expect(chip).toContainText('everything is waiting for your answer');
  await mcp.shot('mcp-request-later');
  await chip.click();
  await ask.getByTestId('sampling-decline').click();
  await expect(ask).toBeHidden();
  await expect(chip).toBeHidden();
  // The call ended with the refusal (its record arrives in the history).
  await page.getByTestId('result-tab-history').click();
  await expect(page.getByTestId('history-row').first()).toContainText('trigger-sampling-request');
  await expect(page.getByTestId('history-row').first().getByLabel('running')).toHaveCount(0);
});
