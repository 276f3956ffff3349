import { useState } from 'react';
import { Link2 } from 'lucide-react';
import type { McpContentBlock, McpResourceRead } from '@contract';
import { useCommand } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { AudioPlayer } from './AudioPlayer';
import { ResourceContentsView, TextContent } from './ResourceContentsView';
// Global class names kept beside the module classes: tests select .result-text.
import styles from './ContentBlock.module.css';
import mcpStyles from './mcp.module.css';
import toolsStyles from '../tools/tools.module.css';

const KIND: Record<McpContentBlock['type'], string> = {
  text: 'Text',
  image: 'Image',
  audio: 'Audio',
  resource_link: 'Link to a resource',
  resource: 'Embedded resource',
};

/** A link to a resource: what it says of itself, and Open, which reads it here. */
function ResourceLink({ skillId, block }: { skillId: string; block: Extract<McpContentBlock, { type: 'resource_link' }> }) {
  const [read, setRead] = useState<McpResourceRead | null>(null);
  const { run, busy, error } = useCommand('mcpReadResource');
  const open = async () => {
    const r = await run(skillId, block.uri);
    if (r) setRead(r);
  };
  return (
    <div className={mcpStyles.mcpLink} data-testid="mcp-resource-link">
      <div className={mcpStyles.mcpBlockMeta}>
        <Link2 size={13} aria-hidden="true" />
        <strong>{block.title ?? block.name}</strong>
        <code className={mcpStyles.mcpUri}>{block.uri}</code>
        {block.mimeType && <span className="pill pill-muted">{block.mimeType}</span>}
        <span className="spacer" />
        {!read && <Button size="sm" onClick={() => void open()} busy={busy} aria-label={`Open ${block.uri}`}>Open</Button>}
      </div>
      {block.description && <p className={`muted ${styles.mcpDesc}`}>{block.description}</p>}
      {error && <ErrorNote message={error} />}
      {read?.error && <ErrorNote title="The resource could not be read" message={read.error} />}
      {read?.contents.map((c, i) => <ResourceContentsView key={i} item={c} />)}
    </div>
  );
}

/** A block's annotations (who it is for, how much it matters), in words; the contract's block types leave them out. */
function annotationWords(block: McpContentBlock): string | null {
  const a = (block as { annotations?: { audience?: string[]; priority?: number; lastModified?: string } }).annotations;
  if (!a) return null;
  const parts: string[] = [];
  if (a.audience?.length) parts.push(`for the ${a.audience.join(' and the ')}`);
  if (typeof a.priority === 'number') parts.push(`priority ${a.priority}`);
  if (a.lastModified) parts.push(`changed ${a.lastModified}`);
  return parts.length ? parts.join(' · ') : null;
}

/** One content block of a tool's result or a prompt's message, each kind shown as what it is. */
export function ContentBlock({ skillId, block }: { skillId: string; block: McpContentBlock }) {
  let body;
  switch (block.type) {
    case 'text':
      body = <TextContent text={block.text} />;
      break;
    case 'image':
      body = <img className={mcpStyles.mcpImage} src={`data:${block.mimeType};base64,${block.data}`} alt={`Image (${block.mimeType}) the server sent`} data-testid="mcp-image" />;
      break;
    case 'audio':
      body = <AudioPlayer data={block.data} mimeType={block.mimeType} />;
      break;
    case 'resource_link':
      return <ResourceLink skillId={skillId} block={block} />;
    case 'resource':
      body = <ResourceContentsView item={block.resource} />;
      break;
    default:
      body = <pre className={`${toolsStyles.resultText} result-text`}>{JSON.stringify(block, null, 2)}</pre>;
  }
  return (
    <div className={`${mcpStyles.mcpBlock} mcp-block-${block.type}`} data-testid="mcp-block" data-type={block.type}>
      <div className={`${styles.mcpBlockKind} muted`}>
        {KIND[block.type] ?? block.type}
        {annotationWords(block) && <span className="mcp-annotations" data-testid="mcp-annotations"> · {annotationWords(block)}</span>}
      </div>
      {body}
    </div>
  );
}
