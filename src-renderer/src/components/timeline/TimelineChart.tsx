import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { TimelineEntry } from '@contract';
import { formatClock, formatDuration } from '../../lib/format';
import styles from './TimelineChart.module.css';

const LANES = { life: 30, ticks: 84, events: 124 } as const;
const HEIGHT = 150;
const AXIS = 18;
const PAD_MS = 5000;
const LABEL_PX = 96;
const STEPS = [0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];
const LIFECYCLE = new Set(['load', 'unload', 'session-start', 'session-end', 'setup', 'crash', 'restart', 'note']);

function tooltip(e: TimelineEntry): string {
  const parts = [`${e.label} · ${formatClock(e.time, true)}`];
  if (e.durationMs !== undefined) parts.push(formatDuration(e.durationMs));
  if (e.outcome) parts.push(e.outcome);
  return parts.join(' · ');
}

/**
 * Ticks as bars (width = duration, colour = outcome), emitted events as diamonds, lifecycle moments as flags.
 * Wheel scrolls in time, Ctrl/Cmd+wheel zooms around the pointer; only what is in view is drawn.
 */
export function TimelineChart({ entries, pxPerSec, onZoom, selected, onSelect, follow, onFollowChange, end }: {
  entries: TimelineEntry[];
  /** Where the axis ends, for a finished session (a recording): no "now" line, no growing axis. */
  end?: number;
  pxPerSec: number;
  onZoom(factor: number): void;
  selected: number | null;
  onSelect(seq: number | null): void;
  follow: boolean;
  onFollowChange(follow: boolean): void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [now, setNow] = useState(() => Date.now());
  const [view, setView] = useState({ left: 0, width: 800 });
  const anchor = useRef<{ time: number; x: number } | null>(null);

  const live = end === undefined;
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [live]);

  const scale = pxPerSec / 1000;
  // Leave room on the left for the lane labels, and let the axis run to the right edge.
  const t0 = (entries.length ? entries[0].time : now - 60_000) - Math.max(PAD_MS, LABEL_PX / scale);
  const lastEnd = entries.reduce((m, e) => Math.max(m, e.time + (e.durationMs ?? 0)), 0);
  const t1 = Math.max((end ?? Math.max(now, lastEnd)) + PAD_MS, t0 + view.width / scale);
  const width = Math.max(view.width, (t1 - t0) * scale);
  const x = (t: number) => (t - t0) * scale;

  useEffect(() => {
    const el = scroller.current!;
    const ro = new ResizeObserver(() => setView({ left: el.scrollLeft, width: el.clientWidth }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Keep the newest moment in view while following; keep the pointer's moment still while zooming.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (anchor.current) {
      el.scrollLeft = x(anchor.current.time) - anchor.current.x;
      anchor.current = null;
    } else if (follow) {
      el.scrollLeft = el.scrollWidth;
    }
    setView({ left: el.scrollLeft, width: el.clientWidth });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [width, follow, pxPerSec]);

  // React's wheel listeners are passive, so Ctrl+wheel would zoom the page; listen natively instead.
  const wheel = useRef<(e: WheelEvent) => void>(() => undefined);
  useLayoutEffect(() => {
    wheel.current = (e: WheelEvent) => {
      const el = scroller.current!;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        const rect = el.getBoundingClientRect();
        const px = e.clientX - rect.left;
        anchor.current = { time: t0 + (el.scrollLeft + px) / scale, x: px };
        onZoom(e.deltaY < 0 ? 1.25 : 0.8);
        onFollowChange(false);
      } else if (!e.shiftKey && Math.abs(e.deltaY) > Math.abs(e.deltaX)) {
        el.scrollLeft += e.deltaY;
      }
    };
  });

  useEffect(() => {
    const el = scroller.current!;
    const handler = (e: WheelEvent) => wheel.current(e);
    el.addEventListener('wheel', handler, { passive: false });
    return () => el.removeEventListener('wheel', handler);
  }, []);

  const onKey = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=' || e.key === '-') {
      e.preventDefault();
      onZoom(e.key === '-' ? 0.5 : 2);
      return;
    }
    if (!entries.length || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    const i = selected === null ? -1 : entries.findIndex((en) => en.seq === selected);
    const next = e.key === 'ArrowRight' ? Math.min(entries.length - 1, i + 1) : Math.max(0, i < 0 ? entries.length - 1 : i - 1);
    const en = entries[next];
    onSelect(en.seq);
    const el = scroller.current!;
    const ex = x(en.time);
    if (ex < el.scrollLeft || ex > el.scrollLeft + el.clientWidth) el.scrollLeft = ex - el.clientWidth / 2;
  };

  // Only draw what is on screen (plus a screen either side).
  const lo = t0 + (view.left - view.width) / scale;
  const hi = t0 + (view.left + 2 * view.width) / scale;
  const visible = entries.filter((e) => e.time + (e.durationMs ?? 0) >= lo && e.time <= hi);

  const stepSec = STEPS.find((s) => s * pxPerSec >= 90) ?? 3600;
  const stepMs = stepSec * 1000;
  const axis: number[] = [];
  for (let t = Math.ceil(Math.max(t0, lo) / stepMs) * stepMs; t <= Math.min(t1, hi); t += stepMs) axis.push(t);

  // Flag labels go in two rows; a flag whose label would overlap both rows shows only its pole and a dot under
  // the rows (details on hover and in the list).
  const rowEnds = [-Infinity, -Infinity];
  const flagLayout = new Map<number, { row: number; label: string; width: number } | null>();
  for (const e of visible) {
    if (!LIFECYCLE.has(e.kind)) continue;
    const label = e.label.length > 26 ? `${e.label.slice(0, 25)}…` : e.label;
    const width = label.length * 6.1 + 12;
    const ex = x(e.time);
    const row = rowEnds.findIndex((end) => end + 4 <= ex);
    if (row < 0) {
      flagLayout.set(e.seq, null);
    } else {
      rowEnds[row] = ex + width;
      flagLayout.set(e.seq, { row, label, width });
    }
  }

  return (
    <div
      ref={scroller}
      className="timeline-scroller"
      tabIndex={0}
      role="group"
      aria-label="Timeline. Left and right arrows move between entries; plus and minus, or Ctrl and the mouse wheel, zoom."
      onKeyDown={onKey}
      onScroll={(e) => {
        const el = e.currentTarget;
        setView({ left: el.scrollLeft, width: el.clientWidth });
        const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
        if (atEnd !== follow) onFollowChange(atEnd);
      }}
    >
      <svg width={width} height={HEIGHT} className={styles.timelineSvg} onClick={(e) => e.target === e.currentTarget && onSelect(null)}>
        <g className="tl-lanes">
          <rect x={0} y={AXIS} width={width} height={46} className={styles.tlLane} />
          <rect x={0} y={AXIS + 46} width={width} height={40} className={`${styles.tlLane} ${styles.alt}`} />
          <rect x={0} y={AXIS + 86} width={width} height={HEIGHT - AXIS - 86} className={styles.tlLane} />
        </g>
        <g className="tl-axis">
          {axis.map((t) => (
            <g key={t} transform={`translate(${x(t)},0)`}>
              <line y1={AXIS - 4} y2={HEIGHT} className={styles.tlGrid} />
              <text x={3} y={11} className={styles.tlAxisLabel}>{formatClock(t)}</text>
            </g>
          ))}
        </g>
        {live && <line x1={x(now)} x2={x(now)} y1={AXIS} y2={HEIGHT} className={styles.tlNow} />}
        {/* Labelled flags last, so no pole or bar is drawn across their labels. */}
        {[...visible.filter((e) => !flagLayout.get(e.seq)), ...visible.filter((e) => flagLayout.get(e.seq))].map((e) => {
          const sel = e.seq === selected;
          const ex = x(e.time);
          const pick = () => onSelect(e.seq);
          if (e.kind === 'tick' || e.kind === 'call') {
            const w = Math.max(3, (e.durationMs ?? 0) * scale);
            // Calls (on a recording's timeline) share the middle lane with ticks, as thinner bars.
            const call = e.kind === 'call';
            return (
              <rect
                key={e.seq}
                data-testid={call ? 'timeline-call' : 'timeline-tick'}
                x={ex}
                y={LANES.ticks - (call ? 7 : 12)}
                width={w}
                height={call ? 14 : 24}
                rx={2}
                className={`${styles.tlTick}${call ? ` ${styles.tlCall}` : ''} outcome-${e.outcome ?? (call ? 'skipped' : 'ok')}${sel ? ' selected' : ''}`}
                onClick={pick}
              >
                <title>{tooltip(e)}</title>
              </rect>
            );
          }
          if (e.kind === 'event' || e.kind === 'trigger') {
            return (
              <g key={e.seq} transform={`translate(${ex},${LANES.events})`} className={`${styles.tlEvent}${e.kind === 'trigger' ? ` ${styles.tlTrigger}` : ''}${sel ? ' selected' : ''}`} onClick={pick} data-testid="timeline-event">
                <rect x={-5} y={-5} width={10} height={10} transform="rotate(45)" />
                <title>{tooltip(e)}</title>
              </g>
            );
          }
          if (LIFECYCLE.has(e.kind)) {
            const layout = flagLayout.get(e.seq);
            return (
              <g key={e.seq} className={`${styles.tlFlag} flag-${e.kind}${sel ? ' selected' : ''}`} onClick={pick} data-testid="timeline-flag">
                <line x1={ex} x2={ex} y1={AXIS + 2} y2={HEIGHT} />
                {layout ? (
                  <>
                    <rect x={ex} y={AXIS + 4 + layout.row * 20} width={layout.width} height={16} rx={3} />
                    <text x={ex + 6} y={AXIS + 15.5 + layout.row * 20}>{layout.label}</text>
                  </>
                ) : (
                  <circle cx={ex} cy={AXIS + 42} r={3.5} />
                )}
                <title>{tooltip(e)}</title>
              </g>
            );
          }
          return null;
        })}
      </svg>
    </div>
  );
}
