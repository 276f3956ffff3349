import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon, type ISearchOptions } from '@xterm/addon-search';
import '@xterm/xterm/css/xterm.css';
import { api } from '../../api/client';
import { subscribeLogs, subscribeLogResync } from '../../streams/logs';
import { LogWriter } from './log-writer';
import { terminalTheme } from './xterm-theme';
import { useStore, effectiveDark } from '../../store';
import type { LogEntry } from '@contract';

export interface LogTerminalHandle {
  find(term: string, backwards?: boolean): void;
  clearSearch(): void;
  clear(): void;
  text(): string;
  scrollToBottom(): void;
}

function searchOptions(): ISearchOptions {
  const dark = document.documentElement.dataset.theme === 'dark';
  return {
    caseSensitive: false,
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
 * per-frame, watermark-throttled queue. Disposed when the skill or tab changes.
 */
export const LogTerminal = forwardRef<LogTerminalHandle, {
  skillId: string;
  onResults?(r: { index: number; count: number }): void;
  onError?(message: string): void;
}>(function LogTerminal({ skillId, onResults, onError }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const termRef = useRef<Terminal | null>(null);
  const searchRef = useRef<SearchAddon | null>(null);
  const writerRef = useRef<LogWriter | null>(null);
  const cb = useRef({ onResults, onError });
  cb.current = { onResults, onError };
  const dark = useStore(effectiveDark);

  useEffect(() => {
    const term = new Terminal({
      allowProposedApi: true,
      disableStdin: true,
      convertEol: false,
      cursorBlink: false,
      cursorStyle: 'bar',
      cursorInactiveStyle: 'none',
      scrollback: 20_000,
      fontSize: 12,
      lineHeight: 1.25,
      fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--font-mono').trim() || 'monospace',
      theme: terminalTheme(),
      // Whatever colours a skill prints (and our dimmed stream tags) stay readable: WCAG AA.
      minimumContrastRatio: 4.5,
      screenReaderMode: false,
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
    const resultsSub = search.onDidChangeResults((e) => cb.current.onResults?.({ index: e.resultIndex, count: e.resultCount }));

    let buffered: LogEntry[] | null = [];
    const unsubscribe = subscribeLogs(skillId, (entries) => {
      if (buffered) buffered.push(...entries);
      else writer.push(entries);
    });
    const loadBacklog = () =>
      api()
        .getLogs(skillId)
        .then((entries) => {
          if (writerRef.current !== writer) return;
          writer.push(entries);
          if (buffered) writer.push(buffered);
          buffered = null;
        })
        .catch((err: Error) => {
          buffered && writer.push(buffered);
          buffered = null;
          cb.current.onError?.(err.message);
        });
    void loadBacklog();
    const unsubResync = subscribeLogResync(skillId, () => void loadBacklog());

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

  useEffect(() => {
    if (termRef.current) termRef.current.options.theme = terminalTheme();
  }, [dark]);

  useImperativeHandle(ref, () => ({
    find(text, backwards) {
      const s = searchRef.current;
      if (!s) return;
      if (!text) {
        s.clearDecorations();
        cb.current.onResults?.({ index: -1, count: 0 });
        return;
      }
      if (backwards) s.findPrevious(text, searchOptions());
      else s.findNext(text, searchOptions());
    },
    clearSearch() {
      searchRef.current?.clearDecorations();
      termRef.current?.clearSelection();
    },
    clear() {
      writerRef.current?.reset();
      termRef.current?.clear();
      termRef.current?.write('\x1b[2J\x1b[3J\x1b[H');
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

  return <div ref={host} className="log-terminal" data-testid="log-view" />;
});
