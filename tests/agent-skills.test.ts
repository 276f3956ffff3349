/**
 * Agent Skills (a folder with SKILL.md): finding them as real projects keep them (an EE-APP-like project and an
 * anthropics/skills-like repository in tests/fixtures/agent-skills), every validation rule with a skill that breaks
 * it (the reference validator's own test cases reproduced, its messages word for word), each agent's verdict,
 * OpenHuman's skill.toml, the token counts of each layer, a collision, and a script run by a real Python process.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { it } from './cleanup-fixture';
import type { AgentSkillValidation } from '../src-main/contract';
import { LogSink } from '../src-main/engine/log-sink';
import { MessageLog } from '../src-main/engine/message-log';
import { Redactor } from '../src-main/engine/redactor';
import { AgentSkill, agentSkillView, catalogBlock, collisions, projectPlaces, referenceErrors, scanAgentSkills, userPlaces, validateAgentSkill } from '../src-main/protocols/agent-skill';
import { discover, resolveSkill } from '../src-main/protocols/discover';
import { workbenchApi } from '../src-main/workbench/api';
import { Workbench } from '../src-main/workbench/workbench';
import { cli } from './cli-run';
import { EXAMPLES, FIXTURES } from './helpers';

const HERE = path.join(FIXTURES, 'agent-skills');
const EE = path.join(HERE, 'ee-app');
const ANTHROPIC = path.join(HERE, 'anthropic-like');

/** A skill folder named `dir` holding SKILL.md with `text` (and other files), in a fresh temporary folder. */
function skill(tmp: string, dir: string, text: string, files: Record<string, string> = {}): string {
  const d = path.join(tmp, dir);
  fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(d, 'SKILL.md'), text);
  for (const [rel, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(d, rel)), { recursive: true });
    fs.writeFileSync(path.join(d, rel), body);
  }
  return d;
}

const fm = (fields: string, body = '# Body\n\nDo the thing.\n') => `---\n${fields}\n---\n${body}`;
const codes = (v: AgentSkillValidation) => v.findings.map((f) => f.code);

