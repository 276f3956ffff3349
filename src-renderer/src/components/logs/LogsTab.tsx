import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ChevronDown, ChevronUp, Copy, Eraser, Search } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { LogTerminal, type LogTerminalHandle } from './LogTerminal';
import { IconButton } from '../common/Button';
import { ErrorNote } from '../common/ErrorNote';
import { api } from '../../api/client';
import { useStore } from '../../store';
import { copyText } from '../../lib/clipboard';
import { toastError } from '../../actions/errors';

export default function LogsTab({ skillId }: { skillId: string }) {
  const term = useRef<LogTerminalHandle>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<{ index: number; count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { resetLogs } = useStore(useShallow((s) => ({ resetLogs: s.resetLogs })));
  // While the log is on screen nothing is "new": reset the unseen counter on the way in and out.
  useEffect(() => {
    resetLogs(skillId);
    const t = setInterval(() => resetLogs(skillId), 1000);
    return () => {
      clearInterval(t);
      resetLogs(skillId);
    };
  }, [skillId, resetLogs]);

  const clear = async () => {
    try {
      await api().clearLogs(skillId);
      term.current?.clear();
      resetLogs(skillId);
    } catch (err) {
      toastError(err, 'Could not clear the logs');
    }
  };

  return (
    <div className="logs-tab">
      <div className="toolbar" role="toolbar" aria-label="Log tools">
        <div className="search-box">
          <Search size={13} aria-hidden="true" />
          <input
            type="search"
            placeholder="Search the log"
            aria-label="Search the log"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              term.current?.find(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                term.current?.find(query, e.shiftKey);
              }
              if (e.key === 'Escape') {
                setQuery('');
                term.current?.find('');
              }
            }}
          />
          {query && results && (
            <span className="search-count" aria-live="polite">
              {results.count === 0 ? 'No matches' : `${results.index + 1} of ${results.count}`}
            </span>
          )}
          <IconButton size="sm" label="Previous match (Shift+Enter)" icon={<ChevronUp size={13} />} onClick={() => term.current?.find(query, true)} disabled={!query} />
          <IconButton size="sm" label="Next match (Enter)" icon={<ChevronDown size={13} />} onClick={() => term.current?.find(query)} disabled={!query} />
        </div>
        <span className="legend" aria-label="Legend">
          <span className="legend-item out">out</span> stdout
          <span className="legend-item err">err</span> stderr
          <span className="legend-item sys">sys</span> workbench
        </span>
        <span className="spacer" />
        <IconButton label="Scroll to the end" icon={<ArrowDown size={14} />} onClick={() => term.current?.scrollToBottom()} />
        <IconButton label="Copy the log (or the selection)" icon={<Copy size={14} />} onClick={() => void copyText(term.current?.text() ?? '', 'Log copied')} />
        <IconButton label="Clear the log" icon={<Eraser size={14} />} onClick={() => void clear()} data-testid="clear-logs" />
      </div>
      {error && <div className="panel-pad-sm"><ErrorNote message={error} title="Could not load earlier log lines" /></div>}
      <LogTerminal key={skillId} ref={term} skillId={skillId} onResults={setResults} onError={setError} />
    </div>
  );
}
