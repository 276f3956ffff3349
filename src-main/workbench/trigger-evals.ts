/**
 * Trigger evals in the app (the QA service serves them beside the skill's eval suites): a trigger suite in the
 * skill's `.skillbench/evals/`, or an Agent Skill's own `evals/evals.json`, run against the catalog of the
 * workspace's Agent Skills (or the folders the suite names) on the app's model profiles. An Agent Skill's
 * evals.json runs its prompts (and trigger queries) as they are, and compares them without the skill; its cases
 * with expectations can be graded with its instructions and without. Only those files are read on the window's
 * behalf.
 */
import path from 'node:path';
import type { EvalModel, EvalSuiteInfo, TriggerReport } from '../contract';
import { readSkillEvals, SKILL_EVALS } from '../qa/skill-evals';
import { catalogOfDirs, workspaceCatalog } from '../qa/trigger-catalog';
import { runTriggerSuite } from '../qa/trigger-run';
import { DEFAULT_THRESHOLD, DEFAULT_TRIGGER_RUNS, isTriggerSuite, loadSuite, type TriggerSuite } from '../qa/trigger-suite';
import type { SkillHost } from './skill-host';

/** An Agent Skill's evals/evals.json as a trigger suite the app can run, or null where it has none (or it cannot be read). */
export function skillEvalsInfo(wb: SkillHost, skillId: string): EvalSuiteInfo | null {
  const ref = wb.skillRef(skillId);
  if (ref.protocol !== 'agent-skill') return null;
  const file = path.join(ref.dir, SKILL_EVALS);
  try {
    const evals = readSkillEvals(ref.dir);
    if (!evals) return null;
    return { file, name: 'evals.json', kind: 'trigger', cases: [], queries: evals.cases.length + evals.triggers.length, compares: `${ref.name} as it is against without it`, gradable: evals.cases.some((c) => c.expectations.length > 0) };
  } catch (err) {
    return { file, name: 'evals.json', kind: 'trigger', cases: [], error: (err as Error).message };
  }
}

/** The suite an Agent Skill's evals.json is: its queries against the workspace, and the same without it. */
function skillEvalsSuite(file: string, skill: string, outputs: boolean): TriggerSuite {
  return {
    kind: 'trigger',
    file,
    name: `${skill}: evals.json`,
    skills: [],
    skillsGiven: false,
    models: [],
    runs: DEFAULT_TRIGGER_RUNS,
    threshold: DEFAULT_THRESHOLD,
    activation: 'both',
    queries: [],
    skillEvals: [skill],
    compare: { skill, against: { kind: 'without' }, outputs },
  };
}

export async function runTriggerEvalOf(wb: SkillHost, skillId: string, file: string, models: { info: EvalModel; profile: Parameters<SkillHost['chat']['openProfile']>[0] }[], runs?: number | null, outputs?: boolean | null): Promise<TriggerReport> {
  const ref = wb.skillRef(skillId);
  const f = path.resolve(file);
  let suite: TriggerSuite;
  if (ref.protocol === 'agent-skill' && f === path.resolve(ref.dir, SKILL_EVALS)) suite = skillEvalsSuite(f, ref.name, outputs === true);
  else {
    const loaded = loadSuite(f);
    if (!isTriggerSuite(loaded)) throw new Error(`${file} is an eval suite of cases, not of trigger queries: run it as one.`);
    suite = loaded;
    if (outputs && suite.compare) suite.compare.outputs = true;
  }
  const skills = await wb.listSkills();
  const catalog = suite.skillsGiven ? workspaceCatalog(suite.skills) : catalogOfDirs(skills.filter((s) => s.protocol === 'agent-skill').map((s) => s.dir));
  if (!catalog.entries.length) throw new Error('There is no Agent Skill in the workspace to make a catalog of.');
  const redactor = wb.idleRuntime(skillId).redactor;
  const opened = models.map((m) => {
    const chat = wb.chat.openProfile(m.profile);
    // The key is the workbench's: whatever the model says, it is never shown or stored.
    if (chat.key.key) redactor.add(chat.key.key);
    return { info: m.info, chat };
  });
  return redactor.value(await runTriggerSuite(suite, { catalog, models: opened, runs: runs ?? undefined }));
}