describe('the reference validator, rule for rule (skills-ref test_validator.py and test_parser.py reproduced)', () => {
  // [folder name, SKILL.md, the reference's errors exactly]
  const cases: [string, string, string, string[]][] = [
    ['a valid skill', 'my-skill', fm('name: my-skill\ndescription: A test skill'), []],
    ['uppercase name', 'MySkill', fm('name: MySkill\ndescription: A test skill'), ["Skill name 'MySkill' must be lowercase"]],
    ['a name over 64 characters', 'a'.repeat(70), fm(`name: ${'a'.repeat(70)}\ndescription: A test skill`), [`Skill name '${'a'.repeat(70)}' exceeds 64 character limit (70 chars)`]],
    ['a leading hyphen', '-my-skill', fm('name: -my-skill\ndescription: A test skill'), ['Skill name cannot start or end with a hyphen']],
    ['consecutive hyphens', 'my--skill', fm('name: my--skill\ndescription: A test skill'), ['Skill name cannot contain consecutive hyphens']],
    ['an underscore', 'my_skill', fm('name: my_skill\ndescription: A test skill'), ["Skill name 'my_skill' contains invalid characters. Only letters, digits, and hyphens are allowed."]],
    ['a name unlike its folder', 'wrong-name', fm('name: correct-name\ndescription: A test skill'), ["Directory name 'wrong-name' must match skill name 'correct-name'"]],
    ['a key the specification does not define', 'my-skill', fm('name: my-skill\ndescription: A test skill\nunknown_field: should not be here'), ["Unexpected fields in frontmatter: unknown_field. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed."]],
    ['every optional field', 'my-skill', fm('name: my-skill\ndescription: A test skill\nlicense: MIT\nmetadata:\n  author: Test'), []],
    ['allowed-tools (experimental) accepted', 'my-skill', fm('name: my-skill\ndescription: A test skill\nallowed-tools: Bash(jq:*) Bash(git:*)'), []],
    ['a Chinese name', '技能', fm('name: 技能\ndescription: A skill with Chinese name'), []],
    ['a Russian name with hyphens', 'мой-навык', fm('name: мой-навык\ndescription: A skill with Russian name'), []],
    ['a Russian name in capitals', 'НАВЫК', fm('name: НАВЫК\ndescription: A skill with Russian uppercase name'), ["Skill name 'НАВЫК' must be lowercase"]],
    ['a description over 1,024 characters', 'my-skill', fm(`name: my-skill\ndescription: ${'x'.repeat(1100)}`), ['Description exceeds 1024 character limit (1100 chars)']],
    ['a compatibility field', 'my-skill', fm('name: my-skill\ndescription: A test skill\ncompatibility: Requires Python 3.11+'), []],
    ['compatibility over 500 characters', 'my-skill', fm(`name: my-skill\ndescription: A test skill\ncompatibility: ${'x'.repeat(550)}`), ['Compatibility exceeds 500 character limit (550 chars)']],
    ['compatibility as a list', 'my-skill', fm('name: my-skill\ndescription: A test skill\ncompatibility:\n  - linux'), ["Field 'compatibility' must be a string"]],
    ['a name the same after NFKC', 'café', fm('name: cafe\u0301\ndescription: A test skill'), []],
    ['no front matter', 'my-skill', '# No frontmatter here\n', ['SKILL.md must start with YAML frontmatter (---)']],
    ['front matter not closed', 'my-skill', '---\nname: my-skill\ndescription: A test skill\n', ['SKILL.md frontmatter not properly closed with ---']],
    ['front matter that is a list', 'my-skill', fm('- just\n- a\n- list'), ['SKILL.md frontmatter must be a YAML mapping']],
    ['empty front matter', 'my-skill', '---\n---\nBody\n', ['SKILL.md frontmatter must be a YAML mapping']],
    ['no name', 'my-skill', fm('description: A test skill'), ['Missing required field in frontmatter: name']],
    ['no description', 'my-skill', fm('name: my-skill'), ['Missing required field in frontmatter: description']],
    ['an empty description', 'my-skill', fm('name: my-skill\ndescription: ""'), ["Field 'description' must be a non-empty string"]],
  ];
  for (const [what, dir, text, errors] of cases) {
    it(`${what}: ${errors.length ? errors.join(' / ') : 'valid'}`, async ({ cleanup }) => {
      const d = skill(cleanup.tempDir(), dir, text);
      expect(referenceErrors(d)).toEqual(errors);
      const v = await validateAgentSkill(d);
      expect(v.reference).toEqual({ valid: errors.length === 0, errors });
      // Every error of the reference is one error finding of ours, and there is no other error.
      expect(v.findings.filter((f) => f.severity === 'error').map((f) => f.message.replace(/\.$/, ''))).toEqual(errors.map((e) => e.replace(/\.$/, '')));
      for (const f of v.findings) expect(f.fix || f.severity === 'info').toBeTruthy();
    });
  }

  it('no folder, a file, no SKILL.md', ({ cleanup }) => {
    const tmp = cleanup.tempDir();
    expect(referenceErrors(path.join(tmp, 'nonexistent'))).toEqual([`Path does not exist: ${path.join(tmp, 'nonexistent')}`]);
    fs.writeFileSync(path.join(tmp, 'file.txt'), 'test');
    expect(referenceErrors(path.join(tmp, 'file.txt'))).toEqual([`Not a directory: ${path.join(tmp, 'file.txt')}`]);
    fs.mkdirSync(path.join(tmp, 'my-skill'));
    expect(referenceErrors(path.join(tmp, 'my-skill'))).toEqual(['Missing required file: SKILL.md']);
  });

  it('reads YAML as strictyaml does: flow style, anchors, tags and duplicate keys are refused; every value is text', ({ cleanup }) => {
    const tmp = cleanup.tempDir();
    for (const [dir, fields, refusal] of [
      ['flow', 'name: flow\ndescription: x\nallowed-tools: [Bash, Read]', 'flow style'],
      ['anchor', 'name: &n anchor\ndescription: x', 'an anchor'],
      ['tag', 'name: !!str tag\ndescription: x', 'a tag'],
      ['dup', 'name: dup\nname: dup\ndescription: x', 'duplicate key'],
    ]) {
      const errors = referenceErrors(skill(tmp, dir, fm(fields)));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(new RegExp(`^Invalid YAML in frontmatter: ${refusal}`));
    }
    // A number is text to strictyaml: not "must be a string".
    expect(referenceErrors(skill(tmp, 'num', fm('name: num\ndescription: x\ncompatibility: 12')))).toEqual([]);
    // The front matter ends at the second `---` anywhere (Python's split), as the reference reads it.
    expect(referenceErrors(skill(tmp, 'dashes', fm('name: dashes\ndescription: a---b')))).toEqual([]);
  });
});

