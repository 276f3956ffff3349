import type { ChatTurnResult } from '../../contract';
import { openChatModel } from '../../agent/chat-model';
import { skillChatTarget } from '../../agent/chat-target';
import { DEFAULT_MAX_STEPS, runChatTurn } from '../../agent/chat-turn';
import { DEFAULT_KEY_ENV, resolveModelKey } from '../../agent/model-keys';
import { startForCalls } from '../../protocols/registry';
import { parse } from '../args';
import { homeOf, resolvePath, type CommandContext } from '../context';
import { MODEL_OPTIONS, modelConfigOf } from '../model-options';
import { openSkill, RUN_OPTIONS } from '../open-skill';
import { EXIT, json, UsageError, type Io } from '../output';
import { chatApproval } from '../tool-approval-prompt';
import { checkRecordingTarget } from './call';

export const help =
  'chat <path> <message> --model NAME [--provider openai|anthropic] [--base-url URL] [--api-key-env VAR] [--max-steps N] [--allow-tools] [--record FILE] [--json]   one chat turn: the message through the skill\'s beforeMessage, a model with the skill\'s tools (each call recorded as a hand-made one), the answer through afterResponse (--provider openai: OpenAI-compatible chat completions at --base-url, default https://api.openai.com/v1, also Ollama, LM Studio, vLLM, OpenRouter; anthropic: the Messages API, default https://api.anthropic.com; the key: --api-key-env, else the workbench\'s store, else OPENAI_API_KEY or ANTHROPIC_API_KEY; --max-steps: model requests a turn may make, default 8; a tool call that needs approval (a script, or one asked about before) is asked about on the terminal, and without one refused unless --allow-tools, which runs every tool but those set to never run; --record: append the turn to a recording, its model requests and answers with it, for replay)';

export async function run(argv: string[], io: Io, ctx: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, { ...MODEL_OPTIONS, 'max-steps': { type: 'string' }, 'allow-tools': { type: 'boolean' }, record: { type: 'string' }, ...RUN_OPTIONS });
  const [target, message] = positionals;
  if (message === undefined) throw new UsageError('chat needs a skill path and a message');
  if (positionals.length > 2) throw new UsageError(`chat takes one message: quote it ("${positionals.slice(1).join(' ')}")`);
  const config = modelConfigOf(values);
  if (!config) throw new UsageError('chat needs --model NAME (and --provider, --base-url for a model other than OpenAI\'s)');
  const maxSteps = stepsOption(values['max-steps'] as string | undefined);
  // The model's key is the workbench's: even a skill given this shell's environment (--inherit-env) does not get it.
  const keyVar = config.apiKeyEnv ?? DEFAULT_KEY_ENV[config.provider];
  const skillCtx: CommandContext = { ...ctx, env: { ...ctx.env, [keyVar]: undefined } };
  const recordTo = values.record === undefined ? undefined : resolvePath(ctx, values.record as string);
  const rt = openSkill(skillCtx, target, values);
  let result: ChatTurnResult;
  let recordFailure: Error | null | undefined;
  const asking = chatApproval({ home: homeOf(ctx), stdin: ctx.stdin, out: ctx.stderr, allowTools: values['allow-tools'] === true });
  try {
    // The provider's own address with no key would only refuse: said before the skill runs or anything goes out.
    // (A model at --base-url, Ollama's or LM Studio's, may need none.)
    if (!config.baseUrl && resolveModelKey(config, { env: ctx.env, secrets: rt.homeStores.secrets }).source === 'none') {
      const vendor = config.provider === 'anthropic' ? 'Anthropic' : 'OpenAI';
      throw new UsageError(`chat has no key for ${vendor}'s API: set ${DEFAULT_KEY_ENV[config.provider]}, give --api-key-env VAR, or add the key in the app's Models dialog (a model at --base-url may need none)`);
    }
    const model = openChatModel(config, { env: ctx.env, secrets: rt.homeStores.secrets });
    // Nothing this command prints (an answer that quotes it, an error) nor records shows the key.
    if (model.key.key) rt.redactor.add(model.key.key);
    if (recordTo) {
      checkRecordingTarget(recordTo, rt);
      // Started first, so the recording's header knows the skill's version (as call --record).
      await startForCalls(rt);
      rt.startRecording(recordTo);
    }
    result = await runChatTurn({ target: skillChatTarget(rt), model, message, maxSteps, approval: asking.approval });
    if (recordTo) recordFailure = rt.stopRecording()?.failure;
  } finally {
    asking.close();
    await rt.close();
  }
  result = rt.redactor.value(result);
  if (values.json) {
    const { ok, error, message: m, modelMessage, toolCalls, modelAnswer, answer, usage, durationMs, steps, failure } = result;
    io.out(json({ ok, ...(error ? { error, failure } : {}), message: m, modelMessage, toolCalls: toolCalls.map(({ tool, arguments: a, ok: o, result: r }) => ({ tool, arguments: a, ok: o, result: r })), modelAnswer, answer, usage, durationMs, steps }));
  } else printTurn(io, result);
  if (recordFailure) {
    io.err(`The recording ${recordTo} could not be written (${recordFailure.message}); it keeps what was written before.`);
    return EXIT.FAILURE;
  }
  return exitCode(result);
}

function stepsOption(v: string | undefined): number {
  if (v === undefined) return DEFAULT_MAX_STEPS;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 100) throw new UsageError(`--max-steps takes a whole number from 1 to 100, not "${v}"`);
  return n;
}

/** 0: an answer; 1: the turn ended without one (the step cap, a message hook failed); 2: the model could not be asked. */
function exitCode(r: ChatTurnResult): number {
  if (r.ok) return EXIT.OK;
  return r.failure === 'model' || r.failure === 'tools' ? EXIT.FAILURE : EXIT.TOOL_ERROR;
}

const short = (v: unknown, max = 200) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
};

function printTurn(io: Io, r: ChatTurnResult): void {
  io.err(`> ${r.message}`);
  if (r.modelMessage !== r.message) io.err(`  beforeMessage: ${r.modelMessage}`);
  for (const c of r.toolCalls) io.err(`  ${c.ok ? '✓' : '✗'} ${c.tool} ${short(c.arguments)} → ${short(c.result)}`);
  if (r.answer !== r.modelAnswer) io.err(`  the model said: ${r.modelAnswer}\n  afterResponse made it:`);
  const u = r.usage;
  const tokens = u.inputTokens !== undefined ? `${u.inputTokens} tokens in, ${u.outputTokens ?? '?'} out, ` : '';
  const cost = u.costUsd !== undefined ? `$${u.costUsd.toFixed(4)}, ` : '';
  if (r.ok) io.out(r.answer);
  else io.err(`skillbench: ${r.error}`);
  io.err(`  (${r.steps} ${r.steps === 1 ? 'step' : 'steps'}, ${tokens}${cost}${(r.durationMs / 1000).toFixed(1)} s)`);
}
