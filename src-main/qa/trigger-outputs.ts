/**
 * A skill's evals.json cases graded with its instructions loaded and without them (or with its old version's), as
 * the skill-creator's with-skill / baseline runs compare them, in the chat: each case's prompt is answered by the
 * model in one turn, once with the SKILL.md body in its context as activation delivers it, once with the other
 * body or none; then the same model grades each answer against the case's expectations (the skill-creator's
 * grader's task, in one tool call: each expectation passed or not, with its evidence).
 *
 * No tools are offered and no files are made: what is compared is the answer's text. A skill whose value is in
 * its scripts or the files it writes needs the real agent for that, and its trigger figures here.
 */
import type { OutputCaseResult, OutputGrade, EvalModel } from '../contract';
import type { ChatModel } from '../agent/chat-model';
import type { ChatTarget } from '../agent/chat-target';
import { runChatTurn } from '../agent/chat-turn';
import { ALLOW_TOOLS } from '../agent/tool-approval';
import type { SkillEvalCase } from './skill-evals';
import type { CatalogEntry } from './trigger-catalog';

export const GRADE_TOOL = 'grade';

const alone: ChatTarget = { name: 'the model alone', tools: () => Promise.resolve([]), callTool: () => Promise.resolve({ ok: false, result: 'There are no tools.' }) };

const grader: ChatTarget = {
  name: 'the grader',
  tools: () =>
    Promise.resolve([
      {
        name: GRADE_TOOL,
        description: 'Record whether the answer meets each expectation, in the order given.',
        inputSchema: {
          type: 'object',
          properties: {
            results: {
              type: 'array',
              items: { type: 'object', properties: { text: { type: 'string' }, passed: { type: 'boolean' }, evidence: { type: 'string' } }, required: ['passed', 'evidence'] },
            },
          },
          required: ['results'],
        },
      },
    ]),
  callTool: () => Promise.resolve({ ok: true, result: 'Recorded.' }),
};

const GRADER_INSTRUCTIONS =
  'You grade an answer against a list of expectations. For each expectation, in order, decide whether the answer meets it, and quote or point to the part of the answer that shows it (or say what is missing). The burden of proof is on the answer: an expectation it does not clearly meet is not passed. Call the grade tool once with every result.';

export interface GradeOptions {
  /** The skill as it is. */
  skill: CatalogEntry;
  /** Its old version; undefined: no skill at all. */
  against?: CatalogEntry;
  models: { info: EvalModel; chat: ChatModel }[];
  signal?: AbortSignal;
}

export async function gradeOutputs(cases: SkillEvalCase[], opts: GradeOptions): Promise<OutputCaseResult[]> {
  const out: OutputCaseResult[] = [];
  for (const c of cases) {
    for (const m of opts.models) {
      const withGrade = await answerAndGrade(c, m.chat, opts.skill, opts.signal);
      const againstGrade = await answerAndGrade(c, m.chat, opts.against, opts.signal);
      out.push({ id: c.id, prompt: c.prompt, model: m.info.id, with: withGrade, against: againstGrade });
    }
  }
  return out;
}

/** The body as activation delivers it, in the system prompt of the turn (the skill already chosen). */
function skillContext(e: CatalogEntry): string {
  return `The skill "${e.name}" is active. Follow its instructions.\n<skill_content name="${e.name}">\n${e.body}\nSkill directory: ${e.dir}\n</skill_content>`;
}

async function answerAndGrade(c: SkillEvalCase, chat: ChatModel, skill: CatalogEntry | undefined, signal?: AbortSignal): Promise<OutputGrade> {
  const prompt = c.files.length ? `${c.prompt}\n\nInput files: ${c.files.join(', ')}` : c.prompt;
  const failed = (error: string, answer = ''): OutputGrade => ({ answer, expectations: c.expectations.map((text) => ({ text, passed: false, evidence: 'not graded' })), passRate: 0, error });
  // The eval's stated policy: its tools run (it was started to run them).
  const a = await runChatTurn({ target: alone, model: chat, approval: ALLOW_TOOLS, message: prompt, ...(skill ? { instructions: skillContext(skill) } : {}), maxSteps: 1, signal });
  if (!a.ok) return failed(a.error ?? 'The model did not answer.');
  const list = c.expectations.map((e, i) => `${i + 1}. ${e}`).join('\n');
  const g = await runChatTurn({ target: grader, model: chat, approval: ALLOW_TOOLS, message: `The task:\n${c.prompt}\n\nThe expectations:\n${list}\n\nThe answer:\n<answer>\n${a.answer}\n</answer>`, instructions: GRADER_INSTRUCTIONS, maxSteps: 1, signal });
  if (!g.ok && g.failure !== 'step-cap') return failed(g.error ?? 'The grader did not answer.', a.answer);
  const call = g.toolCalls.find((t) => t.tool === GRADE_TOOL);
  const results = (call?.arguments as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) return failed('The grader gave no grades (it did not call the grade tool).', a.answer);
  const expectations = c.expectations.map((text, i) => {
    const r = (results[i] ?? {}) as { passed?: unknown; evidence?: unknown };
    return { text, passed: r.passed === true, evidence: typeof r.evidence === 'string' ? r.evidence : results[i] ? '' : 'the grader said nothing of it' };
  });
  return { answer: a.answer, expectations, passRate: expectations.length ? expectations.filter((e) => e.passed).length / expectations.length : 0 };
}