describe('what the specification asks beyond its validator, and the YAML forgiven', () => {
  it('each recommendation broken is one warning with a fix, and the skill stays valid', async ({ cleanup }) => {
    const long = Array.from({ length: 520 }, (_, i) => `Step ${i}: do it.`).join('\n');
    const d = skill(
      cleanup.tempDir(),
      'busy-skill',
      fm(
        'name: busy-skill\ndescription: Does many things\ncompatibility: ""\nlicense: Complete terms in LICENSE.txt\nmetadata:\n  version: 1.0\n  owner:\n    team: x\nallowed-tools:\n  - Read\n  - Bash',
        `# Busy\n\nSee [the guide](references/guide.md) and [this](references/nowhere.md); run .claude/skills/busy-skill/scripts/run.py. More in NOTES.md.\n${long}\n`,
      ),
      { 'references/guide.md': '# Guide\n\nThe details are in [deep.md](deep.md).\n', 'references/deep.md': '# Deep\n', 'scripts/run.py': 'print(1)\n', 'notes.md': '# Notes\n' },
    );
    const v = await validateAgentSkill(d);
    expect(v.reference).toEqual({ valid: true, errors: [] });
    expect(codes(v).filter((c) => c !== 'OPENHUMAN_INPUTS').sort()).toEqual(
      ['ALLOWED_TOOLS_FORM', 'BODY_TOO_LONG', 'COMPATIBILITY_EMPTY', 'LICENSE_FILE_MISSING', 'METADATA_NOT_STRING_MAP', 'REFERENCE_CASE', 'REFERENCE_CHAIN', 'REFERENCE_MISSING', 'REFERENCE_NOT_RELATIVE'].sort(),
    );
    expect(v.findings.every((f) => f.severity === 'warning' && f.fix)).toBe(true);
    const byCode = (c: string) => v.findings.find((f) => f.code === c)!;
    expect(byCode('METADATA_NOT_STRING_MAP').message).toMatch(/version as the number 1.*owner as a map/);
    expect(byCode('REFERENCE_MISSING').message).toContain('references/nowhere.md');
    expect(byCode('REFERENCE_NOT_RELATIVE').fix).toContain('scripts/run.py');
    expect(byCode('REFERENCE_CHAIN').message).toMatch(/references\/guide\.md leads on to references\/deep\.md/);
    expect(byCode('BODY_TOO_LONG').message).toMatch(/5\d\d lines/);
    expect(byCode('REFERENCE_CASE').message).toBe('SKILL.md names NOTES.md, but the file is notes.md: found where file names ignore case (macOS, Windows), not on Linux.');
  });

  it('YAML agents forgive is read, one warning for each thing forgiven; the reference still refuses it', async ({ cleanup }) => {
    const tmp = cleanup.tempDir();
    const d = skill(tmp, 'colon-skill', '\uFEFF' + fm('name: colon-skill\ndescription: Use this when: the user asks\ndescription: Use this when: the user asks twice'));
    const v = await validateAgentSkill(d);
    expect(v.reference.valid).toBe(false);
    const forgiven = v.findings.filter((f) => f.code === 'YAML_FORGIVEN').map((f) => f.message);
    expect(forgiven).toEqual([
      expect.stringMatching(/byte-order mark/),
      expect.stringMatching(/line 3 holds `: `/),
      expect.stringMatching(/line 4 holds `: `/),
      expect.stringMatching(/`description` is given twice/),
    ]);
    // Read leniently, agents that forgive load it with the last description.
    const view = await agentSkillView(d);
    expect(view.description).toBe('Use this when: the user asks twice');
    const tabs = await validateAgentSkill(skill(tmp, 'tab-skill', fm('name: tab-skill\ndescription: x\nmetadata:\n\towner: me')));
    expect(tabs.findings.find((f) => f.code === 'YAML_FORGIVEN')?.message).toMatch(/tabs/);
  });

  it('a name beyond a–z, skill.md in lower case, and a folder that only looks like a skill', async ({ cleanup }) => {
    const tmp = cleanup.tempDir();
    expect(codes(await validateAgentSkill(skill(tmp, 'навык', fm('name: навык\ndescription: x'))))).toContain('NAME_NOT_ASCII');
    const lower = path.join(tmp, 'lower');
    fs.mkdirSync(lower);
    fs.writeFileSync(path.join(lower, 'skill.md'), fm('name: lower\ndescription: x'));
    expect(codes(await validateAgentSkill(lower))).toContain('SKILL_MD_LOWERCASE');
    const near = path.join(tmp, 'near');
    fs.mkdirSync(near);
    fs.writeFileSync(path.join(near, 'Skill.md'), fm('name: near\ndescription: x'));
    const r = await cli(['validate', near, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { protocol: string; findings: { code: string; message: string }[] };
    expect(report.protocol).toBe('agent-skill');
    expect(report.findings.find((f) => f.code === 'NOT_AGENT_SKILL')?.message).toMatch(/^Skill\.md is not SKILL\.md/);
  });
});

describe('each agent, as the dialect table says', () => {
  it("Claude Code's own keys are understood; the reference refuses them; an agent's verdict says why", async ({ cleanup }) => {
    const d = skill(cleanup.tempDir(), 'forked', fm('name: forked\ndescription: Reviews a change in a subagent\ncontext: fork\nagent: Explore\nmodel: opus\ndisable-model-invocation: yes-please\nargument-hint: "[file]"\nhooks: {}'));
    const v = await validateAgentSkill(d);
    expect(v.reference.errors[0]).toMatch(/^Invalid YAML in frontmatter: flow style/);
    const claude = v.dialects.find((x) => x.agent === 'claude-code')!;
    expect(claude.outcome).toBe('loads');
    expect(claude.knownExtraKeys.sort()).toEqual(['agent', 'argument-hint', 'context', 'disable-model-invocation', 'hooks', 'model']);
    expect(claude.unknownKeys).toEqual([]);
    expect(claude.reasons.join('\n')).toMatch(/`context`: `fork` runs the skill in a forked subagent context/);
    expect(v.findings.find((f) => f.code === 'AGENT_KEY_VALUE')?.message).toMatch(/disable-model-invocation` is "yes-please", not true or false/);
    const guide = v.dialects.find((x) => x.agent === 'client-guide')!;
    expect(guide.unknownKeys.sort()).toEqual(['agent', 'argument-hint', 'context', 'disable-model-invocation', 'hooks', 'model']);
    expect(guide.reasons.join('\n')).toMatch(/^Ignored: /m);
    expect(v.dialects.find((x) => x.agent === 'skills-ref')!.outcome).toBe('rejects');
  });

  it('without a description a client built to the guide skips the skill and Claude Code loads it with its first paragraph', async ({ cleanup }) => {
    const v = await validateAgentSkill(skill(cleanup.tempDir(), 'quiet', fm('name: quiet')));
    expect(v.dialects.find((x) => x.agent === 'client-guide')!.outcome).toBe('ignores');
    expect(v.dialects.find((x) => x.agent === 'claude-code')!.reasons.join(' ')).toMatch(/first paragraph/);
    expect(v.findings.some((f) => f.code === 'AGENT_SKIPS' && /client guide ignores/.test(f.message))).toBe(true);
  });

  it("OpenHuman's skill.toml: its [[inputs]] become a form, its [github] gate is shown check by check", async ({ cleanup }) => {
    const d = skill(cleanup.tempDir(), 'issue-fixer', fm('name: issue-fixer\ndescription: Fixes one GitHub issue and opens a pull request'), {
      'skill.toml': 'id = "issue-fixer"\nwhen_to_use = "Fix one issue end to end"\nmax_iterations = 40\n\n[github]\nrequired = true\nidentity_match = "strict"\n\n[[inputs]]\nname = "repo"\ndescription = "owner/name"\nrequired = true\n\n[[inputs]]\nname = "issue"\ndescription = "Issue number"\nrequired = true\ntype = "integer"\n\n[[inputs]]\nname = "fork"\n',
    });
    const v = await validateAgentSkill(d);
    expect(v.openhuman?.form).toEqual({
      type: 'object',
      properties: { repo: { type: 'string', title: 'repo', description: 'owner/name' }, issue: { type: 'integer', title: 'issue', description: 'Issue number' }, fork: { type: 'string', title: 'fork' } },
      required: ['repo', 'issue'],
    });
    expect(v.openhuman?.agent).toEqual({ max_iterations: 40 });
    expect(v.openhuman?.gates[0].checks).toHaveLength(5);
    expect(v.openhuman?.gates[0].checks[4]).toMatch(/Composio GitHub user name equals `git config user.name`/);
    expect(codes(v)).toEqual(expect.arrayContaining(['OPENHUMAN_INPUTS', 'OPENHUMAN_GATE']));
    fs.writeFileSync(path.join(d, 'skill.toml'), '[[inputs]]\ndescription = "no name"\n[github]\nidentity_match = "loose"\n');
    const bad = await validateAgentSkill(d);
    expect(bad.findings.filter((f) => f.code === 'OPENHUMAN_MANIFEST').map((f) => f.message)).toEqual([
      expect.stringMatching(/no `id`/),
      expect.stringMatching(/no `when_to_use`/),
      expect.stringMatching(/Input 1 has no `name`/),
      expect.stringMatching(/identity_match` is "loose"/),
    ]);
  });
});

