/**
 * Subprocess JSON-RPC skills (python-skills-subprocess-jsonrpc.md): `initialize`, then `lifecycle/onLoad`;
 * tools from `parameters`; `tools/call` results as text with `isError` honoured; `shutdown` on stop;
 * sessions and ticks through the `lifecycle/*` methods.
 */
import type { CallOutcome, SkillInfo, ToolInfo } from '../../contract';
import type { SpawnSpec } from '../../engine/child';
import { SkillError } from '../../common/errors';
import type { RpcProcess } from '../../engine/rpc-process';
import type { ParamsIn, RpcMethod } from '../../common/rpc-method';
import { tickIntervalOf, type AdapterContext, type CallOptions, type SessionCapability } from '../adapter';
import { resolveCommand } from '../command';
import { PersistentRpcSkill, contentText, textOutcome } from '../persistent';
import { skillEnvironment } from '../skill-env';
import type { SkillRef } from '../../contract';
import { readSubprocessManifest, type SubprocessManifest } from './manifest';
import * as M from './methods';


export class JsonRpcSkill extends PersistentRpcSkill {
  protected readonly shutdownMethod = M.shutdown.method;
  private manifest: SubprocessManifest;

  constructor(ref: SkillRef, ctx: AdapterContext) {
    super(ref, ctx);
    const m = readSubprocessManifest(ref.dir);
    if (!m) throw new SkillError('NOT_FOUND', `${ref.dir} has no manifest.json with runtime.type "subprocess".`);
    this.manifest = m;
  }

  readonly sessions: SessionCapability = {
    start: async (sessionId) => {
      await this.lifecycle(M.onSessionStart, { sessionId });
    },
    end: async (sessionId) => {
      await this.lifecycle(M.onSessionEnd, { sessionId });
    },
  };

  async tick(): Promise<void> {
    await this.lifecycle(M.onTick, {});
  }

  protected spawnSpec(): SpawnSpec {
    this.manifest = readSubprocessManifest(this.ref.dir) ?? this.manifest;
    if (this.manifest.broken) throw new SkillError('LAUNCH', `${this.ref.name} cannot start: its manifest.json is not valid JSON (${this.manifest.broken}). Fix the JSON, then start it again.`);
    return {
      command: resolveCommand(this.manifest.command),
      args: [...this.manifest.args, ...(this.ctx.args ?? [])],
      cwd: this.ref.dir,
      // runtime.env gives values, not names to pass on: the skill's settings go over them.
      env: skillEnvironment({ own: { ...this.manifest.env, ...this.ctx.env } }),
    };
  }

  protected async handshake(proc: RpcProcess): Promise<SkillInfo> {
    const init = await proc.request(M.initialize, {}, { timeoutMs: this.ctx.timeoutMs });
    const notes: string[] = [];
    const tools = toolsFrom(init.tools, notes);
    await proc.request(M.onLoad, {}).catch((err: Error) => {
      notes.push(`lifecycle/onLoad failed: ${err.message}`);
    });
    return {
      ...this.ref,
      name: init.name ?? this.ref.name,
      description: init.description ?? this.ref.description,
      version: init.version ?? this.manifest.version,
      tools,
      notes,
      tickIntervalMs: tickIntervalOf(this.manifest.tickIntervalMs, notes),
      capabilities: { setup: false, sessions: true, ticks: true, messageHooks: false, persistent: true },
    };
  }

  protected async invoke(proc: RpcProcess, tool: string, args: unknown, opts: CallOptions): Promise<CallOutcome> {
    const started = performance.now();
    const result = await proc.request(M.toolsCall, { name: tool, arguments: args ?? {} }, opts);
    const durationMs = Math.round(performance.now() - started);
    if (typeof result === 'string') return textOutcome(result, false, durationMs, 'result is a bare string');
    const form = Array.isArray(result.content) ? 'content as a list of items' : undefined;
    return textOutcome(contentText(result.content), result.isError, durationMs, form);
  }

  private async lifecycle<L extends RpcMethod>(method: L, params: ParamsIn<L>): Promise<void> {
    const proc = await this.running();
    await this.supervisor.track(proc.request(method, params, { timeoutMs: this.ctx.timeoutMs }));
  }
}

function toolsFrom(raw: unknown, notes: string[]): ToolInfo[] {
  if (!Array.isArray(raw)) {
    notes.push('initialize returned no tools list.');
    return [];
  }
  const out: ToolInfo[] = [];
  for (const t of raw) {
    const checked = M.subprocessTool.safeParse(t);
    if (!checked.success) {
      notes.push(`Ignored a tool without a name: ${JSON.stringify(t).slice(0, 120)}`);
      continue;
    }
    const tool = checked.data;
    // The document says `parameters`; MCP-minded skills send `inputSchema`: accept both, say which.
    const schema = (tool.parameters ?? tool.inputSchema) as ToolInfo['inputSchema'] | undefined;
    if (!tool.parameters && tool.inputSchema) notes.push(`Tool "${tool.name}" declares inputSchema instead of parameters.`);
    out.push({
      name: tool.name,
      description: tool.description,
      inputSchema: schema && typeof schema === 'object' ? schema : { type: 'object', properties: {} },
    });
  }
  return out;
}
