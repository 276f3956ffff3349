import { useState } from 'react';
import type { McpResourceContents } from '@contract';
import { JsonTree } from '../common/JsonTree';
import { tryParseJson } from '../../lib/format';
import { AudioPlayer } from './AudioPlayer';
// Global class names kept beside the module classes: tests select .result-text, .mcp-hex.
import styles from './ResourceContentsView.module.css';
import mcpStyles from './mcp.module.css';
import toolsStyles from '../tools/tools.module.css';

/** The first bytes of a blob, in hex, for a look at what it is. */
function hexPreview(base64: string, n = 48): string {
  try {
    const bin = atob(base64.slice(0, Math.ceil((n * 4) / 3) + 4));
    return [...bin.slice(0, n)].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(' ');
  } catch {
    return '';
  }
}

function blobBytes(base64: string): number {
  const pad = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - pad);
}

/** Text shown as text (a tree when it is JSON), with a switch to the raw text. */
export function TextContent({ text, mimeType }: { text: string; mimeType?: string }) {
  const parsed = mimeType?.includes('json') || /^\s*[[{]/.test(text) ? tryParseJson(text) : undefined;
  const [raw, setRaw] = useState(false);
  if (!parsed) return <pre className={`${toolsStyles.resultText} result-text ${styles.mcpText}`} data-testid="mcp-text" tabIndex={0}>{text}</pre>;
  return (
    <div data-testid="mcp-text">
      <button type="button" className="link-btn" onClick={() => setRaw(!raw)}>{raw ? 'Show as tree' : 'Show raw text'}</button>
      {raw ? <pre className={`${toolsStyles.resultText} result-text`} tabIndex={0}>{text}</pre> : <JsonTree value={parsed.value} label="JSON text" />}
    </div>
  );
}

/** One item of a resource: text as text, an image as an image, audio with a player, other bytes described. */
export function ResourceContentsView({ item }: { item: McpResourceContents }) {
  const mime = item.mimeType ?? '';
  return (
    <div className={mcpStyles.mcpResourceItem} data-testid="mcp-resource-contents">
      <div className={mcpStyles.mcpBlockMeta}>
        <code className={mcpStyles.mcpUri}>{item.uri}</code>
        {mime && <span className="pill pill-muted">{mime}</span>}
      </div>
      {item.text !== undefined && <TextContent text={item.text} mimeType={mime} />}
      {item.blob !== undefined &&
        (mime.startsWith('image/') ? (
          <img className={mcpStyles.mcpImage} src={`data:${mime};base64,${item.blob}`} alt={`Image ${item.uri}`} data-testid="mcp-blob-image" />
        ) : mime.startsWith('audio/') ? (
          <AudioPlayer data={item.blob} mimeType={mime} />
        ) : (
          <div className={styles.mcpBlob} data-testid="mcp-blob">
            <p>
              Binary content, {blobBytes(item.blob).toLocaleString()} bytes{mime ? ` of ${mime}` : ''}.{' '}
              <a className="link-btn" href={`data:${mime || 'application/octet-stream'};base64,${item.blob}`} download={item.uri.split('/').pop() || 'resource'}>
                Save it
              </a>
            </p>
            <pre className={`${styles.mcpHex} mcp-hex`} aria-label="The first bytes, in hexadecimal" tabIndex={0}>{hexPreview(item.blob)}</pre>
          </div>
        ))}
    </div>
  );
}
