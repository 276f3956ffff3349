import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MessageEntry } from '@contract';
import { MessageRow, ROW_HEIGHT } from './MessageRow';
import styles from './MessageList.module.css';
import messagesStyles from './messages.module.css';

const OVERSCAN = 12;

/**
 * A windowed list: only the rows in view (plus a margin) are in the DOM, whatever the length. Sticks to the newest
 * message while the user is at the bottom.
 */
export function MessageList({ entries, lookup, selected, pairOf, onSelect, hiddenOlder }: {
  entries: MessageEntry[];
  lookup(seq: number): MessageEntry | undefined;
  selected: number | null;
  pairOf: number | undefined;
  onSelect(seq: number): void;
  hiddenOlder: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const atBottom = useRef(true);

  useEffect(() => {
    const el = scroller.current!;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) {
      el.scrollTop = el.scrollHeight;
      setScrollTop(el.scrollTop);
    }
  }, [entries.length]);

  // Bring the selected row into view (after a jump to the pair, or keyboard moves).
  useEffect(() => {
    if (selected === null) return;
    const i = entries.findIndex((e) => e.seq === selected);
    const el = scroller.current;
    if (i < 0 || !el) return;
    const top = i * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
    // Only when the selection changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(entries.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);

  const onKey = (e: KeyboardEvent) => {
    if (!entries.length) return;
    const i = selected === null ? -1 : entries.findIndex((m) => m.seq === selected);
    let next = -1;
    if (e.key === 'ArrowDown') next = Math.min(entries.length - 1, i + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, i < 0 ? entries.length - 1 : i - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = entries.length - 1;
    else if (e.key === 'PageDown') next = Math.min(entries.length - 1, i + Math.floor(height / ROW_HEIGHT));
    else if (e.key === 'PageUp') next = Math.max(0, i - Math.floor(height / ROW_HEIGHT));
    if (next < 0) return;
    e.preventDefault();
    onSelect(entries[next].seq);
  };

  return (
    <div
      ref={scroller}
      className={messagesStyles.msgScroller}
      role="listbox"
      aria-label="Protocol messages"
      aria-activedescendant={selected !== null ? `msg-${selected}` : undefined}
      tabIndex={0}
      onKeyDown={onKey}
      onScroll={(e) => {
        const el = e.currentTarget;
        setScrollTop(el.scrollTop);
        atBottom.current = el.scrollTop + el.clientHeight >= el.scrollHeight - ROW_HEIGHT;
      }}
    >
      {hiddenOlder > 0 && <div className={styles.msgOlder}>{hiddenOlder.toLocaleString()} older messages are not listed (only the newest are kept on screen).</div>}
      <div className={styles.msgCanvas} style={{ height: entries.length * ROW_HEIGHT }}>
        {entries.slice(first, last).map((m, k) => (
          <MessageRow
            key={m.seq}
            entry={m}
            pair={m.pairSeq !== undefined ? lookup(m.pairSeq) : undefined}
            top={(first + k) * ROW_HEIGHT}
            selected={m.seq === selected}
            paired={m.seq === pairOf}
            onSelect={onSelect}
          />
        ))}
      </div>
    </div>
  );
}
