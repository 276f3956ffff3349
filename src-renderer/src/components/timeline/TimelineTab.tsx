import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Activity, Maximize2, Pause, Play, StepForward, ZoomIn, ZoomOut } from 'lucide-react';
import { useTimelineRing } from '../../streams/timeline';
import { useStore } from '../../store';
import { useCommand } from '../../data';
import { TimelineChart } from './TimelineChart';
import { TimelineEntries } from './TimelineEntries';
import { TimelineDetail, TimelineLaneLabels } from './TimelineParts';
import { Button, IconButton } from '../common/Button';
import { EmptyState } from '../common/EmptyState';
import { formatDuration } from '../../lib/format';
import { SchedulePanel } from '../agent/SchedulePanel';
// Global class names kept beside the module classes: tests select .timeline-tab, .tick-facts, .skipped.
import styles from './TimelineTab.module.css';
import timelineStyles from './timeline.module.css';

const MIN_ZOOM = 0.05;
const MAX_ZOOM = 2000;

export function TimelineTab({ skillId }: { skillId: string }) {
  const { ring, version } = useTimelineRing(skillId);
  const { ticks, hasTicks } = useStore(useShallow((s) => ({ ticks: s.ticks[skillId], hasTicks: !!s.infos[skillId]?.capabilities.ticks })));
  const [pxPerSec, setPxPerSec] = useState(20);
  const [follow, setFollow] = useState(true);
  const [selected, setSelected] = useState<number | null>(null);

  const zoom = (f: number) => setPxPerSec((z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z * f)));
  const fit = () => {
    const list = ring.list;
    if (list.length < 2) return;
    const span = list[list.length - 1].time - list[0].time + 10_000;
    const w = document.querySelector('.timeline-scroller')?.clientWidth ?? 800;
    setPxPerSec(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (w / span) * 1000)));
    setFollow(true);
  };
  const resume = useCommand('resumeTicks', { toast: 'Could not resume ticks' });
  const pause = useCommand('pauseTicks', { toast: 'Could not pause ticks' });
  const tick = useCommand('tickNow', { toast: 'Could not tick' });

  const entry = selected !== null ? ring.get(selected) : undefined;
  const tickCount = ring.list.filter((e) => e.kind === 'tick').length;

  return (
    <div className={`${timelineStyles.timelineTab} timeline-tab`}>
      <div className="toolbar" role="toolbar" aria-label="Timeline controls">
        {hasTicks && (
          <>
            {ticks?.paused ? (
              <Button size="sm" icon={<Play size={12} />} onClick={() => void resume.run(skillId)}>Resume ticks</Button>
            ) : (
              <Button size="sm" icon={<Pause size={12} />} onClick={() => void pause.run(skillId)}>Pause ticks</Button>
            )}
            <Button size="sm" icon={<StepForward size={12} />} onClick={() => void tick.run(skillId)} data-testid="tick-now">Tick now</Button>
            <dl className={`${styles.tickFacts} tick-facts`} aria-label="Tick counts">
              <dt>Every</dt><dd>{ticks ? formatDuration(ticks.intervalMs) : '—'}</dd>
              <dt>Ticks</dt><dd data-testid="tick-count">{ticks?.count ?? tickCount}</dd>
              <dt>Skipped</dt><dd>{ticks?.skipped ?? 0}</dd>
              <dt>State</dt><dd>{!ticks ? 'not running' : ticks.paused ? 'paused' : ticks.running ? 'ticking' : 'waiting for the next'}</dd>
            </dl>
          </>
        )}
        <span className="spacer" />
        <span className="legend">
          <span className={`${timelineStyles.legendSwatch} ok`} /> ok
          <span className={`${timelineStyles.legendSwatch} error`} /> error
          <span className={`${timelineStyles.legendSwatch} ${timelineStyles.skipped} skipped`} /> skipped
          <span className={`${timelineStyles.legendSwatch} event`} /> event
          <span className={`${timelineStyles.legendSwatch} trigger`} /> trigger
        </span>
        <IconButton worksOffline label="Zoom out (Ctrl + wheel)" icon={<ZoomOut size={14} />} onClick={() => zoom(0.5)} />
        <IconButton worksOffline label="Zoom in (Ctrl + wheel)" icon={<ZoomIn size={14} />} onClick={() => zoom(2)} />
        <IconButton worksOffline label="Fit everything" icon={<Maximize2 size={14} />} onClick={fit} />
        <Button worksOffline size="sm" aria-pressed={follow} onClick={() => setFollow(!follow)} title="Keep the newest moment in view">
          Follow
        </Button>
      </div>
      <SchedulePanel skillId={skillId} />
      {ring.list.length === 0 ? (
        <EmptyState icon={<Activity size={22} />} title={ring.loaded ? 'Nothing on the timeline yet' : 'Loading the timeline…'}>
          Ticks, emitted events, sessions and restarts appear here as they happen.
          {hasTicks ? ' Start the skill, or press “Tick now”.' : ' Start the skill or a session.'}
        </EmptyState>
      ) : (
        <>
          <div className={timelineStyles.timelineChartWrap}>
          <TimelineLaneLabels middle={hasTicks ? 'Ticks' : ''} />
          <TimelineChart
            entries={ring.list}
            pxPerSec={pxPerSec}
            onZoom={zoom}
            selected={selected}
            onSelect={setSelected}
            follow={follow}
            onFollowChange={setFollow}
          />
          </div>
          <div className={timelineStyles.timelineBottom}>
          <TimelineEntries entries={ring.list} version={version} selected={selected} onSelect={setSelected} />
          <TimelineDetail
            entry={entry}
            empty={`Pick an entry (in the chart or the list) to see its details. ${tickCount} ticks, ${ring.list.length} entries in total.`}
          />
          </div>
        </>
      )}
    </div>
  );
}
