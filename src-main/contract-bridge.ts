/** "Use from an agent": how an MCP client runs one skill through `skillbench mcp`. Types only. */

export type AgentClient = 'claude' | 'claude-code' | 'cursor' | 'vscode';

export interface AgentConfigSnippet {
  client: AgentClient;
  /** The client's name, as users know it. */
  label: string;
  /** Where the snippet goes, in plain words. */
  where: string;
  /** The JSON to paste (a whole file's worth: merge its entry into an existing file). */
  text: string;
}

export interface AgentConfig {
  /** The server's name in the snippets. */
  name: string;
  command: string;
  args: string[];
  /** Variables the entry sets: never a secret (the workbench's home, where it is not the default one). */
  env: Record<string, string>;
  /** The same command, as one line for a terminal. */
  commandLine: string;
  snippets: AgentConfigSnippet[];
}

/** What "Add to …" did: the entry written into the agent's own configuration file, then checked. */
export interface AgentInstall {
  client: AgentClient;
  label: string;
  /** The agent's configuration file, as written. */
  file: string;
  /** The server's name in it. */
  name: string;
  /** An entry of that name was there before, and was replaced. */
  replaced: boolean;
  /** The entry started as that agent starts it, and connected to as that agent introduces itself. */
  check: AgentInstallCheck;
}

export interface AgentInstallCheck {
  ok: boolean;
  /** The host profile it connected as. */
  profile: string;
  tools: string[];
  /** Why it did not work, in plain words. */
  problem?: string;
}