describe('finding them where projects keep them', () => {
  it('an EE-APP-like project: both Agent Skills in .claude/skills, the action script and the Agent Skill of an agent folder, and why Skill.md is not one', async () => {
    const refs = discover(EE).map((r) => `${r.protocol} ${r.name}`);
    expect(refs.sort()).toEqual(['action news_crawler', 'agent-skill digest', 'agent-skill ui-ux-lite', 'agent-skill webapp-check']);
    const { notSkills } = scanAgentSkills(EE);
    expect(notSkills).toEqual([expect.objectContaining({ file: 'Skill.md', reason: expect.stringMatching(/^Skill\.md is not SKILL\.md: .*documents the action scripts beside it/) })]);
    // The digest script is also an action script: both views are offered.
    const script = path.join(EE, 'backend/agents/crawler/.claude/skills/digest/scripts/summarize.py');
    expect(resolveSkill(script).protocol).toBe('action');
    expect((await agentSkillView(path.dirname(path.dirname(script)))).scripts).toEqual([expect.objectContaining({ name: 'scripts/summarize.py', actionScript: true })]);
  });

  it('an anthropics/skills-like repository: every skill listed; a SKILL.md that documents a subprocess or SkillDefinition skill is not listed twice', () => {
    expect(discover(ANTHROPIC).map((r) => [r.name, path.relative(ANTHROPIC, r.dir)])).toEqual([
      ['brand-kit', 'skills/brand-kit'],
      ['long-desc', 'skills/long-desc'],
      ['pdf-forms', 'skills/pdf-forms'],
      ['template-skill', 'template'],
    ]);
    expect(discover(EXAMPLES).filter((r) => r.protocol === 'agent-skill')).toEqual([]);
    expect(resolveSkill(path.join(EXAMPLES, 'gas-estimator'), { protocol: 'agent-skill' }).name).toBe('gas-estimator');
  });

  it('list says it all on the command line', async () => {
    const r = await cli(['list', EE]);
    expect(r.stdout).toMatch(/ui-ux-lite +Agent Skill/);
    expect(r.stdout).toMatch(/news_crawler +Action skill/);
    expect(r.stdout).toMatch(/Not Agent Skills, though they look like one \(1\):\n.*Skill\.md: Skill\.md is not SKILL\.md/);
  });
});

