/**
 * Agent Skills in the app, as a user meets them in a project: the skills listed with their own badge and the
 * near miss folded under "Not skills"; what an agent reads of one, layer by layer with its tokens (counted here
 * again with the same encoding), a file the body links to opened in place; a script run, the warning first and
 * only the first time, its exit code, stdout and stderr; a broken skill's validation (the reference validator's
 * verdict, the findings with their fixes, each agent's verdict, OpenHuman's skill.toml); the collisions of two
 * alike descriptions and of one name in two skills folders; and an MCP server serving the same skills
 * (`skillbench mcp`) shown in its Skills view. Each view is checked with axe in both themes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { expect, ROOT, test, type Workbench } from './fixtures';
import { openTab, shotBothThemes, skillItem } from './helpers';
import { takeShot } from './shots';
import { allowAxe, violationsInBothThemes } from './axe-check';
import { scaled } from './machine';

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'agent-skills', 'anthropic-like', 'skills');

const skillMd = (name: string, description: string, extra = '', body = `# ${name}\n\nWhat to do.\n`) => `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n${body}`;

/** A project with Agent Skills in `.claude/skills` and `.agents/skills`, a near miss, and an MCP server serving its `.claude/skills`. */
function project(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-askills-'));
  const claude = path.join(folder, '.claude', 'skills');
  const agents = path.join(folder, '.agents', 'skills');
  fs.cpSync(path.join(FIXTURES, 'pdf-forms'), path.join(claude, 'pdf-forms'), { recursive: true });
  // Its evals, in the skill-creator's shape.
  fs.mkdirSync(path.join(claude, 'pdf-forms', 'evals'), { recursive: true });
  const evals = [{ id: 1, prompt: 'fill in the form in acme.pdf' }, { id: 2, prompt: 'which fields does po-118.pdf have?' }];
  fs.writeFileSync(path.join(claude, 'pdf-forms', 'evals', 'evals.json'), JSON.stringify({ skill_name: 'pdf-forms', evals }));
  // One name in both skills folders; a description close to pdf-forms'.
  fs.cpSync(path.join(FIXTURES, 'brand-kit'), path.join(claude, 'brand-kit'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'brand-kit'), path.join(agents, 'brand-kit'), { recursive: true });
  fs.mkdirSync(path.join(agents, 'pdf-filler'), { recursive: true });
  fs.writeFileSync(path.join(agents, 'pdf-filler', 'SKILL.md'), skillMd('pdf-filler', 'Fills PDF forms: reads the fields of a PDF form file and checks them. Use it when the user mentions a .pdf form.'));
  // Broken by the specification (a name in capitals, a key it does not know), with Claude Code's `context` and OpenHuman's skill.toml.
  fs.mkdirSync(path.join(claude, 'report-builder'), { recursive: true });
  fs.writeFileSync(path.join(claude, 'report-builder', 'SKILL.md'), skillMd('Report-Builder', 'Builds weekly reports from the sales sheet.', 'version: 2\ncontext: fork\n'));
  fs.writeFileSync(
    path.join(claude, 'report-builder', 'skill.toml'),
    'id = "report-builder"\nwhen_to_use = "When a weekly report is due"\n\n[[inputs]]\nname = "week"\ndescription = "The ISO week to report on"\nrequired = true\ntype = "integer"\n\n[github]\nrequired = true\nidentity_match = "strict"\n',
  );
  // A folder in a skills folder without SKILL.md: not a skill, and the list says why.
  fs.mkdirSync(path.join(claude, 'drafts'), { recursive: true });
  fs.writeFileSync(path.join(claude, 'drafts', 'notes.md'), '# Ideas for skills\n');
  fs.writeFileSync(path.join(folder, '.mcp.json'), JSON.stringify({ mcpServers: { 'skills-server': { command: process.execPath, args: [path.join(ROOT, 'bin', 'skillbench.cjs'), 'mcp', claude] } } }));
  return folder;
}

