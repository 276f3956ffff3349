/**
 * A QuickJS skill as far as the workbench goes: read, never run. Its manifest and the tool definitions its files
 * hold are shown, with why nothing runs: the workbench has no QuickJS runtime, and AlphaHuman's own host dropped
 * that runtime on 2026-04-11. A call is answered UNSUPPORTED, saying the same.
 */
import path from 'node:path';
import type { CallOutcome, SkillInfo, SkillRef, SkillStatus } from '../../contract';
import type { AdapterContext, SkillAdapter } from '../adapter';
import { isFile } from '../refs';
import { readQuickJsManifest, readQuickJsTools, type QuickJsManifest } from './read';

export const UPSTREAM_DROPPED = '2026-04-11';
export const NOT_RUN = `The workbench does not run QuickJS skills yet, and AlphaHuman's host, which ran them, dropped its QuickJS runtime on ${UPSTREAM_DROPPED}.`;

export class QuickJsSkill implements SkillAdapter {
  private learnt: SkillInfo | null = null;

  constructor(
    readonly ref: SkillRef,
    private readonly ctx: AdapterContext,
  ) {}

  describe(): Promise<SkillInfo> {
    return Promise.resolve(this.read());
  }

  /** Reads it again; nothing starts, so it stays stopped, saying why. */
  start(): Promise<SkillInfo> {
    this.learnt = this.read();
    this.ctx.onStatus?.('stopped', 'Not run: the workbench does not run QuickJS skills');
    return Promise.resolve(this.learnt);
  }

  info(): SkillInfo | null {
    return this.learnt;
  }

  call(tool: string): Promise<CallOutcome> {
    return Promise.resolve({ ok: false, durationMs: 0, error: { code: 'UNSUPPORTED', message: `${tool} was not called: ${NOT_RUN}` } });
  }

  stop(): Promise<void> {
    return Promise.resolve();
  }

  status(): SkillStatus {
    return 'stopped';
  }

  private read(): SkillInfo {
    const m = readQuickJsManifest(this.ref.dir);
    const { tools, unreadSchemas } = readQuickJsTools(this.ref.dir);
    const notes = [`A TypeScript skill for AlphaHuman's QuickJS runtime: read from its files, not run. ${NOT_RUN}`];
    if (m) notes.push(manifestNote(m, this.ref.dir));
    notes.push(
      tools.length
        ? `Its ${tools.length} tool${tools.length === 1 ? '' : 's'} were read from the tool definitions in its .ts and .js files${unreadSchemas ? `; ${unreadSchemas} input schema${unreadSchemas === 1 ? ' is' : 's are'} not a plain literal and show${unreadSchemas === 1 ? 's' : ''} as an open object` : ''}.`
        : 'No tool definitions were found in its files (a tool is read where it is written as { name, description, input_schema } literals).',
    );
    return {
      ...this.ref,
      name: m?.name ?? this.ref.name,
      description: m?.description ?? this.ref.description,
      version: m?.version,
      tools,
      notes,
      capabilities: { setup: false, sessions: false, ticks: false, messageHooks: false, persistent: false },
    };
  }
}

/** The manifest in one sentence: what it declares that a host would act on. */
function manifestNote(m: QuickJsManifest, dir: string): string {
  const raw = m.raw;
  const parts = [`id ${JSON.stringify(m.id ?? path.basename(dir))}`];
  parts.push(m.runtime ? `runtime "${m.runtime}"` : 'no runtime named (its layout says QuickJS)');
  const built = !isFile(path.join(dir, m.entry)) && isFile(path.join(dir, 'index.ts'));
  parts.push(`entry ${m.entry}${built ? ' (not in the folder: it is built from index.ts)' : ''}`);
  if (m.version) parts.push(`version ${m.version}`);
  const setup = raw.setup as { required?: unknown; label?: unknown } | undefined;
  if (setup?.required === true) parts.push(`setup required${typeof setup.label === 'string' ? ` ("${setup.label}")` : ''}`);
  if (Array.isArray(raw.env) && raw.env.length) parts.push(`env ${raw.env.map(String).join(', ')}`);
  if (Array.isArray(raw.platforms)) parts.push(`platforms ${raw.platforms.map(String).join(', ')}`);
  const schema = raw.entity_schema as { entity_types?: unknown[]; relationship_types?: unknown[] } | undefined;
  if (Array.isArray(schema?.entity_types)) parts.push(`${schema.entity_types.length} entity types`);
  if (Array.isArray(schema?.relationship_types)) parts.push(`${schema.relationship_types.length} relationship types`);
  if (raw.auto_start === true) parts.push('starts automatically');
  return `Manifest: ${parts.join(', ')}.`;
}
