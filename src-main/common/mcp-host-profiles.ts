/**
 * Host profiles: how the MCP clients people use introduce themselves to a server in `initialize` (their
 * `clientInfo`, `capabilities` and `protocolVersion`), so a server can be tried as each of them would meet it
 * (the workbench connects "as" one: protocols/mcp/as-client.ts). Data only, one entry per client.
 *
 * Where each value comes from is kept beside it (`sources`); a value no capture shows is listed in `guesses`.
 * Clients change with every release: these are what the named versions sent.
 */

export interface HostProfile {
  id: string;
  label: string;
  clientInfo: { name: string; version: string; title?: string; description?: string; websiteUrl?: string };
  protocolVersion: string;
  /** The `capabilities` of `initialize`, as the client sends them. */
  capabilities: Record<string, unknown>;
  /** Where the values come from. */
  sources: string[];
  /** Values not seen on the wire, in words. */
  guesses: string[];
}

const MCP_APPS = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };

export const HOST_PROFILES: readonly HostProfile[] = [
  {
    id: 'claude-desktop',
    label: 'Claude Desktop',
    clientInfo: { name: 'claude-ai', version: '0.1.0' },
    protocolVersion: '2025-06-18',
    capabilities: {},
    sources: [
      "Claude Desktop's own MCP log (\"Message from client: {\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"claude-ai\",\"version\":\"0.1.0\"}}…\"), quoted in public bug reports of 2025",
      'apify/mcp-client-capabilities (mcp-clients.json, "claude-ai": protocol 2025-06-18, no roots, sampling or elicitation)',
      'anthropics/claude-code issue 23958 (2026-02): Claude Desktop declares no capability, MCP Apps included',
    ],
    guesses: [
      'The version stays 0.1.0 across app releases in every capture; newer builds may declare roots (the MCP clients page lists Roots for Claude Desktop since 2026-03) and are not shown doing so.',
    ],
  },
  {
    id: 'claude-code',
    label: 'Claude Code',
    clientInfo: { name: 'claude-code', title: 'Claude Code', version: '2.1.221', description: "Anthropic's agentic coding tool", websiteUrl: 'https://claude.com/claude-code' },
    protocolVersion: '2025-11-25',
    capabilities: { roots: { listChanged: true }, elicitation: {} },
    sources: [
      "A verbatim capture of Claude Code 2.1.221's initialize over Streamable HTTP, published in a public design note (protocol 2025-11-25, capabilities roots.listChanged and elicitation, the clientInfo as here)",
      'modelcontextprotocol/modelcontextprotocol pull request 2398: elicitation since Claude Code 2.1.76',
    ],
    guesses: [],
  },
  {
    id: 'cursor',
    label: 'Cursor',
    clientInfo: { name: 'cursor-vscode', version: '1.0.0' },
    protocolVersion: '2025-11-25',
    capabilities: { roots: { listChanged: false } },
    sources: [
      'A live probe of Cursor 3.20.17 (published): protocol 2025-11-25, clientInfo cursor-vscode 1.0.0 (not the application version)',
      'A 2025-11-25 Cursor initialize replayed in a public test script: capabilities { roots: { listChanged: false } }',
    ],
    guesses: [
      'apify/mcp-client-capabilities also lists elicitation for cursor-vscode; no capture shows it declared, so it is left out.',
    ],
  },
  {
    id: 'vscode',
    label: 'VS Code',
    clientInfo: { name: 'Visual Studio Code', version: '1.138.0' },
    protocolVersion: '2025-11-25',
    capabilities: {
      roots: { listChanged: true },
      sampling: {},
      elicitation: { form: {}, url: {} },
      tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
      extensions: MCP_APPS,
    },
    sources: [
      "VS Code 1.138.0's initialize as recorded in a public acceptance fixture (vscode-copilot evidence): every capability here, MCP Apps among them",
      'A VS Code 1.140.0 capture elsewhere shows roots, sampling and elicitation the same way',
    ],
    guesses: [],
  },
  {
    id: 'chatgpt',
    label: 'ChatGPT',
    clientInfo: { name: 'openai-mcp', version: '1.0.0' },
    protocolVersion: '2025-11-25',
    capabilities: { experimental: { 'openai/visibility': { enabled: true } }, extensions: MCP_APPS },
    sources: [
      "ChatGPT's connector requests as a public spike report recorded them: initialize with protocol 2025-11-25, clientInfo openai-mcp 1.0.0, the experimental openai/visibility and the MCP Apps extension",
      'Earlier captures (2025) show openai-mcp 1.0.0 with protocol 2025-03-26 or 2025-06-18 and no capabilities',
    ],
    guesses: [],
  },
];

export function hostProfile(id: string | undefined): HostProfile | undefined {
  return id ? HOST_PROFILES.find((p) => p.id === id) : undefined;
}

/** The ids, for a usage line or an error. */
export const HOST_PROFILE_IDS = HOST_PROFILES.map((p) => p.id);
