import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon, type ISearchOptions } from '@xterm/addon-search';
import '@xterm/xterm/css/xterm.css';
import * as logs from '../../actions/logs';
import { subscribeLogs, subscribeLogResync } from '../../streams/logs';
import { LogWriter } from './log-writer';
import { LogBuffer, type StreamFilter } from './log-buffer';
import { terminalTheme } from './xterm-theme';
import { useStore, effectiveDark } from '../../store';
import type { LogEntry } from '@contract';
import styles from './LogTerminal.module.css';

/** Rows xterm keeps above the screen; the oldest go first. */
const SCROLLBACK = 20_000;
/** RIS, through xterm's write queue: lines written before it and not yet parsed are wiped too, never shown after. */
const FULL_RESET = '\x1bc';
/** How often to look whether xterm dropped rows off the top. */
const TRIM_CHECK_MS = 500;

export interface SearchFlags {
  regex: boolean;
  caseSensitive: boolean;
}

export interface LogTerminalHandle {
  /** False when the search text is not a valid regular expression. */
  find(term: string, flags: SearchFlags, backwards?: boolean): boolean;
  clearSearch(): void;
  clear(): void;
  text(): string;
  scrollToBottom(): void;
}

function searchOptions(flags: SearchFlags): ISearchOptions {
  const dark = document.documentElement.dataset.theme === 'dark';
  return {
    caseSensitive: flags.caseSensitive,
    regex: flags.regex,
    decorations: {
      matchBackground: dark ? '#5a4a1a' : '#fff3b0',
      matchOverviewRuler: '#d4a017',
      activeMatchBackground: dark ? '#9a6b00' : '#ffc94d',
      activeMatchColorOverviewRuler: '#ff9900',
    },
  };
}

/**
 * One xterm per visible skill: the backlog from getLogs, then live `logs` events, written through LogWriter's
 * per-frame, watermark-throttled queue. The lines are also kept in a LogBuffer, so the stream filter can write
 * them again. `onHorizon` hears the seq of the oldest line the tab still holds (undefined: none yet): everything
 * before it is only in the complete log file. Disposed when the skill or tab changes.
 */
