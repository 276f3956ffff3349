import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { loadMonaco } from './load';
import { useStore, effectiveDark } from '../store';
import { Spinner } from '../components/common/Spinner';

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

/**
 * A Monaco editor that keeps its own model; `value` changes from outside replace the text only when it differs,
 * so typing never fights with the parent's state.
 */
export function MonacoEditor({ value, onChange, schema, readOnly, language = 'json', ariaLabel, onProblems, onSubmit, className, testId }: MonacoEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const modRef = useRef<Awaited<ReturnType<typeof loadMonaco>> | null>(null);
  const uriRef = useRef(`inmemory://skillbench/model-${++modelCounter}.json`);
  const cb = useRef({ onChange, onProblems, onSubmit });
  cb.current = { onChange, onProblems, onSubmit };
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const dark = useStore(effectiveDark);

  useEffect(() => {
    let disposed = false;
    const disposables: { dispose(): void }[] = [];
    loadMonaco()
      .then((mod) => {
        if (disposed || !host.current) return;
        modRef.current = mod;
        const { monaco } = mod;
        const uri = monaco.Uri.parse(uriRef.current);
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
          editor.onDidChangeModelContent(() => cb.current.onChange?.(model.getValue())),
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
      modRef.current?.setModelSchema(uriRef.current, undefined);
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
    if (model.getValue() !== value) {
      // Keep undo history: replace through an edit rather than setValue.
      editor.pushUndoStop();
      editor.executeEdits('external', [{ range: model.getFullModelRange(), text: value }]);
      editor.pushUndoStop();
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
    <div className={`monaco-host${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div ref={host} className="monaco-mount" />
      {!ready && !failed && (
        <div className="monaco-loading">
          <Spinner /> Loading the editor…
        </div>
      )}
      {failed && <div className="monaco-loading">{failed}</div>}
    </div>
  );
}
