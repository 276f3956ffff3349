import { useMemo, useState } from 'react';
import { MessagesSquare, Search } from 'lucide-react';
import type { MessageDirection } from '@contract';
import { useMessageRing } from '../../streams/messages';
import { useStore } from '../../store';
import { MessageList } from './MessageList';
import { MessageDetail } from './MessageDetail';
import { MessageHeader } from './MessageHeader';
import { useWholeMessage } from './use-whole-message';
import { EmptyState } from '../common/EmptyState';
import { messageSubject } from '../../lib/message-subject';
import { categoryOf, emptyCounts, MESSAGE_CATEGORIES, type MessageCategory } from '../../../../src-main/common/message-kind';
// Global class names kept beside the module classes: tests select .messages-tab.
import styles from './MessagesTab.module.css';
import messagesStyles from './messages.module.css';

const DOM_CAP = 2000;

type KindFilter = Record<MessageCategory, boolean>;
const ALL_KINDS: KindFilter = { call: true, tick: true, reverse: true, lifecycle: true };
/** The kind filter of each skill, kept while the app runs (switching tabs does not forget it). */
const kindFilters = new Map<string, KindFilter>();

export function MessagesTab({ skillId }: { skillId: string }) {
  const { ring, version } = useMessageRing(skillId);
  const ticks = useStore((s) => !!s.infos[skillId]?.capabilities.ticks);
  const [text, setText] = useState('');
  const [direction, setDirection] = useState<'all' | MessageDirection>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const [kinds, setKindsState] = useState<KindFilter>(() => kindFilters.get(skillId) ?? ALL_KINDS);
  const setKinds = (next: KindFilter) => {
    kindFilters.set(skillId, next);
    setKindsState(next);
  };

  const { shown, hiddenOlder, counts } = useMemo(() => {
    const q = text.trim().toLowerCase();
    const counts = emptyCounts();
    const all = ring.list.filter((m) => {
      const pair = m.pairSeq !== undefined ? ring.get(m.pairSeq) : undefined;
      const category = categoryOf(m, pair);
      counts[category]++;
      return (
        kinds[category] &&
        (direction === 'all' || m.direction === direction || m.kind === 'exchange') &&
        (!q ||
          (m.method ?? '').toLowerCase().includes(q) ||
          String(m.id ?? '').includes(q) ||
          (messageSubject(m, pair) ?? '').toLowerCase().includes(q))
      );
    });
    return { shown: all.length > DOM_CAP ? all.slice(-DOM_CAP) : all, hiddenOlder: Math.max(0, all.length - DOM_CAP) + ring.dropped, counts };
    // version: the ring mutates in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ring, version, text, direction, kinds]);

  const entry = useWholeMessage(skillId, selected !== null ? ring.get(selected) : undefined);
  const pair = entry?.pairSeq !== undefined ? ring.get(entry.pairSeq) : undefined;
  const jump = (seq: number) => {
    if (!shown.some((m) => m.seq === seq)) {
      setText('');
      setDirection('all');
      setKinds(ALL_KINDS);
    }
    setSelected(seq);
  };

  return (
    <div className={`${messagesStyles.messagesTab} messages-tab`}>
      <div className="toolbar" role="toolbar" aria-label="Message filters">
        <div className="search-box">
          <Search size={13} aria-hidden="true" />
          <input type="search" placeholder="Filter by method, tool or id" aria-label="Filter by method, tool or id" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="segmented" role="group" aria-label="Direction">
          <button type="button" aria-pressed={direction === 'all'} onClick={() => setDirection('all')}>All</button>
          <button type="button" aria-pressed={direction === 'out'} onClick={() => setDirection('out')} title="Sent by the workbench to the skill">↗ To skill</button>
          <button type="button" aria-pressed={direction === 'in'} onClick={() => setDirection('in')} title="Sent by the skill to the workbench">↙ From skill</button>
        </div>
        <div className={styles.kindFilter} role="group" aria-label="Kinds of message shown">
          {/* A skill that cannot tick (an MCP server, an action script) gets no Ticks filter, unless one came anyway. */}
          {MESSAGE_CATEGORIES.filter((c) => c.key !== 'tick' || ticks || counts.tick > 0).map((c) => (
            <button
              key={c.key}
              type="button"
              className={`${styles.kindToggle} kind-toggle-${c.key}`}
              aria-pressed={kinds[c.key]}
              title={`${kinds[c.key] ? 'Hide' : 'Show'}: ${c.title}`}
              onClick={() => setKinds({ ...kinds, [c.key]: !kinds[c.key] })}
              data-testid={`kind-${c.key}`}
            >
              {c.label}
              <span className={styles.kindCount} data-testid={`kind-count-${c.key}`}>{counts[c.key].toLocaleString()}</span>
            </button>
          ))}
        </div>
        <span className="spacer" />
        <span className="muted small" aria-live="polite">
          {shown.length.toLocaleString()} of {ring.list.length.toLocaleString()} messages
        </span>
      </div>
      {ring.list.length === 0 ? (
        <EmptyState icon={<MessagesSquare size={22} />} title={ring.loaded ? 'No messages yet' : 'Loading messages…'}>
          Every message between the workbench and the skill shows up here as it happens. Start the skill or run a tool.
        </EmptyState>
      ) : (
        <div className={`${messagesStyles.messagesBody}${entry ? ' with-detail' : ''}`}>
          <div className={messagesStyles.msgListWrap}>
            <MessageHeader />
            {shown.length ? (
              <MessageList entries={shown} lookup={(seq) => ring.get(seq)} selected={selected} pairOf={entry?.pairSeq} onSelect={setSelected} hiddenOlder={hiddenOlder} />
            ) : (
              <EmptyState compact title="Nothing matches">Change the filter to see more messages.</EmptyState>
            )}
          </div>
          {entry && <MessageDetail entry={entry} pair={pair} onJump={jump} onClose={() => setSelected(null)} />}
        </div>
      )}
    </div>
  );
}
