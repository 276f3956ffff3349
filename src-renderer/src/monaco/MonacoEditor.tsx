import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { loadMonaco } from './load';
import { useStore, effectiveDark } from '../store';
import { Spinner } from '../components/common/Spinner';
import styles from './MonacoEditor.module.css';

let modelCounter = 0;

export interface MonacoEditorProps {
  value: string;
  onChange?(text: string): void;
  /** JSON Schema to validate against (Monaco JSON diagnostics). */
  schema?: unknown;
  readOnly?: boolean;
  language?: string;
  ariaLabel: string;
  /** Called with the number of schema/syntax problems whenever diagnostics change. */
  onProblems?(count: number): void;
  /** Extra keybinding: Ctrl/Cmd+Enter. */
  onSubmit?(): void;
  className?: string;
  testId?: string;
}

/** How many typed texts to remember as possible late echoes (a render lags a few keystrokes at most). */
const ECHOES = 256;

/**
 * A Monaco editor that keeps its own model; `value` changes from outside replace the text only when it differs,
 * so typing never fights with the parent's state. The parent's `value` lags the model while someone types fast
 * (each keystroke is a state update, rendered later): a `value` equal to a text this editor itself produced since
 * the last outside change is such an echo, and writing it back would drop or reorder what was typed after it.
 */
export function MonacoEditor({ value, onChange, schema, readOnly, language = 'json', ariaLabel, onProblems, onSubmit, className, testId }: MonacoEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const modRef = useRef<Awaited<ReturnType<typeof loadMonaco>> | null>(null);
  const uriRef = useRef(`inmemory://skillbench/model-${++modelCounter}.json`);
  const cb = useRef({ onChange, onProblems, onSubmit });
  useLayoutEffect(() => {
    cb.current = { onChange, onProblems, onSubmit };
  });
  const emitted = useRef(new Set<string>());
  const applying = useRef(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const dark = useStore(effectiveDark);

  useEffect(() => {
    let disposed = false;
    const disposables: { dispose(): void }[] = [];
    const modelUri = uriRef.current;
    loadMonaco()
      .then((mod) => {
        if (disposed || !host.current) return;
        modRef.current = mod;
        const { monaco } = mod;
        const uri = monaco.Uri.parse(modelUri);
        const model = monaco.editor.createModel(value, language, uri);
        const editor = monaco.editor.create(host.current, {
          model,
          readOnly,
          automaticLayout: true,
          minimap: { enabled: false },
          fontSize: 12.5,
          lineNumbersMinChars: 3,
          scrollBeyondLastLine: false,
          tabSize: 2,
          renderLineHighlight: readOnly ? 'none' : 'line',
          wordWrap: 'on',
          folding: true,
          fixedOverflowWidgets: true,
          ariaLabel,
          theme: effectiveDark(useStore.getState()) ? 'sw-dark' : 'sw-light',
          scrollbar: { verticalScrollbarSize: 10, horizontalScrollbarSize: 10 },
          padding: { top: 8, bottom: 8 },
        });
        editorRef.current = editor;
        disposables.push(
          editor.onDidChangeModelContent(() => {
            if (applying.current) return; // the parent's own text, written in: nothing to tell it
            const text = model.getValue();
            const seen = emitted.current;
            seen.add(text);
            if (seen.size > ECHOES) seen.delete(seen.values().next().value!);
            cb.current.onChange?.(text);
          }),
          monaco.editor.onDidChangeMarkers((uris) => {
            if (!uris.some((u) => u.toString() === uri.toString())) return;
            cb.current.onProblems?.(monaco.editor.getModelMarkers({ resource: uri }).length);
          }),
        );
        editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => cb.current.onSubmit?.());
        disposables.push(editor, model);
        setReady(true);
      })
      .catch((err: Error) => setFailed(err.message || 'The editor could not be loaded.'));
    return () => {
      disposed = true;
      modRef.current?.setModelSchema(modelUri, undefined);
      for (const d of disposables.reverse()) d.dispose();
      editorRef.current = null;
    };
    // The editor is created once; later prop changes are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    if (model.getValue() === value) {
      // In step: whatever was typed before now has been seen by the parent, so no older text can come back.
      emitted.current.clear();
      return;
    }
    if (emitted.current.has(value)) return;
    emitted.current.clear();
    // Keep undo history: replace through an edit rather than setValue.
    applying.current = true;
    try {
      editor.pushUndoStop();
      editor.executeEdits('external', [{ range: model.getFullModelRange(), text: value }]);
      editor.pushUndoStop();
    } finally {
      applying.current = false;
    }
  }, [value, ready]);

  useEffect(() => {
    if (!ready || !modRef.current) return;
    modRef.current.setModelSchema(uriRef.current, schema && typeof schema === 'object' ? schema : undefined);
  }, [schema, ready]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly });
  }, [readOnly, ready]);

  useEffect(() => {
    if (!ready || !modRef.current) return;
    // The themes read the app's CSS variables, which the theme switch has already updated.
    modRef.current.defineThemes();
    modRef.current.monaco.editor.setTheme(dark ? 'sw-dark' : 'sw-light');
  }, [dark, ready]);

  return (
    <div className={`${styles.monacoHost}${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div ref={host} className={styles.monacoMount} />
      {!ready && !failed && (
        <div className={styles.monacoLoading}>
          <Spinner /> Loading the editor…
        </div>
      )}
      {failed && <div className={styles.monacoLoading}>{failed}</div>}
    </div>
  );
}
