import type { McpToolAnnotations, ToolInfo } from '@contract';
import styles from './ToolHints.module.css';

/** What an MCP tool says of itself (hints, not promises), in words. */
export function ToolHints({ annotations = {}, execution }: { annotations?: McpToolAnnotations; execution?: ToolInfo['execution'] }) {
  const hints: [string, string][] = [];
  const task = execution?.taskSupport;
  if (task === 'required' || task === 'optional') hints.push(['Runs as a task', 'The server runs this tool as a task: its status shows while it runs, and Cancel stops the task']);
  if (annotations.readOnlyHint) hints.push(['Only reads', 'The server says this tool changes nothing']);
  if (annotations.destructiveHint) hints.push(['May delete or overwrite', 'The server says this tool may destroy data']);
  if (annotations.destructiveHint === false && !annotations.readOnlyHint) hints.push(['Only adds', 'The server says this tool changes things but destroys nothing']);
  if (annotations.idempotentHint) hints.push(['Safe to repeat', 'The server says calling it again with the same arguments has no further effect']);
  if (annotations.openWorldHint) hints.push(['Reaches outside', 'The server says this tool deals with the world outside it (the web, other systems)']);
  if (annotations.openWorldHint === false) hints.push(['Closed world', 'The server says this tool stays within its own data']);
  if (!hints.length) return null;
  return (
    <ul className={styles.mcpHints} aria-label="What the server says of this tool" data-testid="tool-hints">
      {hints.map(([text, title]) => (
        <li key={text} className={`pill ${text === 'May delete or overwrite' ? 'pill-error' : 'pill-muted'}`} title={title}>{text}</li>
      ))}
    </ul>
  );
}
