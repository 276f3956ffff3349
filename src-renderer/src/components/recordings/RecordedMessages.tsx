import { useMemo, useState } from 'react';
import type { MessageEntry } from '@contract';
import { MessageList } from '../messages/MessageList';
import { MessageDetail } from '../messages/MessageDetail';
import { MessageHeader } from '../messages/MessageHeader';
import { EmptyState } from '../common/EmptyState';
import { FilterBar } from './FilterBar';
// Global class names kept beside the module classes: tests select .messages-tab.
import messagesStyles from '../messages/messages.module.css';

/** The recorded protocol messages, with the live Messages tab's list and detail (request/response pairs as JSON). */
export function RecordedMessages({ messages }: { messages: MessageEntry[] }) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const bySeq = useMemo(() => new Map(messages.map((m) => [m.seq, m])), [messages]);
  const shown = useMemo(() => {
    const q = text.trim().toLowerCase();
    return q ? messages.filter((m) => (m.method ?? '').toLowerCase().includes(q) || String(m.id ?? '').includes(q)) : messages;
  }, [messages, text]);

  if (!messages.length) {
    return <EmptyState compact title="No protocol messages in this recording">Messages between the workbench and the skill are recorded as they happen.</EmptyState>;
  }
  const entry = selected !== null ? bySeq.get(selected) : undefined;
  const pair = entry?.pairSeq !== undefined ? bySeq.get(entry.pairSeq) : undefined;
  return (
    <div className={`${messagesStyles.messagesTab} messages-tab`}>
      <FilterBar label="Filter by method or id" value={text} onChange={setText}>
        {shown.length.toLocaleString()} of {messages.length.toLocaleString()} messages
      </FilterBar>
      <div className={`${messagesStyles.messagesBody}${entry ? ' with-detail' : ''}`}>
        <div className={messagesStyles.msgListWrap}>
          <MessageHeader />
          <MessageList
            entries={shown}
            lookup={(seq) => bySeq.get(seq)}
            selected={selected}
            pairOf={entry?.pairSeq}
            onSelect={setSelected}
            hiddenOlder={0}
          />
        </div>
        {entry && (
          <MessageDetail
            entry={entry}
            pair={pair}
            onJump={(seq) => {
              setText('');
              setSelected(seq);
            }}
            onClose={() => setSelected(null)}
          />
        )}
      </div>
    </div>
  );
}
