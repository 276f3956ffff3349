import { useLayoutEffect, useRef, useState } from 'react';
import { Activity, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { TimelineEntry } from '@contract';
import { TimelineChart } from '../timeline/TimelineChart';
import { TimelineEntries } from '../timeline/TimelineEntries';
import { TimelineDetail, TimelineLaneLabels } from '../timeline/TimelineParts';
import { EmptyState } from '../common/EmptyState';
import { IconButton } from '../common/Button';
import { formatClock } from '../../lib/format';
// Global class names kept beside the module classes: tests select .timeline-tab.
import timelineStyles from '../timeline/timeline.module.css';

const MIN_ZOOM = 0.05;
const MAX_ZOOM = 2000;
const clamp = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

/** The recorded calls, ticks, events, notes and lifecycle marks, in the live Timeline tab's chart and list. */
export function RecordedTimeline({ entries }: { entries: TimelineEntry[] }) {
  const wrap = useRef<HTMLDivElement>(null);
  const [pxPerSec, setPxPerSec] = useState(20);
  const [follow, setFollow] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);

  // A recording is looked at whole: start with all of it in view.
  const fit = () => {
    if (entries.length < 1) return;
    const span = entries[entries.length - 1].time - entries[0].time + 10_000;
    const w = wrap.current?.querySelector('.timeline-scroller')?.clientWidth ?? 800;
    setPxPerSec(clamp((w / span) * 1000 * 0.85));
    setFollow(false);
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(fit, [entries.length]);

  if (!entries.length) {
    return (
      <EmptyState compact icon={<Activity size={20} />} title="Nothing on the timeline">
        Calls, ticks, emitted events, notes, sessions, crashes and restarts recorded during the session show up here.
      </EmptyState>
    );
  }
  const entry = selected !== null ? entries.find((e) => e.seq === selected) : undefined;
  return (
    <div className={`${timelineStyles.timelineTab} timeline-tab`} ref={wrap}>
      <div className="toolbar" role="toolbar" aria-label="Timeline controls">
        <span className="muted small">
          {entries.length} entries from {formatClock(entries[0].time)} to {formatClock(entries[entries.length - 1].time)}
        </span>
        <span className="spacer" />
        <span className="legend">
          <span className={`${timelineStyles.legendSwatch} ok`} /> ok
          <span className={`${timelineStyles.legendSwatch} error`} /> error
          <span className={`${timelineStyles.legendSwatch} event`} /> event
        </span>
        <IconButton worksOffline label="Zoom out (Ctrl + wheel)" icon={<ZoomOut size={14} />} onClick={() => setPxPerSec((z) => clamp(z * 0.5))} />
        <IconButton worksOffline label="Zoom in (Ctrl + wheel)" icon={<ZoomIn size={14} />} onClick={() => setPxPerSec((z) => clamp(z * 2))} />
        <IconButton worksOffline label="Fit everything" icon={<Maximize2 size={14} />} onClick={fit} />
      </div>
      <div className={timelineStyles.timelineChartWrap}>
        <TimelineLaneLabels middle={entries.some((e) => e.kind === 'tick') ? 'Calls, ticks' : 'Calls'} />
        <TimelineChart
          entries={entries}
          pxPerSec={pxPerSec}
          onZoom={(f) => setPxPerSec((z) => clamp(z * f))}
          selected={selected}
          onSelect={setSelected}
          follow={follow}
          onFollowChange={setFollow}
          end={entries.reduce((m, e) => Math.max(m, e.time + (e.durationMs ?? 0)), 0)}
        />
      </div>
      <div className={timelineStyles.timelineBottom}>
        <TimelineEntries entries={entries} version={entries.length} selected={selected} onSelect={setSelected} />
        <TimelineDetail entry={entry} empty="Pick an entry in the chart or the list to see its details." />
      </div>
    </div>
  );
}
