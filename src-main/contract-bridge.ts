/** "Use from an agent": how an MCP client runs one skill through `skillbench mcp`. Types only. */

export type AgentClient = 'claude' | 'cursor' | 'vscode';

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
  /** The same command, as one line for a terminal. */
  commandLine: string;
  snippets: AgentConfigSnippet[];
}
