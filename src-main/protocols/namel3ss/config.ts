/**
 * `namel3ss.toml` as far as Python tools care: `[python_tools] timeout_seconds`, `service_url` and
 * `service_handshake_required`, `[capability_overrides]` (per tool: no_filesystem_write, no_network, ...),
 * `[tool_packs]` (enabled_packs, disabled_packs, pinned_tools), and a name/version/description for the
 * inspector. namel3ss lets the environment override the file
 * (`N3_PYTHON_TOOL_TIMEOUT_SECONDS`, `N3_TOOL_SERVICE_URL`); that is applied where the values are used,
 * because the environment differs per skill.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { asText, isObject, trimmed } from '../../common/values';
import { hostEnv } from '../../host/host-env';

export const CONFIG_FILE = 'namel3ss.toml';

export interface AppConfig {
  exists: boolean;
  name?: string;
  version?: string;
  description?: string;
  timeoutSeconds?: number;
  serviceUrl?: string;
  /** `[python_tools] service_handshake_required = true`: ask a service what it enforces before each tool's first call. */
  serviceHandshake: boolean;
  /** `[capability_overrides]`: tool name -> the guarantees the user demands of it. */
  overrides: Record<string, CapabilityOverride>;
  enabledPacks: string[];
  disabledPacks: string[];
  /** `[tool_packs] pinned_tools`: tool name -> the pack that provides it where several do. */
  pinnedTools: Record<string, string>;
  problems: string[];
}

export const GUARANTEES = ['no_filesystem_write', 'no_filesystem_read', 'no_network', 'no_subprocess', 'no_env_read', 'no_env_write'] as const;
export type Guarantee = (typeof GUARANTEES)[number];

export interface CapabilityOverride {
  guarantees: Partial<Record<Guarantee, boolean>>;
  secretsAllowed?: string[];
  /** `allow_unsafe_execution = true`: run even where the runner cannot enforce the guarantees. */
  allowUnsafe: boolean;
}

export function readAppConfig(appRoot: string): AppConfig {
  const out: AppConfig = { exists: false, serviceHandshake: false, overrides: {}, enabledPacks: [], disabledPacks: [], pinnedTools: {}, problems: [] };
  let text: string;
  try {
    text = fs.readFileSync(path.join(appRoot, CONFIG_FILE), 'utf8');
    out.exists = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') out.problems.push(`Cannot read ${CONFIG_FILE}: ${(err as Error).message}`);
    return out;
  }
  let doc: Record<string, unknown>;
  try {
    doc = parseToml(text);
  } catch (err) {
    out.problems.push(`${CONFIG_FILE} is not valid TOML: ${(err as Error).message.split('\n')[0]}`);
    return out;
  }
  // Apps name themselves in different tables; take the first that says.
  for (const table of [doc.app, doc.project, doc]) {
    if (!isObject(table)) continue;
    out.name ??= trimmed(table.name);
    out.version ??= trimmed(table.version);
    out.description ??= trimmed(table.description);
  }
  const tools = doc.python_tools;
  if (tools !== undefined && !isObject(tools)) out.problems.push(`${CONFIG_FILE}: [python_tools] must be a table.`);
  if (isObject(tools)) {
    const t = tools.timeout_seconds;
    if (t !== undefined) {
      const n = typeof t === 'bigint' ? Number(t) : t;
      if (typeof n === 'number' && Number.isInteger(n) && n > 0) out.timeoutSeconds = n;
      else out.problems.push(`${CONFIG_FILE}: [python_tools] timeout_seconds must be a positive whole number (found ${asText(t)}).`);
    }
    const url = tools.service_url;
    if (url !== undefined) {
      if (typeof url === 'string' && url.trim()) out.serviceUrl = url.trim();
      else out.problems.push(`${CONFIG_FILE}: [python_tools] service_url must be a non-empty string.`);
    }
    out.serviceHandshake = tools.service_handshake_required === true;
  }
  readOverrides(doc.capability_overrides, out);
  const packs = doc.tool_packs;
  if (isObject(packs)) {
    out.enabledPacks = strings(packs.enabled_packs);
    out.disabledPacks = strings(packs.disabled_packs);
    if (isObject(packs.pinned_tools)) for (const [k, v] of Object.entries(packs.pinned_tools)) if (typeof v === 'string') out.pinnedTools[k] = v;
  }
  return out;
}

function readOverrides(v: unknown, out: AppConfig): void {
  if (v === undefined) return;
  if (!isObject(v)) {
    out.problems.push(`${CONFIG_FILE}: [capability_overrides] must be a table of tool names, like "my tool" = { no_network = true }.`);
    return;
  }
  for (const [tool, raw] of Object.entries(v)) {
    if (!isObject(raw)) {
      out.problems.push(`${CONFIG_FILE}: [capability_overrides] "${tool}" must be an inline table, like { no_filesystem_write = true }.`);
      continue;
    }
    const o: CapabilityOverride = { guarantees: {}, allowUnsafe: raw.allow_unsafe_execution === true };
    for (const [key, value] of Object.entries(raw)) {
      if ((GUARANTEES as readonly string[]).includes(key)) {
        if (typeof value === 'boolean') o.guarantees[key as Guarantee] = value;
        else out.problems.push(`${CONFIG_FILE}: [capability_overrides] "${tool}".${key} must be true or false.`);
      } else if (key === 'secrets_allowed') o.secretsAllowed = strings(value);
      else if (key !== 'allow_unsafe_execution') out.problems.push(`${CONFIG_FILE}: [capability_overrides] "${tool}" has an unknown key "${key}" (known: ${GUARANTEES.join(', ')}, secrets_allowed, allow_unsafe_execution).`);
    }
    out.overrides[tool] = o;
  }
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && !!x.trim()).map((x) => x.trim()) : [];
}

/** A variable from the skill's own environment first, then the workbench's. */
export function envValue(env: Record<string, string | undefined>, name: string): string | undefined {
  const v = env[name] ?? hostEnv()[name];
  return v === undefined || v === '' ? undefined : v;
}

