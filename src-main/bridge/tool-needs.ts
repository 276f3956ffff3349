/**
 * Which of a proxied server's tools the agent's client cannot serve, and so is not shown.
 *
 * MCP has no field in which a tool says it needs the client's sampling, elicitation or roots (the 2025-11-25
 * `execution` says only how a tool runs as a task, which the bridge serves itself), so the rule is built from
 * what is known for sure, never from a tool's name:
 *
 * - **Learned.** A tool whose call made the server ask for sampling (`sampling/createMessage`), a form or an
 *   address (`elicitation/create`) or the roots (`roots/list`), while it was the only call under way, needs that
 *   capability. What is learned is kept per server in the workbench's home (`mcp-tool-needs.json` in the server's
 *   folder), so the next run hides the tool from its first listing.
 * - **Declared, for MCP Apps.** A tool whose `_meta.ui.visibility` leaves out "model" is for the server's app only
 *   (SEP-1865: a host must not give it to the model): shown only to a client that declares the MCP Apps extension
 *   (`io.modelcontextprotocol/ui`), which then decides as the host.
 *
 * A server that registers such tools only for clients declaring the capability (server-everything does) lists them
 * because the bridge's own connection declares what it can carry; the first call of one teaches the bridge. A tool
 * hidden from a client is refused to it by name too, with the reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Tool } from '@modelcontextprotocol/server';
import { writeFileAtomicSync } from '../host/atomic-write';
import { PRIVATE, PRIVATE_DIR } from '../host/workbench-home';

export type ClientNeed = 'sampling' | 'elicitation' | 'roots';

export const UI_EXTENSION = 'io.modelcontextprotocol/ui';

const WORDS: Record<ClientNeed, string> = {
  sampling: "asks the client's model (sampling)",
  elicitation: 'asks the user through the client (elicitation)',
  roots: "asks for the client's roots",
};

type ClientCaps = Record<string, unknown> & { extensions?: Record<string, unknown> };

export class ToolNeeds {
  private readonly needs = new Map<string, Set<ClientNeed>>();

  /** `file`: where what is learned is kept (none: for this run only). */
  constructor(private readonly file?: string) {
    if (!file) return;
    try {
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const [tool, caps] of Object.entries(saved)) {
        const known = Array.isArray(caps) ? caps.filter((c): c is ClientNeed => c === 'sampling' || c === 'elicitation' || c === 'roots') : [];
        if (known.length) this.needs.set(tool, new Set(known));
      }
    } catch {
      /* nothing learned yet, or a file that is not ours to read: start afresh */
    }
  }

  /** The tool made the server ask for `need`: true when that is news (the lists shown may change). */
  learn(tool: string, need: ClientNeed): boolean {
    const set = this.needs.get(tool) ?? new Set<ClientNeed>();
    if (set.has(need)) return false;
    set.add(need);
    this.needs.set(tool, set);
    this.save();
    return true;
  }

  of(tool: string): ClientNeed[] {
    return [...(this.needs.get(tool) ?? [])];
  }

  /** Why `tool` is not for a client with these capabilities, or null when it is. */
  whyHidden(tool: Tool, caps: ClientCaps | undefined): string | null {
    const missing = this.of(tool.name).filter((n) => !caps?.[n]);
    if (missing.length) return `it ${missing.map((n) => WORDS[n]).join(' and ')}, which the client did not declare`;
    if (appOnly(tool) && !caps?.extensions?.[UI_EXTENSION]) return "it is for the server's MCP App only (its _meta.ui.visibility leaves out the model)";
    return null;
  }

  /** The tools this client can serve, and those it cannot with the reason. */
  split(tools: Tool[], caps: ClientCaps | undefined): { shown: Tool[]; hidden: { name: string; why: string }[] } {
    const shown: Tool[] = [];
    const hidden: { name: string; why: string }[] = [];
    for (const t of tools) {
      const why = this.whyHidden(t, caps);
      if (why) hidden.push({ name: t.name, why });
      else shown.push(t);
    }
    return { shown, hidden };
  }

  private save(): void {
    if (!this.file) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: PRIVATE_DIR });
      writeFileAtomicSync(this.file, JSON.stringify(Object.fromEntries([...this.needs].map(([t, s]) => [t, [...s]])), null, 2) + '\n', PRIVATE);
    } catch {
      /* what is learned still holds for this run */
    }
  }
}

/** SEP-1865: `visibility` defaults to ["model", "app"]; a list without "model" keeps the tool from the agent. */
export function appOnly(tool: { _meta?: Record<string, unknown> }): boolean {
  const ui = tool._meta?.ui as { visibility?: unknown } | undefined;
  return Array.isArray(ui?.visibility) && !ui.visibility.includes('model');
}

/** The one log line that says what a client is not shown. */
export function hiddenNotice(hidden: { name: string; why: string }[]): string {
  const byWhy = new Map<string, string[]>();
  for (const h of hidden) byWhy.set(h.why, [...(byWhy.get(h.why) ?? []), h.name]);
  return `Not listed for this client: ${[...byWhy].map(([why, names]) => `${names.join(', ')} (${names.length === 1 ? why : why.replace(/^it /, 'each ')})`).join('; ')}.`;
}