describe('what an agent reads, in tokens', () => {
  it('the catalog entry as skills-ref prints it, the body, and each file on demand, counted with o200k', async () => {
    const dir = path.join(ANTHROPIC, 'skills', 'pdf-forms');
    const v = await agentSkillView(dir);
    const md = fs.readFileSync(path.join(dir, 'SKILL.md'), 'utf8');
    const entry = ['<skill>', '<name>', 'pdf-forms', '</name>', '<description>', 'Use this skill whenever the user wants to fill, read or check PDF forms. If the user mentions a .pdf file with fields, use this skill.', '</description>', '<location>', path.join(dir, 'SKILL.md'), '</location>', '</skill>'].join('\n');
    expect(v.layers[0]).toMatchObject({ layer: 'catalog', text: entry, tokens: o200k(entry) });
    const body = md.slice(md.indexOf('---', 3) + 4);
    expect(v.layers[1]).toMatchObject({ layer: 'body', text: body, tokens: o200k(body) });
    expect(o200k('hello world')).toBe(2);
    const files = Object.fromEntries(v.layers.slice(2).map((l) => [l.path, l]));
    expect(Object.keys(files)).toEqual(['LICENSE.txt', 'fields.md', 'forms.md', 'reference.md', 'scripts/check_fields.py']);
    expect(files['forms.md']).toMatchObject({ kind: 'reference', referenced: true, tokens: o200k(fs.readFileSync(path.join(dir, 'forms.md'), 'utf8')) });
    expect(files['fields.md'].referenced).toBe(false);
    expect(files['scripts/check_fields.py']).toMatchObject({ kind: 'script', referenced: true });
    expect(v.totals.resources).toBe(v.layers.slice(2).reduce((n, l) => n + (l.tokens ?? 0), 0));
    expect(v.scripts).toEqual([{ name: 'scripts/check_fields.py', language: 'python', usage: 'Lists the fields of a PDF form. Usage: check_fields.py <input.pdf>' }]);
    expect(catalogBlock([])).toBe('<available_skills>\n</available_skills>');
  });

  it('a binary file is listed with its size and not counted', async ({ cleanup }) => {
    const d = skill(cleanup.tempDir(), 'with-logo', fm('name: with-logo\ndescription: x'), { 'assets/logo.png': '\u0000PNG\u0000\u0001' });
    const logo = (await agentSkillView(d)).layers.find((l) => l.path === 'assets/logo.png')!;
    expect(logo).toMatchObject({ kind: 'asset', tokens: null, note: expect.stringMatching(/not text/) });
  });

  it('inspect --json gives the layers', async () => {
    const r = await cli(['inspect', path.join(EE, '.claude', 'skills', 'ui-ux-lite'), '--json']);
    const out = JSON.parse(r.stdout) as { tools: { name: string }[]; agentSkill: { layers: { layer: string; tokens: number | null }[]; tokenizer: string } };
    expect(out.tools.map((t) => t.name)).toEqual(['scripts/search.py']);
    expect(out.agentSkill.layers.map((l) => l.layer).slice(0, 2)).toEqual(['catalog', 'body']);
    expect(out.agentSkill.tokenizer).toMatch(/^o200k_base/);
  });
});

