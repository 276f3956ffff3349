/**
 * What a tool call may do, decided as namel3ss decides it. The effective guarantees come from the
 * pack's declared capabilities, the tool's purity (`pure` forbids everything) and the user's
 * `[capability_overrides]`; a foreign function never gets the network. The local runner enforces them
 * only in the sandbox (`sandbox: true`, always on for pack tools and foreign functions); a tool whose
 * guarantees need the sandbox but runs without it is refused before it starts, unless the user wrote
 * `allow_unsafe_execution = true`. Messages are namel3ss's own guidance (What happened / Why / Fix / Example).
 */
import type { AiTool } from './ai-file';
import type { ToolBinding } from './bindings';
import { GUARANTEES, type AppConfig, type CapabilityOverride, type Guarantee } from './config';
import { guaranteesOf, type PackCapabilities, type PackSource } from './packs';
import { guidance } from './messages';
import { PROTOCOL_VERSION, type CapabilityCheck } from './trace';

export type Source = 'binding' | PackSource;

export interface Guarantees {
  values: Record<Guarantee, boolean>;
  /** Who demanded each guarantee: pack, tool (purity), user (overrides) or engine. */
  sources: Partial<Record<Guarantee | 'secrets_allowed', string>>;
  secretsAllowed?: string[];
}

const CAPABILITY_OF: Record<Guarantee, string> = {
  no_filesystem_read: 'filesystem_read',
  no_filesystem_write: 'filesystem_write',
  no_network: 'network',
  no_subprocess: 'subprocess',
  no_env_read: 'env_read',
  no_env_write: 'env_write',
};

/** The user's overrides for a tool: by its name, or (for a capsule's tool) by its name inside the capsule. */
export function overrideFor(tool: AiTool, config: AppConfig): { override?: CapabilityOverride; key?: string } {
  if (config.overrides[tool.name]) return { override: config.overrides[tool.name], key: tool.name };
  const bare = tool.capsule ? tool.name.slice(tool.capsule.length + 1) : undefined;
  if (bare && config.overrides[bare]) return { override: config.overrides[bare], key: bare };
  return {};
}

export function effectiveGuarantees(opts: {
  purity: string;
  bindingPurity?: string;
  /** The pack's capabilities for this tool; undefined for a tool bound in the app's own tools.yaml. */
  pack?: PackCapabilities | null;
  isPack: boolean;
  override?: CapabilityOverride;
  foreign: boolean;
}): Guarantees {
  const g: Guarantees = { values: Object.fromEntries(GUARANTEES.map((k) => [k, false])) as Record<Guarantee, boolean>, sources: {} };
  const apply = (source: string, values: Partial<Record<Guarantee, boolean>>) => {
    for (const [k, v] of Object.entries(values) as [Guarantee, boolean][]) {
      if (!v) continue;
      g.values[k] = true;
      g.sources[k] = source;
    }
  };
  if (opts.isPack) apply('pack', guaranteesOf(opts.pack ?? undefined));
  if ((opts.bindingPurity ?? opts.purity) === 'pure') {
    apply('tool', Object.fromEntries(GUARANTEES.map((k) => [k, true])));
    g.secretsAllowed = [];
    g.sources.secrets_allowed = 'tool';
  }
  if (opts.override) {
    apply('user', opts.override.guarantees);
    if (opts.override.secretsAllowed) {
      g.secretsAllowed = opts.override.secretsAllowed;
      g.sources.secrets_allowed = 'user';
    }
  }
  if (opts.foreign) apply('engine', { no_network: true });
  return g;
}

/** namel3ss's order of the capabilities in a coverage list (coverage.required_capabilities). */
const COVERAGE_ORDER: Guarantee[] = ['no_filesystem_read', 'no_filesystem_write', 'no_network', 'no_subprocess', 'no_env_read', 'no_env_write'];

/** The capabilities the guarantees take away (namel3ss's "required" coverage), in namel3ss's order. */
export function requiredCapabilities(g: Guarantees): string[] {
  const out = COVERAGE_ORDER.filter((k) => g.values[k]).map((k) => CAPABILITY_OF[k]);
  if (g.secretsAllowed !== undefined) out.push('secrets');
  return out;
}

/** namel3ss's sandbox rule: always for a foreign function; else the local runner only, the binding's word, else on for packs. */
export function sandboxEnabled(source: Source, binding: ToolBinding, foreign: boolean): boolean {
  if (foreign) return true;
  if (binding.runner !== 'local') return false;
  if (binding.sandbox !== undefined) return binding.sandbox;
  return source !== 'binding';
}

/** The capability context the runner enforces (namel3ss's CapabilityContext, as a dict). */
export function capabilityContext(tool: string, source: Source, runner: string, g: Guarantees, roots: { filesystemRoot?: string; readRoots?: string[] } = {}): Record<string, unknown> {
  const guarantees: Record<string, unknown> = { ...g.values };
  if (g.secretsAllowed !== undefined) guarantees.secrets_allowed = g.secretsAllowed;
  const ctx: Record<string, unknown> = { tool_name: tool, resolved_source: source, runner, protocol_version: PROTOCOL_VERSION, guarantees, sources: { ...g.sources } };
  if (roots.filesystemRoot) ctx.filesystem_root = roots.filesystemRoot;
  if (roots.readRoots?.length) ctx.filesystem_read_roots = roots.readRoots;
  return ctx;
}

export { guidance } from './messages';

export function sandboxRequired(tool: string, missing: string[]): string {
  return guidance(
    `Tool "${tool}" requires sandbox enforcement.`,
    `Sandbox is disabled but guarantees require: ${missing.join(', ')}.`,
    'Enable sandbox in tools.yaml or relax the capability overrides.',
    'sandbox: true',
  );
}

export function networkBlocked(tool: string, url: string, method = 'POST'): string {
  return guidance(
    `Tool "${tool}" cannot use the network.`,
    `Effective guarantees forbid network access (${method.toUpperCase()} ${url}).`,
    'Remove the restriction or choose a tool that does not need the capability.',
    `[capability_overrides]\\n"${tool}" = { no_network = true }`,
  );
}

/** A capability check as namel3ss records it (one `capability_check` event, less who it is about). */
export function capabilityCheck(capability: string, allowed: boolean, source: string, reason: string): CapabilityCheck {
  return { capability, allowed, guarantee_source: source, reason };
}

export function sourceOf(g: Guarantees, capability: string): string {
  const key = (Object.entries(CAPABILITY_OF) as [Guarantee, string][]).find(([, c]) => c === capability)?.[0];
  return (key && g.sources[key]) ?? (capability === 'secrets' ? g.sources.secrets_allowed ?? 'pack' : 'pack');
}
