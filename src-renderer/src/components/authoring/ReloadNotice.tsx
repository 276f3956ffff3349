import { useEffect, useMemo, useState } from 'react';
import { CircleX, RotateCw, X } from 'lucide-react';
import type { TimelineEntry } from '@contract';
import { useTimelineRing } from '../../streams/timeline';
import { IconButton } from '../common/Button';
import { HotReloadSwitch } from './HotReloadSwitch';
import { formatClock } from '../../lib/format';
// Global class names kept beside the module classes: tests select .reload-time.
import styles from './ReloadNotice.module.css';

type ReloadKind = 'reloaded' | 'syntax-error' | 'failed';

/** Dismissed notices per skill (by timeline seq), kept while the app is open. */
const dismissed = new Map<string, number>();

/** A reload that went well is news for a moment; a failed one stays until it is fixed or dismissed. */
export const RELOADED_SHOWN_MS = 5000;

function reloadOf(e: TimelineEntry): ReloadKind | null {
  const kind = (e.data as { reload?: unknown } | undefined)?.reload;
  return kind === 'reloaded' || kind === 'syntax-error' || kind === 'failed' ? kind : null;
}

/**
 * The last hot reload of the skill, above its tools: "Reloaded after a change to skill.py", or the syntax
 * error (file and line) that kept it from reloading. The form below keeps its values either way. "Reloaded" goes
 * by itself after a few seconds (not while the pointer or the focus is on it); an error stays.
 */
export function ReloadNotice({ skillId }: { skillId: string }) {
  const { ring, version } = useTimelineRing(skillId);
  const [, setTick] = useState(0);
  const last = useMemo(() => {
    for (let i = ring.list.length - 1; i >= 0; i--) {
      const kind = reloadOf(ring.list[i]);
      if (kind) return { entry: ring.list[i], kind };
    }
    return null;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ring, version]);
  const [held, setHeld] = useState(false);
  const shown = last !== null && (dismissed.get(skillId) ?? -1) < last.entry.seq;
  const fades = shown && last.kind === 'reloaded' && !held;
  const seq = last?.entry.seq;
  useEffect(() => {
    if (!fades || seq === undefined) return;
    const t = setTimeout(() => {
      dismissed.set(skillId, seq);
      setTick((n) => n + 1);
    }, RELOADED_SHOWN_MS);
    return () => clearTimeout(t);
  }, [fades, seq, skillId]);
  if (!last || (dismissed.get(skillId) ?? -1) >= last.entry.seq) return null;
  const ok = last.kind === 'reloaded';
  return (
    <div
      className={`${styles.reloadNotice} ${ok ? `${styles.isOk}` : 'is-error'}`}
      role="status"
      data-testid="reload-notice"
      data-kind={last.kind}
      data-seq={last.entry.seq}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      {ok ? <RotateCw size={14} aria-hidden="true" /> : <CircleX size={14} aria-hidden="true" />}
      <span className={styles.reloadText}>{last.entry.label}</span>
      <span className={`${styles.reloadTime} reload-time`}>{formatClock(last.entry.time)}</span>
      <span className="spacer" />
      <HotReloadSwitch skillId={skillId} />
      <IconButton
        size="sm"
        worksOffline
        label="Dismiss"
        icon={<X size={13} />}
        onClick={() => {
          dismissed.set(skillId, last.entry.seq);
          setTick((t) => t + 1);
        }}
      />
    </div>
  );
}