export const LogTerminal = forwardRef<LogTerminalHandle, {
  skillId: string;
  streams: StreamFilter;
  onResults?(r: { index: number; count: number }): void;
  onError?(message: string): void;
  onHorizon?(seq: number | undefined): void;
}>(function LogTerminal({ skillId, streams, onResults, onError, onHorizon }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const termRef = useRef<Terminal | null>(null);
  const searchRef = useRef<SearchAddon | null>(null);
  const writerRef = useRef<LogWriter | null>(null);
  const bufferRef = useRef(new LogBuffer<LogEntry>());
  const streamsRef = useRef(streams);
  streamsRef.current = streams;
  const cb = useRef({ onResults, onError, onHorizon });
  cb.current = { onResults, onError, onHorizon };
  const dark = useStore(effectiveDark);

  useEffect(() => {
    const term = new Terminal({
      allowProposedApi: true,
      disableStdin: true,
      convertEol: false,
      cursorBlink: false,
      cursorStyle: 'bar',
      cursorInactiveStyle: 'none',
      scrollback: SCROLLBACK,
      fontSize: 12,
      lineHeight: 1.25,
      fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim() || 'monospace',
      theme: terminalTheme(),
      // Whatever colours a skill prints (and our dimmed stream tags) stay readable: WCAG AA.
      minimumContrastRatio: 4.5,
      screenReaderMode: false,
      // A link a skill printed (OSC 8) opens only when the user says yes to its real address, and only http(s).
      linkHandler: {
        allowNonHttpProtocols: false,
        activate: (_event, uri) => {
          if (/^https?:\/\//i.test(uri) && window.confirm(`A skill's log links to:\n\n${uri}\n\nOpen it?`)) window.open(uri, '_blank', 'noopener,noreferrer');
        },
      },
    });
    const fit = new FitAddon();
    const search = new SearchAddon({ highlightLimit: 2000 });
    term.loadAddon(fit);
    term.loadAddon(search);
    term.open(host.current!);
    term.textarea?.setAttribute('aria-label', 'Log output');
    termRef.current = term;
    searchRef.current = search;
    const writer = new LogWriter(term);
    writerRef.current = writer;
    const buffer = bufferRef.current;
    buffer.clear(true);
    const resultsSub = search.onDidChangeResults((e) => cb.current.onResults?.({ index: e.resultIndex, count: e.resultCount }));

    let horizon: number | undefined;
    const tellHorizon = () => {
      const seq = buffer.first?.seq;
      if (seq === horizon) return;
      horizon = seq;
      cb.current.onHorizon?.(seq);
    };
    const take = (entries: LogEntry[]) => {
      const fresh = buffer.add(entries);
      const shown = streamsRef.current;
      writer.push(fresh.filter((e) => shown[e.stream] !== false));
      tellHorizon();
    };

    let buffered: LogEntry[] | null = [];
    const unsubscribe = subscribeLogs(skillId, (entries) => {
      if (buffered) buffered.push(...entries);
      else take(entries);
    });
    const loadBacklog = () =>
      logs.getLogs(skillId)
        .then((entries) => {
          if (writerRef.current !== writer) return;
          take(entries);
          if (buffered) take(buffered);
          buffered = null;
        })
        .catch((err: Error) => {
          if (buffered) take(buffered);
          buffered = null;
          cb.current.onError?.(err.message);
        });
    void loadBacklog();
    // After a reconnect the server may be a new process whose lines number from 0 again: start over from its backlog.
    const unsubResync = subscribeLogResync(skillId, () => {
      buffer.clear(true);
      writer.reset();
      term.write(FULL_RESET);
      tellHorizon();
      void loadBacklog();
    });
    const trimTimer = setInterval(() => {
      const gone = writer.trimmed();
      if (gone !== null) buffer.dropThrough(gone);
      tellHorizon();
    }, TRIM_CHECK_MS);

    const ro = new ResizeObserver(() => {
      try {
        fit.fit();
      } catch {
        /* not visible */
      }
    });
    ro.observe(host.current!);
    requestAnimationFrame(() => {
      try {
        fit.fit();
      } catch {
        /* not visible yet */
      }
    });

    return () => {
      ro.disconnect();
      clearInterval(trimTimer);
      unsubscribe();
      unsubResync();
      resultsSub.dispose();
      writer.dispose();
      writerRef.current = null;
      termRef.current = null;
      searchRef.current = null;
      term.dispose();
    };
  }, [skillId]);

  // The stream filter changed: write what the buffer holds again, through the filter.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const writer = writerRef.current;
    const term = termRef.current;
    if (!writer || !term) return;
    writer.reset();
    term.write(FULL_RESET);
    writer.push(bufferRef.current.all().filter((e) => streams[e.stream] !== false));
    // Written again from the top, the view may have stopped following (a search scrolled it): show the newest.
    writer.whenWritten(() => term.scrollToBottom());
  }, [streams]);

  // The search's highlight colours are given with each search: search again in the new colours.
  const lastSearch = useRef<{ text: string; flags: SearchFlags } | null>(null);
  useEffect(() => {
    if (termRef.current) termRef.current.options.theme = terminalTheme();
    const last = lastSearch.current;
    const s = searchRef.current;
    if (last && s) {
      s.clearDecorations();
      s.findNext(last.text, { ...searchOptions(last.flags), incremental: true });
    }
  }, [dark]);

  useImperativeHandle(ref, () => ({
    find(text, flags, backwards) {
      const s = searchRef.current;
      if (!s) return true;
      lastSearch.current = null;
      if (!text) {
        s.clearDecorations();
        cb.current.onResults?.({ index: -1, count: 0 });
        return true;
      }
      if (flags.regex) {
        try {
          new RegExp(text);
        } catch {
          s.clearDecorations();
          cb.current.onResults?.({ index: -1, count: 0 });
          return false;
        }
      }
      lastSearch.current = { text, flags };
      if (backwards) s.findPrevious(text, searchOptions(flags));
      else s.findNext(text, searchOptions(flags));
      return true;
    },
    clearSearch() {
      searchRef.current?.clearDecorations();
      termRef.current?.clearSelection();
    },
    clear() {
      writerRef.current?.reset();
      bufferRef.current.clear();
      termRef.current?.clear();
      termRef.current?.write('\x1b[2J\x1b[3J\x1b[H');
      cb.current.onHorizon?.(undefined);
    },
    text() {
      const term = termRef.current;
      if (!term) return '';
      if (term.hasSelection()) return term.getSelection();
      const buf = term.buffer.active;
      const lines: string[] = [];
      for (let i = 0; i < buf.length; i++) {
        const line = buf.getLine(i);
        if (!line) continue;
        if (line.isWrapped && lines.length) lines[lines.length - 1] += line.translateToString(true);
        else lines.push(line.translateToString(true));
      }
      while (lines.length && !lines[lines.length - 1]) lines.pop();
      return lines.join('\n');
    },
    scrollToBottom() {
      termRef.current?.scrollToBottom();
    },
  }));

  return <div ref={host} className={styles.logTerminal} data-testid="log-view" />;
});
