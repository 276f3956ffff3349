/**
 * A SkillDefinition skill's setup wizard, asked of the agent's user through MCP's `elicitation/create`:
 * each step becomes a form (plain words, defaults filled in), its answers go to the skill's setup flow
 * (protocols/skilldef/setup-flow.ts), which keeps password answers in the encrypted store and teaches them
 * to the redactor before anything else sees them.
 */
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/server';
import type { SetupField, SetupResult, SetupStep } from '../contract';
import type { SetupCapability } from '../protocols/adapter';

type Schema = ElicitRequestFormParams['requestedSchema'];
type Property = Schema['properties'][string];

/** How many times one step is asked again after the skill refused its answers. */
const RETRIES = 3;

export type Elicit = (params: ElicitRequestFormParams) => Promise<ElicitResult>;

export interface SetupOutcome {
  done: boolean;
  /** Why it is not done, in plain words. */
  message?: string;
}

/** The form of one step. */
export function stepSchema(step: SetupStep): Schema {
  const properties: Record<string, Property> = {};
  const required: string[] = [];
  for (const f of step.fields) {
    properties[f.name] = propertyOf(f);
    // A field with a default is not required of the client: the default is applied when it is left out.
    if (f.required !== false && f.type !== 'boolean' && (f.default === undefined || f.default === null)) required.push(f.name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function propertyOf(f: SetupField): Property {
  const description = [f.description, f.type === 'password' ? 'Kept encrypted by Skill Workbench; never shown again.' : null].filter(Boolean).join(' ') || undefined;
  const base = { title: f.label, ...(description ? { description } : {}) };
  const choices = f.options ?? [];
  switch (f.type) {
    case 'number':
      return { type: 'number', ...base, ...(typeof f.default === 'number' ? { default: f.default } : {}) };
    case 'boolean':
      return { type: 'boolean', ...base, ...(typeof f.default === 'boolean' ? { default: f.default } : {}) };
    case 'select':
      return { type: 'string', ...base, oneOf: choices.map((c) => ({ const: c.value, title: c.label })), ...(typeof f.default === 'string' ? { default: f.default } : {}) };
    case 'multiselect':
      return {
        type: 'array',
        ...base,
        items: { anyOf: choices.map((c) => ({ const: c.value, title: c.label })) },
        ...(Array.isArray(f.default) ? { default: f.default.map(String) } : {}),
      };
    default:
      return { type: 'string', ...base, ...(typeof f.default === 'string' ? { default: f.default } : {}) };
  }
}

/** Runs the whole wizard through `elicit`; a decline or a cancel cancels the skill's setup, saving nothing. */
export async function setupByElicitation(skill: string, setup: SetupCapability, elicit: Elicit): Promise<SetupOutcome> {
  let step: SetupStep | null = await setup.start();
  let problem: string | null = null;
  let tries = 0;
  while (step) {
    const intro = `${skill} needs setting up before it can be used. ${step.title}${step.description ? `: ${step.description}` : ''}`;
    const answer = await elicit({ mode: 'form', message: problem ? `${problem}\n\n${intro}` : intro, requestedSchema: stepSchema(step) }).catch(async (err: Error) => {
      await setup.cancel().catch(() => undefined);
      throw err;
    });
    if (answer.action !== 'accept') {
      await setup.cancel().catch(() => undefined);
      return { done: false, message: `The setup of ${skill} was ${answer.action === 'decline' ? 'declined' : 'cancelled'}: nothing was saved.` };
    }
    const result: SetupResult = await setup.submit(step.id, withDefaults(step, answer.content ?? {}));
    if (result.status === 'complete') return { done: true, message: result.message ?? undefined };
    if (result.status === 'error') {
      if (++tries > RETRIES) {
        await setup.cancel().catch(() => undefined);
        return { done: false, message: `${skill} did not accept the answers to "${step.title}"${result.message ? `: ${result.message}` : '.'}` };
      }
      problem = [result.message, ...(result.errors ?? []).map((e) => `${labelOf(step!, e.field)}: ${e.message}`)].filter(Boolean).join('\n');
      continue;
    }
    tries = 0;
    problem = null;
    step = result.nextStep ?? null;
  }
  return { done: false, message: `${skill} asked for a next setup step but sent none.` };
}

/** What the form left out, its default (clients need not apply them). */
function withDefaults(step: SetupStep, content: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of step.fields) if (f.default !== undefined && f.default !== null) out[f.name] = f.default;
  return { ...out, ...content };
}

function labelOf(step: SetupStep, field: string): string {
  return step.fields.find((f) => f.name === field)?.label ?? field;
}
