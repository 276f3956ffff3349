/**
 * What the workbench's MCP client declares in `initialize`: its own capabilities, a host profile's instead (the
 * server's settings, or `--as`), or, through the bridge, only the part the agent's client can serve, so a server
 * that lists a tool only for clients able to answer it (server-everything's sampling and elicitation tools) does
 * not list it for an agent that cannot.
 */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/client';
import type { McpConnectedAs } from '../../contract';
import { HOST_PROFILE_IDS, hostProfile } from '../../common/mcp-host-profiles';
import { SkillError } from '../../common/errors';

/** MCP Apps (SEP-1865): the workbench renders `ui://` resources, and says so as the extension asks. */
export const MCP_APPS_EXTENSION = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

/** Everything the workbench answers: forms and addresses, sampling, roots where the user set some, tasks, MCP Apps. */
export function workbenchCapabilities(hasRoots: boolean, samples = true): Record<string, unknown> {
  return {
    elicitation: { form: { applyDefaults: true }, url: {} },
    // Sampling only where someone answers it (the app's window, a model): the command line without a model does not.
    ...(samples ? { sampling: {} } : {}),
    // Roots widen what a server like server-filesystem may reach: declared only when some were set.
    ...(hasRoots ? { roots: { listChanged: true } } : {}),
    // The server may ask its elicitations and samplings as tasks: the user answers them the same way.
    tasks: { list: {}, cancel: {}, requests: { elicitation: { create: {} }, ...(samples ? { sampling: { createMessage: {} } } : {}) } },
    extensions: MCP_APPS_EXTENSION,
  };
}

type Caps = Record<string, unknown>;
const obj = (v: unknown): Caps | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Caps) : undefined);

/**
 * Ours, less what the agent's client cannot answer when the bridge passes the server's question on: sampling and
 * elicitation (form, url) only as the agent has them, the extensions both know. Roots are the bridge's own business
 * (the agent's are asked for and given), and so are tasks (the bridge runs them).
 */
export function agentOffer(ours: Caps, agent: Caps): Caps {
  const out: Caps = { ...ours };
  if (!agent.sampling) delete out.sampling;
  const theirs = obj(agent.elicitation);
  if (!theirs) delete out.elicitation;
  else {
    const own = obj(ours.elicitation) ?? {};
    // An empty elicitation object is a client that takes forms (the spec's compatibility rule).
    const form = !!theirs.form || !theirs.url;
    out.elicitation = { ...(form && own.form ? { form: own.form } : {}), ...(theirs.url && own.url ? { url: own.url } : {}) };
  }
  const tasks = obj(ours.tasks);
  const requests = obj(tasks?.requests);
  if (tasks && requests) {
    const kept = Object.fromEntries(Object.entries(requests).filter(([k]) => !!out[k]));
    out.tasks = { ...tasks, requests: kept };
  }
  const known = obj(agent.extensions) ?? {};
  const ext = Object.fromEntries(Object.entries(obj(ours.extensions) ?? {}).filter(([k]) => k in known));
  if (Object.keys(ext).length) out.extensions = ext;
  else delete out.extensions;
  return out;
}

/** Who the workbench says it is to a server, and what it declares. */
export function connectedAs(o: { profile?: string; agent: Caps | null; ours: Caps; version: string }): McpConnectedAs {
  if (o.profile) {
    const p = hostProfile(o.profile);
    if (!p) throw new SkillError('LAUNCH', `There is no host profile "${o.profile}" to connect as: there are ${HOST_PROFILE_IDS.join(', ')}.`);
    return { profile: p.id, label: p.label, clientInfo: { ...p.clientInfo }, protocolVersion: p.protocolVersion, capabilities: p.capabilities };
  }
  const self = { name: 'skillbench', version: o.version };
  if (o.agent) return { label: "Skill Workbench, within what the agent's client offers", clientInfo: self, protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: agentOffer(o.ours, o.agent) };
  return { label: 'Skill Workbench', clientInfo: self, protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: o.ours };
}

/** What an agent's client offers of what a server may ask, in words. */
export function describeOffer(caps: Caps): string {
  const has = (['sampling', 'elicitation', 'roots'] as const).filter((k) => caps[k]);
  const lacks = (['sampling', 'elicitation', 'roots'] as const).filter((k) => !caps[k]);
  return [has.length ? `it offers ${has.join(', ')}` : '', lacks.length ? `no ${lacks.join(', ')}` : ''].filter(Boolean).join('; ');
}