describe('collisions', () => {
  it('the same name in the project and in ~/.claude/skills: who picks which; close descriptions with the words they share', ({ cleanup }) => {
    const home = cleanup.tempDir();
    const project = cleanup.tempDir();
    skill(path.join(home, '.claude', 'skills'), 'pdf-forms', fm('name: pdf-forms\ndescription: My own PDF form filler'));
    skill(path.join(project, '.claude', 'skills'), 'pdf-forms', fm('name: pdf-forms\ndescription: The team PDF form filler'));
    skill(path.join(project, '.agents', 'skills'), 'form-filler', fm('name: form-filler\ndescription: Fill PDF forms: fields, check boxes and signatures in PDF documents'));
    skill(path.join(project, '.agents', 'skills'), 'pdf-fields', fm('name: pdf-fields\ndescription: Read the fields of PDF forms and fill check boxes in PDF documents'));
    const places = [...projectPlaces(discover(project), project), ...userPlaces(home)];
    const found = collisions(places);
    const byName = found.find((c) => c.kind === 'name')!;
    expect(byName.skills.map((s) => `${s.scope} ${s.root}`)).toEqual(['project .claude/skills', 'user ~/.claude/skills']);
    const pick = (agent: string) => byName.picks!.find((p) => p.agent === agent)!;
    expect(pick('claude-code').picked).toBe(path.join(home, '.claude', 'skills', 'pdf-forms'));
    expect(pick('claude-code').why).toMatch(/User skills win over project skills/);
    expect(pick('client-guide')).toMatchObject({ picked: null, why: expect.stringMatching(/reads none of these folders/) });
    const close = found.find((c) => c.kind === 'description' && c.skills.some((s) => s.name === 'form-filler') && c.skills.some((s) => s.name === 'pdf-fields'))!;
    expect(close.overlap).toEqual(['box', 'check', 'document', 'field', 'fill', 'form', 'pdf']);
    expect(close.score).toBeGreaterThan(0.6);
  });
});

