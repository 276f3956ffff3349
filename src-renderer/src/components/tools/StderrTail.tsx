import { useMemo, useState } from 'react';
import { ChevronDown, ChevronRight, Copy } from 'lucide-react';
import { useStore } from '../../store';
import { IconButton } from '../common/Button';
import { copyText } from '../../lib/clipboard';
import { foldLabel, frameRows, parseStderr, shortFile, type Frame, type RaisedException } from '../../../../src-main/common/traceback';
// Global class names kept beside the module classes: tests select .tb-where.
import styles from './StderrTail.module.css';

/**
 * The last stderr lines of a failed call. A Python traceback among them opens on the exception and the
 * skill's own frames (innermost first), the SDK's, the runner's and Python's folded by count; the raw
 * lines are one click away, and Copy always copies all of them as they came.
 */
export function StderrTail({ lines, skillId }: { lines: string[]; skillId: string }) {
  const skillDir = useStore((s) => s.infos[skillId]?.dir);
  const pieces = useMemo(() => parseStderr(lines, skillDir), [lines, skillDir]);
  // The tail holds what came before the call too: the last traceback is this call's, earlier ones go with the other lines.
  const last = pieces.findLastIndex((p) => p.kind === 'traceback');
  const traced = last >= 0;
  const [raw, setRaw] = useState(!traced);
  const other = pieces.flatMap((p, i) => (i === last ? [] : p.lines)).filter((l) => l.trim() !== '');
  const earlier = pieces.some((p, i) => i !== last && p.kind === 'traceback');
  const shown = pieces[last];
  return (
    <div className="stderr-tail" data-testid="stderr-tail" data-view={raw ? 'raw' : 'traceback'}>
      <div className={`stderr-tail-title ${styles.tbTitle}`}>
        <span>Last lines the skill wrote to stderr</span>
        <span className="spacer" />
        {traced && (
          <button type="button" className="link-btn" onClick={() => setRaw(!raw)} aria-pressed={raw} data-testid="stderr-raw-toggle">
            {raw ? 'Show the traceback' : 'Show raw'}
          </button>
        )}
        <IconButton worksOffline size="sm" label="Copy all the stderr lines, as they came" icon={<Copy size={12} />} onClick={() => void copyText(lines.join('\n'), 'Stderr copied')} data-testid="stderr-copy" />
      </div>
      {raw ? (
        <pre>{lines.join('\n')}</pre>
      ) : (
        <div className={styles.tbBody}>
          {shown?.kind === 'traceback' && <Chain chain={shown.chain} skillDir={skillDir} />}
          {other.length > 0 && (
            <details className={styles.tbOther}>
              <summary>{other.length} other line{other.length === 1 ? '' : 's'} on stderr{earlier ? ', an earlier traceback among them' : ''}</summary>
              <pre>{other.join('\n')}</pre>
            </details>
          )}
        </div>
      )}
    </div>
  );
}

/** One traceback: the exception raised last first, then each it came from, with how they are linked. */
function Chain({ chain, skillDir }: { chain: RaisedException[]; skillDir?: string }) {
  const latestFirst = [...chain].reverse();
  return (
    <div className="tb-chain" data-testid="traceback">
      {latestFirst.map((e, i) => {
        // Python prints the cause first; shown latest first, the link is said above the earlier one.
        const link = i > 0 ? latestFirst[i - 1].after : undefined;
        return (
          <div key={i} className={styles.tbExceptionBlock}>
            {link && <div className={styles.tbLink}>{link === 'cause' ? 'It was caused by:' : 'It was raised while handling:'}</div>}
            <Raised e={e} skillDir={skillDir} />
          </div>
        );
      })}
    </div>
  );
}

function Raised({ e, skillDir }: { e: RaisedException; skillDir?: string }) {
  // Without the skill's folder no frame can be told as its own: none is folded.
  const rows = skillDir ? frameRows(e.frames) : [...e.frames].reverse().map((frame) => ({ kind: 'frame' as const, frame }));
  return (
    <>
      <div className={styles.tbException} data-testid="traceback-exception">{e.exception.length ? e.exception.join('\n') : 'An exception (its line was not kept)'}</div>
      <ol className={styles.tbFrames}>
        {rows.map((r, i) => (r.kind === 'frame' ? <FrameLine key={i} f={r.frame} skillDir={skillDir} /> : <Fold key={i} frames={r.frames} skillDir={skillDir} />))}
      </ol>
      {e.cut && <p className={styles.tbCut}>The start of this traceback was not kept (only the last lines are).</p>}
    </>
  );
}

function FrameLine({ f, skillDir }: { f: Frame; skillDir?: string }) {
  return (
    <li className={`${styles.tbFrame}${f.owner === 'skill' ? ` ${styles.isOwn}` : ''}`} data-testid="traceback-frame" data-owner={f.owner}>
      <div className={`${styles.tbWhere} tb-where`} title={`${f.file}, line ${f.line}`}>
        <span className={styles.tbFile}>{shortFile(f.file, skillDir)}:{f.line}</span>
        {f.func && <span className="tb-func"> in {f.func}</span>}
      </div>
      {f.code.length > 0 && <pre className={styles.tbCode}>{f.code.join('\n')}</pre>}
    </li>
  );
}

function Fold({ frames, skillDir }: { frames: Frame[]; skillDir?: string }) {
  const [open, setOpen] = useState(false);
  // Innermost first, as the rows around it.
  return (
    <li className="tb-fold" data-testid="traceback-fold">
      <button type="button" className={styles.tbFoldHead} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown size={12} aria-hidden="true" /> : <ChevronRight size={12} aria-hidden="true" />}
        {foldLabel(frames)}
      </button>
      {open && (
        <ol className={`${styles.tbFrames} ${styles.tbFolded}`}>
          {frames.map((f, i) => <FrameLine key={i} f={f} skillDir={skillDir} />)}
        </ol>
      )}
    </li>
  );
}