async function openSkill(page: Page, name: string): Promise<void> {
  await skillItem(page, name).locator('[data-skill-button]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
}

async function look(wb: Workbench, name: string, failures: string[]): Promise<void> {
  failures.push(...(await violationsInBothThemes(wb.page, name)));
  await shotBothThemes(wb, `agent-skill-${name}`);
}

test('Agent Skills: what an agent reads with its tokens, a script run after its warning, validation, collisions, its evals, and the skills an MCP server serves', async ({ openServed }, testInfo) => {
  testInfo.skip(testInfo.project.name === 'electron', 'The Agent Skill views are tested in browser mode (the same renderer).');
  test.setTimeout(scaled(120_000));
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'skillbench-e2e-home-'));
  const folder = project();
  const { page } = await openServed({ folders: [folder], home, remove: [folder, home] });
  await allowAxe(page);
  const wb = { page, shot: (n: string) => takeShot(page, `browser-${n}`) } as Workbench;
  const failures: string[] = [];

  // The list: Agent Skills with their badge and their scripts; the near miss folded away, with why.
  const pdf = skillItem(page, 'pdf-forms');
  await expect(pdf).toContainText('Agent Skill');
  const notSkills = page.getByTestId('not-skills');
  await expect(notSkills).toContainText('Not skills1');
  await notSkills.getByRole('button', { name: /Not skills/ }).click();
  await expect(notSkills.getByTestId('not-skill')).toContainText('drafts');

  // What an agent reads: the three layers, each counted with o200k_base as the agent's catalog, body and files are.
  await openSkill(page, 'pdf-forms');
  await expect(page.getByTestId('tab-disclosure')).toHaveAttribute('aria-selected', 'true');
  const md = fs.readFileSync(path.join(folder, '.claude', 'skills', 'pdf-forms', 'SKILL.md'), 'utf8');
  const body = md.slice(md.indexOf('---', 3) + 4);
  const entry = await page.getByTestId('catalog-entry').textContent();
  expect(entry).toContain('<name>\npdf-forms\n</name>');
  await expect(page.getByTestId('total-catalog')).toContainText(`${countTokens(entry!)} tokens`);
  await expect(page.getByTestId('total-body')).toContainText(`${countTokens(body)} tokens`);
  await expect(page.getByTestId('tokenizer')).toContainText('o200k_base');
  await expect(page.getByTestId('skill-body').getByRole('heading', { name: 'PDF forms' })).toBeVisible();
  await look(wb, 'disclosure', failures);
  // The body's link to its forms guide opens that file's layer, read as the agent would read it next.
  await page.getByTestId('md-file-link').filter({ hasText: 'the forms guide' }).click();
  const forms = page.locator('[data-testid="file-layer"][data-path="forms.md"]');
  await expect(forms.getByRole('button').first()).toHaveAttribute('aria-expanded', 'true');
  const formsText = fs.readFileSync(path.join(folder, '.claude', 'skills', 'pdf-forms', 'forms.md'), 'utf8');
  await expect(forms.getByTestId('file-tokens')).toHaveText(`${countTokens(formsText)} tokens`);
  await expect(forms.getByTestId('file-text')).toBeVisible();
  await shotBothThemes(wb, 'agent-skill-disclosure-file');

  // A script: the warning before its first run; then its exit code, stdout and stderr; no warning the second time.
  await openTab(page, 'scripts');
  await expect(page.getByTestId('script-usage')).toContainText('Usage: check_fields.py <input.pdf>');
  await page.getByTestId('script-add-arg').click();
  await page.getByTestId('script-arg').fill('form.pdf');
  await page.getByTestId('run-tool').click();
  await expect(page.getByTestId('script-warning')).toContainText('has not been run from the workbench before');
  await expect(page.getByTestId('script-output')).toHaveCount(0);
  await look(wb, 'script-warning', failures);
  await page.getByTestId('script-run-anyway').click();
  const output = page.getByTestId('script-output');
  await expect(output).toHaveAttribute('data-exit', '0');
  await expect(output.getByTestId('script-stdout')).toHaveText('form.pdf: no fields\n');
  await expect(output.getByTestId('script-command-line')).toHaveText('$ scripts/check_fields.py form.pdf');
  await page.getByRole('button', { name: 'Remove argument 1' }).click();
  await page.getByTestId('run-tool').click();
  await expect(output).toHaveAttribute('data-exit', '1');
  await expect(page.getByTestId('script-warning')).toHaveCount(0);
  await expect(output.getByTestId('script-stderr')).toHaveText('Usage: check_fields.py <input.pdf>\n');
  await look(wb, 'script-run', failures);

  // A broken skill's validation: the reference rejects it, the findings say how to fix it, each agent's verdict, OpenHuman's file.
  await openSkill(page, 'Report-Builder');
  await openTab(page, 'validation');
  await expect(page.getByTestId('reference-verdict')).toHaveAttribute('data-valid', 'false');
  await expect(page.getByTestId('doctor-verdict')).toHaveAttribute('data-verdict', 'error');
  const nameFinding = page.getByTestId('finding').filter({ hasText: /lowercase/i }).first();
  await expect(nameFinding).toContainText('Fix');
  await expect(page.locator('[data-testid="dialect-row"][data-agent="skills-ref"]')).toHaveAttribute('data-outcome', 'rejects');
  const claude = page.locator('[data-testid="dialect-row"][data-agent="claude-code"]');
  await expect(claude).toHaveAttribute('data-outcome', 'loads');
  await expect(claude).toContainText('context');
  await expect(page.getByTestId('openhuman-form').getByLabel(/week/)).toBeVisible();
  await expect(page.getByTestId('preflight-gate')).toContainText('git config --global user.name');
  await look(wb, 'validation', failures);
  await page.getByTestId('dialect-table').scrollIntoViewIfNeeded();
  await shotBothThemes(wb, 'agent-skill-validation-agents');

  // Collisions: two descriptions alike, with their shared words; one name in .claude/skills and .agents/skills, with each agent's pick.
  await openSkill(page, 'pdf-forms');
  await openTab(page, 'collisions');
  const alike = page.locator('[data-testid="collision"][data-kind="description"]').filter({ hasText: 'pdf-filler' });
  await expect(alike.getByTestId('collision-score')).toContainText('% alike');
  await expect(alike.getByTestId('collision-word').filter({ hasText: /^form$/ })).toHaveCount(1);
  await expect(alike.locator('mark').first()).toBeVisible();
  const sameName = page.locator('[data-testid="collision"][data-kind="name"]').filter({ hasText: 'brand-kit' });
  await expect(sameName.locator('tr[data-agent="claude-code"]')).toContainText('.claude/skills/brand-kit');
  await expect(sameName.locator('tr[data-agent="client-guide"]')).toContainText('.agents/skills/brand-kit');
  await look(wb, 'collisions', failures);

  // Its evals: evals/evals.json as a trigger eval, with Run; a skill with none says where they go.
  await openTab(page, 'evals');
  const suite = page.getByTestId('evals-tab').getByTestId('eval-suite');
  await expect(suite).toHaveCount(1);
  await expect(suite).toContainText('triggers, 2 queries');
  await expect(suite.getByTestId('eval-run-open')).toBeEnabled();
  await look(wb, 'evals', failures);
  await openSkill(page, 'pdf-filler');
  await openTab(page, 'evals');
  await expect(page.getByTestId('evals-tab')).toContainText('No evals yet');

  // The same skills served over MCP (SEP-2640): listed, SKILL.md checked against its entry, a file opened.
  await openSkill(page, 'skills-server');
  await openTab(page, 'skills');
  await page.getByTestId('mcp-skill-item').filter({ hasText: 'pdf-forms' }).click();
  const detail = page.getByTestId('mcp-skill-detail');
  await expect(detail.getByRole('heading', { name: 'pdf-forms' })).toBeVisible();
  await expect(detail.locator('[data-verified="true"]').first()).toContainText('Matches its entry');
  await detail.getByTestId('mcp-skill-file').filter({ hasText: 'forms.md' }).getByRole('button').click();
  await expect(detail.getByTestId('mcp-skill-file').filter({ hasText: 'forms.md' }).getByTestId('mcp-file-text')).toBeVisible();
  await look(wb, 'mcp-skills', failures);

  expect(failures).toEqual([]);
});
