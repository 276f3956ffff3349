/**
 * The Chat tab against a scripted model server started by the test (tests/model-server.ts, real HTTP): a model set
 * up in Models with no model before (the tab says so and links there), a turn with a SkillDefinition skill's
 * message hooks (tests/fixtures/skilldef/full: "!x" becomes "X", "secret" becomes "[hidden]"), the streamed answer,
 * the tool-call card opened in the Tools tab and seen on the Timeline, Stop, and the workspace chat.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { modelServer } from '../tests/model-server';
import { expect, ROOT, test, type Workbench } from './fixtures';
import { openSkill, openTab, shotBothThemes } from './helpers';
import { takeShot } from './shots';
import { allowAxe, violationsInBothThemes } from './axe-check';
import { scaled } from './machine';

test('chat with a skill: a model set up in Models, the hooks, a tool call opened in Tools, the answer, Stop', async ({ openServed }, testInfo) => {
  testInfo.skip(testInfo.project.name === 'electron', 'The chat views are tested in browser mode (the same renderer).');
  test.setTimeout(scaled(90_000));
  const server = await modelServer();
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-chat-'));
  fs.cpSync(path.join(ROOT, 'tests', 'fixtures', 'skilldef', 'full'), path.join(folder, 'full'), { recursive: true });
  try {
    const { page } = await openServed({ folders: [folder], home, remove: [folder, home] });
    await allowAxe(page);
    const wb = { page, shot: (n: string) => takeShot(page, `browser-${n}`) } as Workbench;
    await openSkill(page, 'full');
    await openTab(page, 'chat');

    // No model yet: said plainly, with the way to set one up.
    await expect(page.getByTestId('chat-no-model')).toContainText('No model is set up yet');
    await wb.shot('chat-no-model');
    await page.getByTestId('chat-set-up-model').click();
    const dialog = page.getByTestId('models-dialog');
    await dialog.getByTestId('model-preset').selectOption('other');
    await dialog.getByTestId('model-base-url').fill(server.openaiBaseUrl);
    await dialog.getByTestId('model-list').click();
    await expect(dialog.getByTestId('model-list-status')).toHaveText(/2 models listed/);
    await dialog.getByTestId('model-name').fill('scripted-small');
    await dialog.getByTestId('model-label').fill('Scripted');
    await dialog.getByTestId('model-price-in').fill('1000');
    await dialog.getByTestId('model-price-out').fill('2000');
    await shotBothThemes(wb, 'chat-model-form', { keepToasts: true });
    expect(await violationsInBothThemes(page, 'the model form')).toEqual([]);
    await dialog.getByTestId('model-save').click();
    await expect(dialog.getByTestId('model-profile')).toHaveAttribute('data-in-use', 'true');
    await shotBothThemes(wb, 'chat-models', { keepToasts: true });
    await page.getByTestId('models-close').click();

    // A turn: the message through beforeMessage, a tool call, the answer through afterResponse.
    server.reply({ toolCalls: [{ name: 'echo', arguments: { text: 'a secret' } }], text: 'Let me echo it.' }, { text: 'It said a secret, word for word.' });
    await expect(page.getByTestId('chat-model')).toHaveText('Scripted');
    await page.getByTestId('chat-input').fill('!hello');
    await page.getByTestId('chat-input').press('Enter');
    const turn = page.getByTestId('chat-turn').first();
    await expect(turn).toHaveAttribute('data-state', 'ok');
    const before = turn.locator('[data-hook="beforeMessage"]');
    await expect(before.getByTestId('chat-hook-input')).toHaveText('!hello');
    await expect(before.getByTestId('chat-hook-output')).toHaveText('HELLO');
    const call = turn.getByTestId('chat-tool-call');
    await expect(call).toHaveAttribute('data-state', 'ok');
    await expect(call).toContainText('echo');
    await expect(call.getByTestId('chat-tool-result')).toContainText('a secret');
    const after = turn.locator('[data-hook="afterResponse"]');
    await expect(after.getByTestId('chat-hook-input')).toHaveText('It said a secret, word for word.');
    await expect(turn.getByTestId('chat-answer')).toHaveText('It said a [hidden], word for word.');
    await expect(turn.getByTestId('chat-turn-facts')).toHaveText(/^2 steps · 22 tokens in, 14 out · .* · \$0\.05$/);
    expect(server.chats()[0].body.messages.at(-1)).toEqual({ role: 'user', content: 'HELLO' });
    await shotBothThemes(wb, 'chat-turn');
    expect(await violationsInBothThemes(page, 'a chat turn')).toEqual([]);

    // The call is the workbench's: opened in the Tools tab with its arguments and result.
    await call.getByTestId('chat-open-in-tools').click();
    await expect(page.getByTestId('tab-tools')).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.tool-request .tool-name')).toHaveText('echo');
    await expect(page.getByTestId('tool-result')).toContainText('a secret');
    // And on the Timeline, as the model's call.
    await openTab(page, 'timeline');
    await expect(page.locator('.tl-entry', { hasText: 'echo, asked by the model' })).toBeVisible();
    await wb.shot('chat-timeline');

    // Stop while the model is slow: the turn ends as stopped, and the conversation is still there.
    await openTab(page, 'chat');
    server.reply({ text: 'too late', delayMs: 30_000 });
    await page.getByTestId('chat-input').fill('wait');
    const asked = server.chats().length;
    await page.getByTestId('chat-send').click();
    // Stopped once the model has the request, so its slow reply is the one left unanswered.
    await expect.poll(() => server.chats().length).toBe(asked + 1);
    await page.getByTestId('chat-stop').click();
    await expect(page.getByTestId('chat-turn').nth(1).getByTestId('chat-stopped')).toBeVisible();
    await expect(page.getByTestId('chat-send')).toBeVisible();
    await expect(page.getByTestId('chat-turn')).toHaveCount(2);

    // The workspace chat, from the sidebar: the running skills' tools, named <skill>__<tool>.
    await page.getByTestId('open-workspace-chat').click();
    const ws = page.getByTestId('workspace-chat');
    await expect(ws.getByTestId('workspace-chat-skill')).toBeChecked();
    server.reply({ toolCalls: [{ name: 'full__echo', arguments: { text: 'both' } }] }, { text: 'Done.' });
    await ws.getByTestId('chat-input').fill('use the workspace');
    await ws.getByTestId('chat-send').click();
    // A chat with several skills asks before each tool runs (chat-approval.spec.ts).
    await ws.getByTestId('chat-approval').getByTestId('chat-approve-once').click();
    await expect(ws.getByTestId('chat-turn')).toHaveAttribute('data-state', 'ok');
    await expect(ws.getByTestId('chat-tool-call')).toContainText('full__echo');
    expect(server.chats().at(-2)!.body.tools.map((t: { function: { name: string } }) => t.function.name)).toContain('full__echo');
    await shotBothThemes(wb, 'chat-workspace');
  } finally {
    await server.close();
  }
});
