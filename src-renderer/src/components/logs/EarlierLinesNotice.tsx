import { Copy, ExternalLink, FileSearch, Info } from 'lucide-react';
import { LOG_FILE_ROUTE, type LogFileInfo } from '@contract';
import { Button, IconButton } from '../common/Button';
import { copyText } from '../../lib/clipboard';
import { useStore } from '../../store';
import { useOfflineReason } from '../../lib/offline';
// Global class names kept beside the module classes: tests select .log-notice-path.
import styles from './EarlierLinesNotice.module.css';

/** The complete log file's address in browser mode, where the server shows it as numbered text. */
export function logFileHref(skillId: string): string {
  return `.${LOG_FILE_ROUTE}?skill=${encodeURIComponent(skillId)}`;
}

/**
 * Says that older lines than the tab holds exist, only in the complete log file, and offers what can be done with
 * that file: search it, view it (browser mode), copy its path (to open it in an editor).
 */
export function EarlierLinesNotice({ skillId, info, cleared, onSearch, canSearch }: {
  skillId: string;
  info: LogFileInfo;
  /** The view was cleared since the tab opened: that, not only its size, is why the lines are not here. */
  cleared: boolean;
  onSearch(): void;
  canSearch: boolean;
}) {
  const browser = useStore((s) => s.host?.kind === 'browser');
  const offline = useOfflineReason();
  const n = info.linesBefore;
  return (
    <div className={styles.logNotice} role="status" data-testid="earlier-lines">
      <Info size={14} className={styles.logNoticeIcon} aria-hidden="true" />
      <span className={styles.logNoticeText}>
        <strong>{n.toLocaleString()} earlier line{n === 1 ? ' is' : 's are'} in the complete log file</strong>,{' '}
        {cleared ? 'not here since the view was cleared.' : 'not here: this tab keeps only the newest lines.'}
        {info.path && <span className={`${styles.logNoticePath} log-notice-path`} title={info.path}>{info.path}</span>}
      </span>
      <span className={styles.logNoticeActions}>
        <Button size="sm" icon={<FileSearch size={12} />} onClick={onSearch} disabled={!canSearch} title={canSearch ? 'Search every line of the complete log file for the text in the search box' : 'Type what to look for in the search box first'}>
          Search it
        </Button>
        {browser && offline && <Button size="sm" icon={<ExternalLink size={12} />}>View it</Button>}
        {browser && !offline && (
          <a className="btn btn-default btn-sm" href={logFileHref(skillId)} target="_blank" rel="noopener noreferrer" data-testid="view-log-file">
            <ExternalLink size={12} aria-hidden="true" />
            <span className="btn-label">View it</span>
          </a>
        )}
        {info.path && <IconButton worksOffline size="sm" label="Copy the log file’s path" icon={<Copy size={12} />} onClick={() => void copyText(info.path!, 'Path copied')} />}
      </span>
    </div>
  );
}