describe('a script, run once on the action machinery', () => {
  it('with its arguments as a list: stdout, stderr and the exit code; a failing exit is the tool reporting an error', async ({ cleanup }) => {
    const d = skill(cleanup.tempDir(), 'echoer', fm('name: echoer\ndescription: Echoes'), {
      'scripts/echo.py': '#!/usr/bin/env python3\n"""Echo its arguments. Usage: echo.py <words>..."""\nimport os, sys\nif __name__ == "__main__":\n    print("args=" + "|".join(sys.argv[1:]) + " cwd=" + os.path.basename(os.getcwd()) + " stdin=" + sys.stdin.read())\n    print("to stderr", file=sys.stderr)\n    raise SystemExit(int(os.environ.get("ECHO_EXIT", "0")))\n',
    });
    const home = cleanup.tempDir();
    const ref = resolveSkill(d);
    const ctx = { logs: new LogSink(), messages: new MessageLog(), redactor: new Redactor(), home, env: {} as Record<string, string> };
    const s = cleanup.add(new AgentSkill(ref, ctx));
    expect((await s.start()).tools.map((t) => t.name)).toEqual(['scripts/echo.py']);
    const ok = await s.call('echo.py', ['a b', '--x']);
    expect(ok).toMatchObject({ ok: true, text: 'args=a b|--x cwd=echoer stdin=\n', data: { exitCode: 0, stdout: 'args=a b|--x cwd=echoer stdin=\n', stderr: 'to stderr\n' } });
    expect((await s.call('scripts/echo.py', { args: ['x'], stdin: 'piped' })).text).toBe('args=x cwd=echoer stdin=piped\n');
    ctx.env.ECHO_EXIT = '3';
    const failed = await s.call('echo', []);
    expect(failed).toMatchObject({ ok: false, error: { code: 'TOOL', message: 'scripts/echo.py exited with code 3.' }, data: { exitCode: 3 } });
    expect((await s.call('nope.py', [])).error?.message).toMatch(/has no script "nope.py". Its scripts: scripts\/echo.py/);
    expect((await s.call('echo.py', { argv: [] })).error?.code).toBe('VALIDATION');
  });

  it('skillbench call warns before a script first runs, and not again until it changes', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const dir = path.join(EE, '.claude', 'skills', 'ui-ux-lite');
    const first = await cli(['call', dir, 'search.py', '--args', '["glass", "--domain", "style"]'], { home });
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('- Glassmorphism: frosted glass and blurred layers\n');
    expect(first.stderr).toMatch(/^skillbench: warning: scripts\/search\.py has not been run from the workbench before/);
    expect(first.stderr).toMatch(/scripts\/search\.py: exit code 0/);
    const again = await cli(['call', dir, 'search.py', '--args', '["nothing-like-it"]'], { home });
    expect(again.code).toBe(1);
    expect(again.stderr).not.toMatch(/warning/);
    expect(again.stderr).toMatch(/scripts\/search\.py exited with code 4\. \(exit code 4\)|exit code 4/);
    const digest = createHash('sha256').update(fs.readFileSync(path.join(dir, 'scripts', 'search.py'))).digest('hex');
    expect(fs.readdirSync(path.join(home, 'skills')).length).toBe(1);
    const runs = fs.readFileSync(path.join(home, 'skills', fs.readdirSync(path.join(home, 'skills'))[0], 'agent-skill-runs.json'), 'utf8');
    expect(JSON.parse(runs)).toEqual({ 'scripts/search.py': `sha256:${digest}` });
  });
});

