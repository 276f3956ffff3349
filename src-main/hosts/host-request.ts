/**
 * What a host's first model request says, read out of its Anthropic Messages body: the system prompt, the tools
 * offered, and the skill catalog as the host words it. Claude Code (2.1.x) puts the catalog in a message with the
 * `system` role after the user's: "The following skills are available for use with the Skill tool:" then one
 * `- name: description` line per skill, the project's first, then its own built-in ones. The catalog is looked for
 * in every text of the request, so it is found wherever a version moves it.
 */
import { countTokens, TOKENIZER } from '../protocols/agent-skill';

export const CATALOG_HEAD = 'The following skills are available for use with the Skill tool:';

export interface CatalogLine {
  name: string;
  description: string;
  /** The line as the host wrote it (`- name: description`). */
  text: string;
  tokens: number;
}

export interface HostRequestView {
  model: string | null;
  /** The system prompt, its text blocks joined. */
  system: string;
  systemTokens: number;
  tools: { name: string; description: string; tokens: number }[];
  /** Where the catalog was: `system`, or the role of the message that held it; null where there was none. */
  catalogIn: string | null;
  catalog: CatalogLine[];
  /** How the counts were made (the workbench's tokenizer; the host's model counts somewhat differently). */
  tokenizer: string;
}

type Block = { type?: string; text?: string };

function textsOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return (content as Block[]).filter((b) => b && b.type === 'text' && typeof b.text === 'string').map((b) => b.text!);
}

/** The `- name: description` lines after the catalog's head, up to the first line that is not one. */
export function catalogLines(text: string): { name: string; description: string; text: string }[] | null {
  const at = text.indexOf(CATALOG_HEAD);
  if (at < 0) return null;
  const out: { name: string; description: string; text: string }[] = [];
  const lines = text.slice(at + CATALOG_HEAD.length).split('\n');
  let started = false;
  for (const line of lines) {
    if (!line.trim() && !started) continue;
    const m = /^- ([^:\n]+?): ?(.*)$/.exec(line);
    if (!m) {
      // A description may run over several lines; anything else ends the catalog.
      if (started && line.trim() && !/^\S/.test(line) && out.length) {
        out[out.length - 1].description += `\n${line}`;
        out[out.length - 1].text += `\n${line}`;
        continue;
      }
      if (started) break;
      continue;
    }
    started = true;
    out.push({ name: m[1].trim(), description: m[2], text: line });
  }
  return out;
}

export async function readHostRequest(body: unknown): Promise<HostRequestView> {
  const b = (body ?? {}) as { model?: unknown; system?: unknown; tools?: unknown; messages?: unknown };
  const system = textsOf(b.system).join('\n');
  const tools = Array.isArray(b.tools) ? (b.tools as { name?: unknown; description?: unknown }[]) : [];
  const places: { where: string; texts: string[] }[] = [{ where: 'system', texts: textsOf(b.system) }];
  if (Array.isArray(b.messages)) for (const m of b.messages as { role?: unknown; content?: unknown }[]) places.push({ where: `${String(m?.role)} message`, texts: textsOf(m?.content) });
  let catalogIn: string | null = null;
  let lines: { name: string; description: string; text: string }[] = [];
  for (const p of places) {
    const found = p.texts.map(catalogLines).find((l) => l !== null);
    if (found) {
      catalogIn = p.where;
      lines = found;
      break;
    }
  }
  return {
    model: typeof b.model === 'string' ? b.model : null,
    system,
    systemTokens: await countTokens(system),
    tools: await Promise.all(tools.map(async (t) => ({ name: typeof t?.name === 'string' ? t.name : '', description: typeof t?.description === 'string' ? t.description : '', tokens: await countTokens(JSON.stringify(t)) }))),
    catalogIn,
    catalog: await Promise.all(lines.map(async (l) => ({ ...l, tokens: await countTokens(l.text) }))),
    tokenizer: TOKENIZER,
  };
}
