import type { McpToolResult as Result, ToolInfo } from '@contract';
import { JsonTree } from '../common/JsonTree';
import { ContentBlock } from './ContentBlock';
// Global class names kept beside the module classes: .result-block is styled in its context by
// JsonTree.module.css.
import styles from './McpToolResult.module.css';
import toolsStyles from '../tools/tools.module.css';

/**
 * What an MCP tool answered, in full: the structured result (as JSON, with the schema it follows) and each
 * content block as what it is. A result the tool marked `isError` is framed as an error.
 */
export function McpToolResult({ skillId, result, tool }: { skillId: string; result: Result; tool?: ToolInfo }) {
  return (
    <div className={`${styles.mcpResult}${result.isError ? ' is-error' : ''}`} data-testid="mcp-result" data-is-error={String(result.isError)}>
      {result.isError && (
        <p className={styles.mcpErrorHead} role="alert">
          <strong>The tool reported an error.</strong> The call itself worked; this is what the tool said went wrong.
        </p>
      )}
      {result.structuredContent !== undefined && (
        <div className={`${toolsStyles.resultBlock} result-block`} data-testid="mcp-structured">
          <div className={toolsStyles.resultBlockHead}><span className="muted">Structured content</span></div>
          <JsonTree value={result.structuredContent} label="Structured content" />
        </div>
      )}
      {result.content.length > 0 && (
        <div className={styles.mcpBlocks} aria-label="Content">
          {result.content.map((b, i) => <ContentBlock key={i} skillId={skillId} block={b} />)}
        </div>
      )}
      {!result.content.length && result.structuredContent === undefined && <p className="muted">The tool returned no content.</p>}
      {tool?.outputSchema && (
        <details className="disclosure">
          <summary>Output schema</summary>
          <JsonTree value={tool.outputSchema} label="Output schema" expandDepth={3} />
        </details>
      )}
    </div>
  );
}
