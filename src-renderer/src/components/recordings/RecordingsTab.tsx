import { useEffect, useMemo, useState } from 'react';
import { Disc } from 'lucide-react';
import type { RecordingInfo } from '@contract';
import { EmptyState } from '../common/EmptyState';
import { Spinner } from '../common/Spinner';
import { RecordingBrowser } from './RecordingBrowser';
import { useStore } from '../../store';
import { wireRecordings } from '../../actions/recordings';
import { recordedAt } from './use-recording';
import { formatDateTime } from '../../lib/format';
import styles from './RecordingsTab.module.css';
import recordingsStyles from './recordings.module.css';

/** A skill's recordings, newest first, and the one opened: browse it, export a report, replay it. */
export function RecordingsTab({ skillId }: { skillId: string }) {
  useEffect(wireRecordings, []);
  const all = useStore((s) => s.recordings);
  const loaded = useStore((s) => s.recordingsLoaded);
  const list = useMemo(() => all.filter((r) => r.skillId === skillId), [all, skillId]);
  const [picked, setPicked] = useState<string | null>(null);
  const open = list.find((r) => r.file === picked) ?? list[0];

  const [pickedFor, setPickedFor] = useState(skillId);
  if (pickedFor !== skillId) {
    setPickedFor(skillId);
    setPicked(null);
  }

  if (!loaded) return <div className="panel-loading"><Spinner /> Listing recordings…</div>;
  if (!list.length) {
    return (
      <EmptyState icon={<Disc size={22} />} title="No recordings of this skill yet">
        Press <strong>Record</strong> at the top to record a session: every call with its result, the protocol messages, ticks,
        events, crashes and your notes go into one file. Open it here later to browse it, export a report, or replay it against
        the skill to see what changed.
      </EmptyState>
    );
  }
  return (
    <div className={styles.recordingsTab}>
      <nav className={styles.recList} aria-label="Recordings of this skill">
        <div className={styles.recListHead}>
          <span>Recordings</span>
          <span className="tab-badge">{list.length}</span>
        </div>
        <ul>
          {list.map((r) => (
            <RecordingRow key={r.file} info={r} selected={r.file === open?.file} onOpen={() => setPicked(r.file)} />
          ))}
        </ul>
      </nav>
      {open && <RecordingBrowser key={open.file} info={open} />}
    </div>
  );
}

function RecordingRow({ info, selected, onOpen }: { info: RecordingInfo; selected: boolean; onOpen(): void }) {
  return (
    <li>
      <button type="button" className={`${recordingsStyles.recRow}${selected ? ' selected' : ''}`} aria-current={selected || undefined} onClick={onOpen} data-testid="recording-row">
        <span className={styles.recRowTop}>
          <span className={styles.recRowName}>{info.name}</span>
          {info.active && <span className={recordingsStyles.recLivePill}><span className={recordingsStyles.recDot} aria-hidden="true" />recording</span>}
        </span>
        <span className={styles.recRowMeta}>
          <span title={formatDateTime(info.startedAt)}>{recordedAt(info.startedAt)}</span>
          <span className="dot-sep" aria-hidden="true">·</span>
          <span>{info.records.toLocaleString()} {info.records === 1 ? 'record' : 'records'}</span>
        </span>
      </button>
    </li>
  );
}
