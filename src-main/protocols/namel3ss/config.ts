/**
 * `namel3ss.toml` as far as Python tools care: `[python_tools] timeout_seconds` and `service_url`, and a
 * name/version/description for the inspector. namel3ss lets the environment override the file
 * (`N3_PYTHON_TOOL_TIMEOUT_SECONDS`, `N3_TOOL_SERVICE_URL`); that is applied where the values are used,
 * because the environment differs per skill.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';

export const CONFIG_FILE = 'namel3ss.toml';

export interface AppConfig {
  exists: boolean;
  name?: string;
  version?: string;
  description?: string;
  timeoutSeconds?: number;
  serviceUrl?: string;
  problems: string[];
}

export function readAppConfig(appRoot: string): AppConfig {
  const out: AppConfig = { exists: false, problems: [] };
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
    doc = parseToml(text) as Record<string, unknown>;
  } catch (err) {
    out.problems.push(`${CONFIG_FILE} is not valid TOML: ${(err as Error).message.split('\n')[0]}`);
    return out;
  }
  // Apps name themselves in different tables; take the first that says.
  for (const table of [doc.app, doc.project, doc]) {
    if (!isObject(table)) continue;
    out.name ??= str(table.name);
    out.version ??= str(table.version);
    out.description ??= str(table.description);
  }
  const tools = doc.python_tools;
  if (tools !== undefined && !isObject(tools)) out.problems.push(`${CONFIG_FILE}: [python_tools] must be a table.`);
  if (isObject(tools)) {
    const t = tools.timeout_seconds;
    if (t !== undefined) {
      const n = typeof t === 'bigint' ? Number(t) : t;
      if (typeof n === 'number' && Number.isInteger(n) && n > 0) out.timeoutSeconds = n;
      else out.problems.push(`${CONFIG_FILE}: [python_tools] timeout_seconds must be a positive whole number (found ${String(t)}).`);
    }
    const url = tools.service_url;
    if (url !== undefined) {
      if (typeof url === 'string' && url.trim()) out.serviceUrl = url.trim();
      else out.problems.push(`${CONFIG_FILE}: [python_tools] service_url must be a non-empty string.`);
    }
  }
  return out;
}

/** A variable from the skill's own environment first, then the workbench's. */
export function envValue(env: Record<string, string | undefined>, name: string): string | undefined {
  const v = env[name] ?? process.env[name];
  return v === undefined || v === '' ? undefined : v;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
