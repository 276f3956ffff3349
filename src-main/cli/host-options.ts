/** What the commands that run a real agent host share: `--host <id>[@version]` found, and the proxy's model with its key. */
import type { ModelConfig } from '../contract';
import { resolveModelKey } from '../agent/model-keys';
import { SecretStore } from '../host/secret-store';
import { pickHost, type FoundHost } from '../hosts/host-find';
import { parseHostSpec, type HostKind } from '../hosts/host-kinds';
import type { ProxyAnswer } from '../hosts/model-proxy';
import type { CommandContext } from './context';
import { UsageError } from './output';

/** The host `--host` names, installed or on PATH, and one the proxy can speak to. */
export function hostOption(value: unknown, home: string, ctx: CommandContext): { kind: HostKind; host: FoundHost } {
  if (typeof value !== 'string') throw new UsageError('name the host: --host claude-code (see "skillbench hosts")');
  let spec;
  try {
    spec = parseHostSpec(value);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (!spec.kind.proxied) throw new UsageError(`${spec.kind.id}: ${spec.kind.note}, so the workbench cannot run it yet`);
  return { kind: spec.kind, host: pickHost(home, ctx.env, spec.kind, spec.version) };
}

/** The proxy forwarding to `config`, its key found here (the host never gets it). */
export function modelAnswer(config: ModelConfig, ctx: CommandContext, home: string): ProxyAnswer {
  if (config.provider !== 'anthropic') throw new UsageError('the proxy forwards to an Anthropic Messages model only for now: give --provider anthropic (an OpenAI-compatible profile needs a translation not built yet)');
  const key = resolveModelKey(config, { env: ctx.env, secrets: SecretStore.open(home) });
  return { kind: 'model', config, apiKey: key.key };
}
