import fs from 'node:fs';
import type { SetupResult, SetupStep } from '../../contract';
import { parse } from '../args';
import { resolvePath, type CommandContext } from '../context';
import { openSkill, RUN_OPTIONS } from '../open-skill';
import { EXIT, UsageError, type Io } from '../output';
import { Prompter } from '../prompt';

export const help = 'setup <path> [--answers FILE] [--inherit-env] [--host-parity]   the skill\'s setup wizard, in the terminal or from a JSON file';

type Answers = Record<string, Record<string, unknown>>;

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { answers: { type: 'string' }, ...RUN_OPTIONS });
  const answers = values.answers ? readAnswers(resolvePath(ctx, values.answers as string)) : null;
  const rt = openSkill(ctx, positionals[0], values);
  const prompter = answers ? null : new Prompter(ctx.stdin, ctx.stderr);
  try {
    const info = await rt.start();
    const setup = rt.adapter.setup;
    if (!setup || !info.capabilities.setup) {
      io.err(`skillbench: ${info.name} has no setup flow.`);
      return EXIT.FAILURE;
    }
    io.err(`Setting up ${info.name}.`);
    let step: SetupStep | null = await setup.start();
    let n = 1;
    // What the user answered to a step the skill refused: asked again, each answer is the default (a secret is kept
    // unseen), so fixing one field does not quietly put the others back to the skill's defaults.
    let refused: { stepId: string; values: Record<string, unknown> } | null = null;
    while (step) {
      io.err(`\nStep ${n}: ${step.title}${step.description ? `\n${step.description}` : ''}`);
      let values: Record<string, unknown>;
      if (answers) {
        values = { ...defaults(step), ...(answers[step.id] ?? {}) };
      } else {
        values = {};
        const before = refused?.stepId === step.id ? refused.values : {};
        for (const f of step.fields) {
          const v = await prompter!.field(f, f.name in before ? { value: before[f.name] } : undefined);
          if (v === null) {
            await setup.cancel().catch(() => undefined);
            io.err('skillbench: input ended before the setup was complete; nothing was saved.');
            return EXIT.FAILURE;
          }
          values[f.name] = v;
        }
      }
      // The answers are secrets the redactor now knows: a skill that repeats one in its message is scrubbed here.
      const result: SetupResult = rt.redactor.value(await setup.submit(step.id, values));
      if (result.status === 'error') {
        io.err(`The skill did not accept step "${step.title}"${result.message ? `: ${result.message}` : '.'}`);
        for (const e of result.errors ?? []) io.err(`  ${labelOf(step, e.field)}: ${e.message}`);
        if (answers) return EXIT.TOOL_ERROR;
        refused = { stepId: step.id, values };
        io.err('Answer again: Enter keeps what you gave.');
        continue;
      }
      if (result.status === 'complete') {
        io.err(`\n${result.message ?? 'Setup complete.'}`);
        const cipher = rt.homeStores.secrets.cipher;
        if (cipher.kind === 'local-key') {
          io.err(`Secrets are kept encrypted in ${rt.opts.home}/secrets.json, with a key file only you can read (${rt.opts.home}/secret.key). The desktop app uses the system keychain instead.`);
        }
        return EXIT.OK;
      }
      refused = null;
      step = result.nextStep ?? null;
      n++;
      if (!step) {
        io.err('skillbench: the skill asked for a next step but sent none.');
        return EXIT.FAILURE;
      }
    }
    return EXIT.FAILURE;
  } finally {
    prompter?.close();
    await rt.close();
  }
}

function readAnswers(file: string): Answers {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read --answers ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    const a: unknown = JSON.parse(text);
    if (!a || typeof a !== 'object' || Array.isArray(a)) throw new Error('expected an object of steps');
    return a as Answers;
  } catch (err) {
    throw new UsageError(`--answers ${file} must be JSON like {"<step id>": {"<field>": value}} (${(err as Error).message})`);
  }
}

function defaults(step: SetupStep): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of step.fields) if (f.default !== undefined && f.default !== null) out[f.name] = f.default;
  return out;
}

function labelOf(step: SetupStep, field: string): string {
  return step.fields.find((f) => f.name === field)?.label ?? field;
}
