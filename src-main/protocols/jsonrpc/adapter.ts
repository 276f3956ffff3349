/**
 * Subprocess JSON-RPC skills (python-skills-subprocess-jsonrpc.md): `initialize`, then `lifecycle/onLoad`;
 * tools from `parameters`; `tools/call` results as text with `isError` honoured; `shutdown` on stop;
 * sessions and ticks through the `lifecycle/*` methods.
 */
import type { CallOutcome, SkillInfo, ToolInfo } from '../../contract';
import type { SpawnSpec } from '../../engine/child';
import { SkillError } from '../../engine/errors';
import type { RpcProcess } from '../../engine/rpc-process';
import { tickIntervalOf, type AdapterContext, type CallOptions, type SessionCapability } from '../adapter';
import { resolveCommand } from '../command';
import { PersistentRpcSkill, contentText, textOutcome } from '../persistent';
import { skillEnvironment } from '../skill-env';
import type { SkillRef } from '../../contract';
import { readSubprocessManifest, type SubprocessManifest } from './manifest';

const LIFECYCLE_TIMEOUT_MS = 10_000;

export class JsonRpcSkill extends PersistentRpcSkill {
  protected readonly shutdownMethod = 'shutdown';
  private manifest: SubprocessManifest;

  constructor(ref: SkillRef, ctx: AdapterContext) {
    super(ref, ctx);
    const m = readSubprocessManifest(ref.dir);
    if (!m) throw new SkillError('NOT_FOUND', `${ref.dir} has no manifest.json with runtime.type "subprocess".`);
    this.manifest = m;
  }

  readonly sessions: SessionCapability = {
    start: async (sessionId) => {
      await this.lifecycle('lifecycle/onSessionStart', { sessionId });
    },
    end: async (sessionId) => {
      await this.lifecycle('lifecycle/onSessionEnd', { sessionId });
    },
  };

  async tick(): Promise<void> {
    await this.lifecycle('lifecycle/onTick', {});
  }

  protected spawnSpec(): SpawnSpec {
    this.manifest = readSubprocessManifest(this.ref.dir) ?? this.manifest;
    return {
      command: resolveCommand(this.manifest.command),
      args: [...this.manifest.args, ...(this.ctx.args ?? [])],
      cwd: this.ref.dir,
      // runtime.env gives values, not names to pass on: the skill's settings go over them.
      env: skillEnvironment({ own: { ...this.manifest.env, ...this.ctx.env } }),
    };
  }

  protected async handshake(proc: RpcProcess): Promise<SkillInfo> {
    const init = await proc.request<Record<string, unknown>>('initialize', {}, { timeoutMs: this.ctx.timeoutMs ?? 30_000 });
    if (!init || typeof init !== 'object') throw new SkillError('PROTOCOL', `${this.ref.name} answered initialize without a result object.`);
    const notes: string[] = [];
    const tools = toolsFrom(init.tools, notes);
    await proc.request('lifecycle/onLoad', {}, { timeoutMs: LIFECYCLE_TIMEOUT_MS }).catch((err: Error) => {
      notes.push(`lifecycle/onLoad failed: ${err.message}`);
    });
    return {
      ...this.ref,
      name: str(init.name) ?? this.ref.name,
      description: str(init.description) ?? this.ref.description,
      version: str(init.version) ?? this.manifest.version,
      tools,
      notes,
      tickIntervalMs: tickIntervalOf(this.manifest.tickIntervalMs, notes),
      capabilities: { setup: false, sessions: true, ticks: true, messageHooks: false, persistent: true },
    };
  }

  protected async invoke(proc: RpcProcess, tool: string, args: unknown, opts: CallOptions): Promise<CallOutcome> {
    const started = performance.now();
    const result = await proc.request<Record<string, unknown> | string | null>('tools/call', { name: tool, arguments: args ?? {} }, opts);
    const durationMs = Math.round(performance.now() - started);
    if (typeof result === 'string') return textOutcome(result, false, durationMs, 'result is a bare string');
    if (!result || typeof result !== 'object') {
      throw new SkillError('PROTOCOL', `${this.ref.name} answered tools/call for "${tool}" without a result object.`);
    }
    const isError = result.isError === true || result.is_error === true;
    const form = Array.isArray(result.content) ? 'content as a list of items' : undefined;
    return textOutcome(contentText(result.content), isError, durationMs, form);
  }

  private async lifecycle(method: string, params: unknown): Promise<void> {
    const proc = await this.running();
    await this.supervisor.track(proc.request(method, params, { timeoutMs: this.ctx.timeoutMs ?? LIFECYCLE_TIMEOUT_MS }));
  }
}

function toolsFrom(raw: unknown, notes: string[]): ToolInfo[] {
  if (!Array.isArray(raw)) {
    notes.push('initialize returned no tools list.');
    return [];
  }
  const out: ToolInfo[] = [];
  for (const t of raw) {
    if (!t || typeof t !== 'object' || typeof (t as { name?: unknown }).name !== 'string') {
      notes.push(`Ignored a tool without a name: ${JSON.stringify(t).slice(0, 120)}`);
      continue;
    }
    const tool = t as Record<string, unknown>;
    // The document says `parameters`; MCP-minded skills send `inputSchema`: accept both, say which.
    const schema = (tool.parameters ?? tool.inputSchema) as ToolInfo['inputSchema'] | undefined;
    if (!tool.parameters && tool.inputSchema) notes.push(`Tool "${tool.name}" declares inputSchema instead of parameters.`);
    out.push({
      name: tool.name as string,
      description: str(tool.description),
      inputSchema: schema && typeof schema === 'object' ? schema : { type: 'object', properties: {} },
    });
  }
  return out;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}
