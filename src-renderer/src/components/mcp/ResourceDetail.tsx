import { useCallback, useEffect, useRef, useState } from 'react';
import { BellOff, BellRing, RefreshCw } from 'lucide-react';
import type { McpResourceRead } from '@contract';
import { useCommand } from '../../data';
import { Button } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { Spinner } from '../common/Spinner';
import { formatClock, formatDuration } from '../../lib/format';
import { ResourceContentsView } from './ResourceContentsView';
import { mcpSelectors, useStore } from '../../store';
// Global class names kept beside the module classes: tests select .tool-name.
import styles from './ResourceDetail.module.css';
import mcpStyles from './mcp.module.css';
import toolsStyles from '../tools/tools.module.css';

/**
 * One resource read: its contents, Read again, and Subscribe where the server tells of changes. While
 * subscribed, a change the server announces is read again at once and marked with its time.
 */
export function ResourceDetail({ skillId, uri, title, subscribed, canSubscribe, onSubscriptions }: {
  skillId: string;
  uri: string;
  title: string;
  subscribed: boolean;
  canSubscribe: boolean;
  onSubscriptions(list: string[]): void;
}) {
  const [read, setRead] = useState<McpResourceRead | null>(null);
  const reader = useCommand('mcpReadResource');
  const { busy, error } = reader;
  const cancel = useCommand('mcpCancelRequests');
  const sub = useCommand('mcpSubscribe', { toast: 'Could not subscribe' });
  const unsub = useCommand('mcpUnsubscribe', { toast: 'Could not unsubscribe' });
  const toggling = sub.busy || unsub.busy;
  const changedAt = useStore(mcpSelectors.changedAt(skillId, uri));
  const seenChange = useRef(changedAt);

  const read_ = reader.run;
  const load = useCallback(async () => {
    const r = await read_(skillId, uri);
    if (r) setRead(r);
  }, [read_, skillId, uri]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- reads on mount and for another resource; the busy flag is set as the request starts
  useEffect(() => void load(), [load]);
  // A change announced while subscribed: read the new contents.
  useEffect(() => {
    if (changedAt !== seenChange.current && subscribed) void load();
    seenChange.current = changedAt;
  }, [changedAt, subscribed, load]);

  const toggle = async () => {
    const list = subscribed ? await unsub.run(skillId, uri) : await sub.run(skillId, uri);
    if (list) onSubscriptions(list);
  };

  return (
    <section className="mcp-detail" aria-label={`Resource ${title}`} data-testid="resource-detail">
      <div className={toolsStyles.paneHead}>
        <div className={toolsStyles.paneTitle}>
          <span className={`${toolsStyles.toolName} tool-name`}>{title}</span>
        </div>
        {busy && <Spinner label="Reading" />}
        {busy && (
          <Button size="sm" variant="ghost" onClick={() => void cancel.run(skillId)} data-testid="resource-cancel" title="Stop reading; the server is told">
            Cancel
          </Button>
        )}
        <Button size="sm" icon={<RefreshCw size={13} />} onClick={() => void load()} disabled={busy} data-testid="resource-reread">Read again</Button>
        {canSubscribe && (
          <Button
            size="sm"
            variant={subscribed ? 'default' : 'primary'}
            icon={subscribed ? <BellOff size={13} /> : <BellRing size={13} />}
            onClick={() => void toggle()}
            busy={toggling}
            aria-pressed={subscribed}
            data-testid="resource-subscribe"
            title={subscribed ? 'Stop being told of changes' : 'Be told when it changes: the new contents are read at once'}
          >
            {subscribed ? 'Unsubscribe' : 'Subscribe'}
          </Button>
        )}
      </div>
      <div className={styles.mcpDetailBody}>
        <p className={`${styles.mcpDetailMeta} muted`}>
          <code className={mcpStyles.mcpUri}>{uri}</code>
          {read && !read.error && <> · read in {formatDuration(read.durationMs)}</>}
          {subscribed && changedAt !== undefined && (
            <span className="pill pill-ok mcp-updated" role="status" data-testid="resource-updated">Updated at {formatClock(changedAt)}</span>
          )}
          {subscribed && changedAt === undefined && <span className="pill pill-muted" data-testid="resource-subscribed">Subscribed: changes show here</span>}
        </p>
        {error && <ErrorNote message={error} />}
        {read?.error && <ErrorNote title="The server could not give this resource" message={read.error} />}
        {read && !read.error && !read.contents.length && <p className="muted">The resource is empty.</p>}
        {read?.contents.map((c, i) => <ResourceContentsView key={i} item={c} />)}
      </div>
    </section>
  );
}
