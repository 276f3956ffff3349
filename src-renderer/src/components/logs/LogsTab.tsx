import { useEffect, useRef, useState } from 'react';
import { ArrowDown, CaseSensitive, ChevronDown, ChevronUp, Copy, Eraser, FileSearch, Regex, Search } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { LogSearchResult, LogStream } from '@contract';
import { LogTerminal, type LogTerminalHandle } from './LogTerminal';
import { ALL_STREAMS, type StreamFilter } from './log-buffer';
import { StreamToggles } from './StreamToggles';
import { EarlierLinesNotice } from './EarlierLinesNotice';
import { LogFileResults } from './LogFileResults';
import { useLogFileInfo } from './use-log-file';
import { Button, IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import * as logs from '../../actions/logs';
import { useStore } from '../../store';
import { copyText } from '../../lib/clipboard';
import { toastError } from '../../actions/errors';
import type { TextQuery } from '../../lib/text-match';
import { LogLevelPicker } from '../mcp/LogLevelPicker';
// Global class names kept beside the module classes: tests select .logs-tab.
import styles from './LogsTab.module.css';
import logsStyles from './logs.module.css';

/** The stream filter of each skill, and whether its view was cleared, kept while the app runs (switching tabs does not forget them). */
const filters = new Map<string, StreamFilter>();
const clearedViews = new Set<string>();

export default function LogsTab({ skillId }: { skillId: string }) {
  const term = useRef<LogTerminalHandle>(null);
  const [query, setQuery] = useState('');
  const [regex, setRegex] = useState(false);
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [badRegex, setBadRegex] = useState(false);
  const [results, setResults] = useState<{ index: number; count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [streams, setStreamsState] = useState<StreamFilter>(() => filters.get(skillId) ?? ALL_STREAMS);
  const [horizon, setHorizon] = useState<number | undefined>(undefined);
  const [cleared, setCleared] = useState(() => clearedViews.has(skillId));
  const [fileSearch, setFileSearch] = useState<{ query: TextQuery; result: LogSearchResult | null } | null>(null);
  const info = useLogFileInfo(skillId, horizon);
  const { resetLogs, isMcp } = useStore(useShallow((s) => ({ resetLogs: s.resetLogs, isMcp: s.infos[skillId]?.protocol === 'mcp' })));
  // While the log is on screen nothing is "new": reset the unseen counter on the way in and out.
  useEffect(() => {
    resetLogs(skillId);
    const t = setInterval(() => resetLogs(skillId), 1000);
    return () => {
      clearInterval(t);
      resetLogs(skillId);
    };
  }, [skillId, resetLogs]);

  const setStreams = (next: StreamFilter) => {
    filters.set(skillId, next);
    setStreamsState(next);
  };
  const flags = { regex, caseSensitive };
  const find = (text: string, f = flags, backwards = false) => setBadRegex(!(term.current?.find(text, f, backwards) ?? true));

  const clear = async () => {
    try {
      await logs.clearLogs(skillId);
      term.current?.clear();
      clearedViews.add(skillId);
      setCleared(true);
      resetLogs(skillId);
    } catch (err) {
      toastError(err, 'Could not clear the logs');
    }
  };

  const searchFile = async () => {
    if (!query) return;
    const q: TextQuery = { text: query, regex, caseSensitive };
    setFileSearch({ query: q, result: null });
    try {
      const shown = (Object.keys(streams) as LogStream[]).filter((s) => streams[s]);
      const result = await logs.searchLogFile(skillId, { ...q, streams: shown.length === 3 ? undefined : shown, limit: 500 });
      setFileSearch((cur) => (cur?.query === q ? { query: q, result } : cur));
    } catch (err) {
      setFileSearch(null);
      toastError(err, 'Could not search the log file');
    }
  };

  const earlier = info && info.linesBefore > 0 ? info : null;
  const nothingInView = !!query && !!results && results.count === 0;

  return (
    <div className={`${styles.logsTab} logs-tab`}>
      <div className="toolbar" role="toolbar" aria-label="Log tools">
        <div className={`search-box${badRegex ? ` ${styles.invalid}` : ''}`}>
          <Search size={13} aria-hidden="true" />
          <input
            type="search"
            placeholder={regex ? 'Search the log (regular expression)' : 'Search the log'}
            aria-label="Search the log"
            aria-invalid={badRegex || undefined}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              find(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.altKey) {
                e.preventDefault();
                void searchFile();
              } else if (e.key === 'Enter') {
                e.preventDefault();
                find(query, flags, e.shiftKey);
              }
              if (e.key === 'Escape') {
                setQuery('');
                find('');
              }
            }}
          />
          {query && badRegex && <span className={`search-count ${logsStyles.errorText}`}>Not a valid regular expression</span>}
          {query && !badRegex && results && (
            <span className="search-count" aria-live="polite">
              {results.count === 0 ? (earlier ? 'Not in view' : 'No matches') : `${results.index + 1} of ${results.count}`}
            </span>
          )}
          <button type="button" className={styles.searchFlag} aria-pressed={caseSensitive} title="Match case" aria-label="Match case" onClick={() => { setCaseSensitive(!caseSensitive); find(query, { regex, caseSensitive: !caseSensitive }); }}>
            <CaseSensitive size={14} aria-hidden="true" />
          </button>
          <button type="button" className={styles.searchFlag} aria-pressed={regex} title="Use a regular expression" aria-label="Use a regular expression" onClick={() => { setRegex(!regex); find(query, { regex: !regex, caseSensitive }); }}>
            <Regex size={14} aria-hidden="true" />
          </button>
          <IconButton worksOffline size="sm" label="Previous match (Shift+Enter)" icon={<ChevronUp size={13} />} onClick={() => find(query, flags, true)} disabled={!query} />
          <IconButton worksOffline size="sm" label="Next match (Enter)" icon={<ChevronDown size={13} />} onClick={() => find(query)} disabled={!query} />
        </div>
        <Button
          size="sm"
          variant={nothingInView && earlier ? 'primary' : 'default'}
          icon={<FileSearch size={13} />}
          onClick={() => void searchFile()}
          disabled={!query || badRegex}
          title="Search every line of the complete log file on disk, not only those shown here (Alt+Enter)"
          data-testid="search-log-file"
        >
          Search the complete log
        </Button>
        <StreamToggles value={streams} onChange={setStreams} />
        {isMcp && <LogLevelPicker skillId={skillId} />}
        <span className="spacer" />
        <IconButton worksOffline label="Scroll to the end" icon={<ArrowDown size={14} />} onClick={() => term.current?.scrollToBottom()} />
        <IconButton worksOffline label="Copy the log (or the selection)" icon={<Copy size={14} />} onClick={() => void copyText(term.current?.text() ?? '', 'Log copied')} />
        <IconButton label="Clear the log" icon={<Eraser size={14} />} onClick={() => void clear()} data-testid="clear-logs" />
      </div>
      {earlier && <EarlierLinesNotice skillId={skillId} info={earlier} cleared={cleared} canSearch={!!query && !badRegex} onSearch={() => void searchFile()} />}
      {error && <div className="panel-pad-sm"><ErrorNote message={error} title="Could not load earlier log lines" /></div>}
      {fileSearch && <LogFileResults result={fileSearch.result} query={fileSearch.query} busy={!fileSearch.result} onClose={() => setFileSearch(null)} />}
      <LogTerminal key={skillId} ref={term} skillId={skillId} streams={streams} onResults={setResults} onError={setError} onHorizon={setHorizon} />
    </div>
  );
}