describe('the window\'s commands', () => {
  it('through the door: the view, a file on demand, the validation, the catalog, the near misses and the warning before a script runs', async ({ cleanup }) => {
    const home = cleanup.tempDir();
    const wb = cleanup.add(new Workbench({ home, kind: 'browser', folders: [EE], namedFolders: true }));
    const api = workbenchApi(wb);
    const skills = await api.listSkills();
    const ui = skills.find((s) => s.name === 'ui-ux-lite')!;
    expect(ui.protocol).toBe('agent-skill');
    expect((await api.agentSkillView(ui.id)).scripts.map((x) => x.name)).toEqual(['scripts/search.py']);
    expect((await api.validateAgentSkill(ui.id)).findings.map((f) => f.code)).toEqual(['REFERENCE_NOT_RELATIVE']);
    const catalog = await api.agentSkillCatalog();
    expect(catalog.text.match(/<name>\n([^\n]+)\n<\/name>/g)?.map((x) => x.split('\n')[1])).toEqual(['ui-ux-lite', 'webapp-check', 'digest']);
    expect(catalog.tokens).toBe(o200k(catalog.text));
    expect((await api.notAgentSkills()).map((n) => n.file)).toEqual(['Skill.md']);
    expect(await api.scriptRunWarning(ui.id, 'search.py')).toMatch(/has not been run from the workbench before/);
    // A file read on demand: only one the skill's listing holds, with its tokens.
    const csv = fs.readFileSync(path.join(EE, '.claude', 'skills', 'ui-ux-lite', 'data', 'styles.csv'), 'utf8');
    expect(await api.readAgentSkillFile(ui.id, 'data/styles.csv')).toEqual({ path: 'data/styles.csv', kind: 'other', bytes: Buffer.byteLength(csv), text: csv, tokens: o200k(csv) });
    await expect(api.readAgentSkillFile(ui.id, '../webapp-check/SKILL.md')).rejects.toThrow(/is not a file of this skill/);
    await expect(api.agentSkillView(skills.find((s) => s.protocol === 'action')!.id)).rejects.toThrow(/is not an Agent Skill/);
  });
});
