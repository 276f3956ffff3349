import { Copy, CornerDownLeft, X } from 'lucide-react';
import type { MessageEntry } from '@contract';
import { JsonTree } from '../common/JsonTree';
import { IconButton } from '../common/Button';
import { DirectionIcon } from './MessageRow';
import { formatClock, formatDuration, pretty } from '../../lib/format';
import { copyText } from '../../lib/clipboard';
import styles from './MessageDetail.module.css';
import toolsStyles from '../tools/tools.module.css';

function isExchangeBody(body: unknown): body is { request?: unknown; response?: unknown } {
  return !!body && typeof body === 'object' && ('request' in body || 'response' in body);
}

export function MessageDetail({ entry, pair, onJump, onClose }: {
  entry: MessageEntry;
  pair?: MessageEntry;
  onJump(seq: number): void;
  onClose(): void;
}) {
  const exchange = entry.kind === 'exchange' && isExchangeBody(entry.body);
  return (
    <aside className={styles.msgDetail} aria-label="Message details">
      <div className={toolsStyles.paneHead}>
        <DirectionIcon entry={entry} />
        <span className={toolsStyles.paneTitle}>
          {entry.method ?? entry.kind}
          {entry.id !== undefined && entry.id !== null && <span className="muted"> #{String(entry.id)}</span>}
        </span>
        <span className="spacer" />
        <IconButton worksOffline size="sm" label="Copy as JSON" icon={<Copy size={13} />} onClick={() => void copyText(pretty(entry.body), 'Message copied')} />
        <IconButton worksOffline size="sm" label="Close the details" icon={<X size={13} />} onClick={onClose} />
      </div>
      <dl className="facts">
        <dt>Time</dt><dd>{formatClock(entry.time, true)}</dd>
        <dt>Direction</dt><dd>{entry.kind === 'exchange' ? 'request and response' : entry.direction === 'out' ? 'workbench → skill' : 'skill → workbench'}</dd>
        <dt>Kind</dt><dd>{entry.kind}</dd>
        {entry.durationMs !== undefined && (<><dt>Took</dt><dd>{formatDuration(entry.durationMs)}</dd></>)}
        {entry.note && (<><dt>Note</dt><dd className="note">{entry.note}</dd></>)}
        {/* MCP over HTTP: the headers the request carried (Mcp-Method and Mcp-Name in the 2026-07-28 era). */}
        {entry.headers && Object.entries(entry.headers).map(([name, value]) => (
          <div key={name} className={styles.headerFact} data-testid="message-header">
            <dt>{name}</dt><dd className="mono">{value}</dd>
          </div>
        ))}
      </dl>
      {entry.pairSeq !== undefined && (
        <button type="button" className={styles.jumpPair} onClick={() => onJump(entry.pairSeq!)} disabled={!pair}>
          <CornerDownLeft size={13} aria-hidden="true" />
          {entry.kind === 'response' ? 'Go to the request' : 'Go to the response'}
          {pair?.durationMs !== undefined && entry.kind !== 'response' && <span className="muted"> ({formatDuration(pair.durationMs)})</span>}
          {!pair && <span className="muted"> (no longer in the list)</span>}
        </button>
      )}
      <div className={styles.msgBody}>
        {exchange ? (
          <>
            <h3 className="section-title">Request</h3>
            <JsonTree value={(entry.body as { request?: unknown }).request ?? null} label="Request" expandDepth={3} />
            <h3 className="section-title">Response</h3>
            <JsonTree value={(entry.body as { response?: unknown }).response ?? null} label="Response" expandDepth={3} />
          </>
        ) : (
          <JsonTree value={entry.body} label="Message body" expandDepth={3} />
        )}
      </div>
    </aside>
  );
}
