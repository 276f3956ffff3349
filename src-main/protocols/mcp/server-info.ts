/** What a server said of itself at initialisation, in the workbench's shape (its capabilities in short and as sent); its lists read whole. */
import type { Client } from '@modelcontextprotocol/client';
import type { McpCapabilities, McpServerConfig, McpServerInfo } from '../../contract';
import { skillsSupport } from './skills';

export function serverInfoOf(skillId: string, client: Client, cfg: McpServerConfig, pv: string | undefined): McpServerInfo {
  const v = client.getServerVersion() as { name?: string; version?: string; title?: string } | undefined;
  const raw = (client.getServerCapabilities() ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const caps: McpCapabilities = {
    tools: !!raw.tools,
    resources: !!raw.resources,
    resourceSubscribe: !!raw.resources?.subscribe,
    prompts: !!raw.prompts,
    logging: !!raw.logging,
    completions: !!raw.completions,
    listChanged: (['tools', 'resources', 'prompts'] as const).filter((k) => !!raw[k]?.listChanged),
  };
  const tasks = raw.tasks as { list?: unknown; cancel?: unknown; requests?: { tools?: { call?: unknown } } } | undefined;
  if (tasks) caps.tasks = { toolCall: !!tasks.requests?.tools?.call, list: !!tasks.list, cancel: !!tasks.cancel };
  const skills = skillsSupport(client);
  if (skills) caps.skills = skills;
  const info: McpServerInfo = { skillId, name: v?.name ?? cfg.name, version: v?.version ?? '', transport: cfg.transport, capabilities: caps, rawCapabilities: raw };
  if (v?.title) info.title = v.title;
  if (pv) info.protocolVersion = pv;
  const instructions = client.getInstructions();
  if (instructions) info.instructions = instructions;
  if (cfg.transport === 'http') info.url = cfg.url;
  return info;
}

/** Every page of a paginated list, in order. */
export async function allPages<T>(page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(cursor);
    out.push(...p.items);
    cursor = p.nextCursor;
  } while (cursor);
  return out;
}
