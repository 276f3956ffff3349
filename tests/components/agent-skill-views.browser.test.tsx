/**
 * The Agent Skill views' pure parts, as a person reads them: a skill's Markdown rendered with nothing in it able
 * to run or reach out (raw HTML stays text, `javascript:` links and images go, a link to a file of the skill opens
 * it, one that leaves the skill does not); collisions with the shared words marked and each agent's pick; the
 * reference validator's verdict, the agents' table with its skill.toml column and OpenHuman's inputs as a form.
 * Each with no serious accessibility violation in either theme. The data has the shapes the engine gives
 * (tests/agent-skills.test.ts makes it from real folders; e2e/agent-skills.spec.ts shows it in the app).
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { DialectVerdict, OpenHumanManifest, SkillCollision } from '@contract';
import { SkillMarkdown, skillPathOf } from '../../src-renderer/src/components/agent-skill/SkillMarkdown';
import { CollisionList } from '../../src-renderer/src/components/agent-skill/CollisionList';
import { DialectTable, OpenHumanSection, ReferenceVerdict } from '../../src-renderer/src/components/agent-skill/AgentSkillVerdicts';
import { expectNoSeriousViolations } from './axe';

const HOSTILE = `# Forms

Fill them in. <script>window.ran = 1</script> <img src=x onerror="window.ran = 2">

<iframe src="https://example.com"></iframe>

See [the forms guide](forms.md), [the reference](references/api.md#fields), [a secret](../../etc/passwd),
[a trick](javascript:window.ran=3), [the site](https://example.com) and ![a chart](https://tracker.example/pixel.png).

- one
- two
`;

describe('SkillMarkdown', () => {
  it('renders a skill’s Markdown with nothing able to run or load, and opens the skill’s own files', async () => {
    const opened: string[] = [];
    const screen = await render(<SkillMarkdown text={HOSTILE} onOpenFile={(p) => opened.push(p)} testId="md" />);
    const root = screen.container.querySelector('[data-testid="md"]')!;
    // Raw HTML is text, and none of it became an element.
    expect(root.querySelectorAll('script, img, iframe, [onerror]').length).toBe(0);
    expect(root.textContent).toContain('<script>window.ran = 1</script>');
    expect(root.textContent).toContain('<iframe src="https://example.com"></iframe>');
    expect([...root.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([['https://example.com', '_blank', 'noreferrer noopener']]);
    // An image is its alt text, not loaded.
    await expect.element(page.getByText('a chart')).toBeVisible();
    // The page's own heading stays the only h1: the skill's start at h3.
    expect(root.querySelector('h3')?.textContent).toBe('Forms');
    expect(root.querySelector('h1, h2')).toBeNull();
    const links = page.getByTestId('md-file-link');
    expect(links.elements().map((b) => b.textContent)).toEqual(['the forms guide', 'the reference']);
    await links.first().click();
    await links.nth(1).click();
    expect(opened).toEqual(['forms.md', 'references/api.md']);
    // A path out of the skill, or `javascript:`, is neither a link nor a button.
    expect(page.getByText('a secret').element().tagName).toBe('SPAN');
    expect(page.getByText('a trick').element().tagName).toBe('SPAN');
    expect((window as { ran?: number }).ran).toBeUndefined();
    await expectNoSeriousViolations(root);
  });

  it('reads a relative link from the folder of the file that holds it', () => {
    expect(skillPathOf('forms.md')).toBe('forms.md');
    expect(skillPathOf('./a%20b.md#x')).toBe('a b.md');
    expect(skillPathOf('../forms.md', 'references')).toBe('forms.md');
    expect(skillPathOf('../forms.md')).toBeNull();
    expect(skillPathOf('/etc/passwd')).toBeNull();
    expect(skillPathOf('#top')).toBeNull();
    expect(skillPathOf('mailto:a@b.c')).toBeNull();
  });
});

const PDF = { name: 'pdf-forms', description: 'Fills PDF forms and checks their fields.', dir: '/p/.claude/skills/pdf-forms', scope: 'project', root: '.claude/skills' } as const;
const FILLER = { name: 'pdf-filler', description: 'Reads the fields of a PDF form file.', dir: '/p/.agents/skills/pdf-filler', scope: 'project', root: '.agents/skills' } as const;
const MINE = { name: 'pdf-forms', description: 'My own.', dir: '/home/ada/.claude/skills/pdf-forms', scope: 'user', root: '~/.claude/skills' } as const;
const COLLISIONS: SkillCollision[] = [
  {
    kind: 'name',
    skills: [PDF, MINE],
    picks: [
      { agent: 'claude-code', label: 'Claude Code', picked: MINE.dir, why: 'User skills win over project skills: ~/.claude/skills/pdf-forms.' },
      { agent: 'codex', label: 'Codex', picked: null, why: 'Codex reads none of these folders.' },
    ],
  },
  { kind: 'description', skills: [PDF, FILLER], score: 0.58, overlap: ['field', 'form', 'pdf'] },
];

describe('CollisionList', () => {
  it('marks the words two descriptions share, plurals too, and says which skill each agent keeps', async () => {
    const screen = await render(<CollisionList title="This skill’s" collisions={COLLISIONS} current={PDF.dir} />);
    const alike = screen.container.querySelector('[data-kind="description"]')!;
    expect(alike.querySelector('[data-testid="collision-score"]')!.textContent).toContain('58% alike');
    expect([...alike.querySelectorAll('[data-testid="collision-description"]')].map((d) => [...d.querySelectorAll('mark')].map((m) => m.textContent))).toEqual([
      ['PDF', 'forms', 'fields'],
      ['fields', 'PDF', 'form'],
    ]);
    const same = screen.container.querySelector('[data-kind="name"]')!;
    expect(same.querySelector('tr[data-agent="claude-code"]')!.textContent).toContain('yours: ~/.claude/skills/pdf-forms');
    expect(same.querySelector('tr[data-agent="codex"]')!.textContent).toContain('not for sure');
    expect(screen.container.textContent).toContain('this skill');
    await expectNoSeriousViolations(screen.container);
  });
});

const verdict = (agent: string, label: string, outcome: DialectVerdict['outcome'], reasons: string[], knownExtraKeys: string[] = []): DialectVerdict => ({ agent, label, outcome, reasons, unknownKeys: [], knownExtraKeys, source: `${label}'s documentation` });
const OPENHUMAN: OpenHumanManifest = {
  file: '/p/.claude/skills/report/skill.toml',
  id: 'report',
  whenToUse: 'When a weekly report is due',
  inputs: [{ name: 'week', description: 'The ISO week', required: true, type: 'integer' }],
  form: { type: 'object', properties: { week: { type: 'integer', title: 'week', description: 'The ISO week' } }, required: ['week'] },
  gates: [{ name: 'github', required: true, identityMatch: 'strict', checks: ['An active Composio connection to GitHub', '`git --version` runs (git is on PATH)'] }],
  agent: {},
  problems: [],
};

describe('Agent Skill validation', () => {
  it('gives the reference validator’s verdict, each agent’s with its reasons and the skill.toml column, and OpenHuman’s inputs as a form', async () => {
    const screen = await render(
      <div>
        <ReferenceVerdict reference={{ valid: false, errors: ["Skill name 'Report' must be lowercase"] }} />
        <DialectTable
          dialects={[
            verdict('skills-ref', 'The reference validator', 'rejects', ["Skill name 'Report' must be lowercase"]),
            verdict('claude-code', 'Claude Code', 'loads', ['`context`: `fork` runs the skill in a forked subagent context.'], ['context']),
            verdict('openhuman', 'OpenHuman', 'loads', ['Loads it as written.']),
          ]}
          openhuman={OPENHUMAN}
        />
        <OpenHumanSection manifest={OPENHUMAN} />
      </div>,
    );
    expect(page.getByTestId('reference-verdict').element().textContent).toContain('rejects this skill: 1 error');
    const rows = screen.container.querySelectorAll('[data-testid="dialect-row"]');
    expect([...rows].map((r) => [r.getAttribute('data-agent'), r.getAttribute('data-outcome'), r.lastElementChild!.textContent])).toEqual([
      ['skills-ref', 'rejects', 'Not read'],
      ['claude-code', 'loads', 'Not read'],
      ['openhuman', 'loads', 'Read: 1 input, 1 preflight gate'],
    ]);
    // Keys written `so` in a reason are code.
    expect([...rows[1].querySelectorAll('li code')].map((c) => c.textContent)).toEqual(['context', 'fork']);
    const week = page.getByTestId('openhuman-form').getByLabelText(/week/);
    await week.fill('12');
    await expect.element(week).toHaveValue('12');
    expect(page.getByTestId('preflight-gate').element().querySelectorAll('ol li').length).toBe(2);
    await expectNoSeriousViolations(screen.container);
  });
});
