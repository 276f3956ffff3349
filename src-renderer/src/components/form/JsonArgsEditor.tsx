import { useEffect, useRef, useState } from 'react';
import { MonacoEditor } from '../../monaco/MonacoEditor';
import { deepEqual } from '../../lib/deep-equal';
import { pretty } from '../../lib/format';
import styles from './JsonArgsEditor.module.css';

const holdsFocus = (el: Element | null | undefined) => !!el && !!document.activeElement && el.contains(document.activeElement);

/** True while the caret is in the arguments editor inside `within` (Monaco's hidden textarea has the focus). */
export function jsonEditorHasFocus(within: Element | null): boolean {
  return holdsFocus(within?.querySelector('.json-args'));
}

/**
 * The same arguments as JSON, validated against the tool's schema by Monaco. Kept in step with the form both ways:
 * valid JSON typed here updates the form; form edits rewrite the text only when it means something else. While
 * the caret is here the text belongs to the person typing: nothing derived from it (the form filling in its
 * defaults, putting keys in schema order) is written back into it.
 */
export function JsonArgsEditor({ schema, value, onChange, onRun, onSyntax }: {
  schema: unknown;
  value: unknown;
  onChange(value: unknown): void;
  onRun(): void;
  /** Reports whether the text currently parses, so Run can refuse half-typed JSON. */
  onSyntax(error: string | null): void;
}) {
  const [text, setText] = useState(() => pretty(value ?? {}));
  const [syntax, setSyntax] = useState<string | null>(null);
  const [problems, setProblems] = useState(0);
  const lastParsed = useRef<unknown>(value);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (deepEqual(lastParsed.current, value)) return;
    if (holdsFocus(box.current)) return;
    lastParsed.current = value;
    setText(pretty(value ?? {}));
    setSyntax(null);
    onSyntax(null);
    // onSyntax is a setter from the parent; its identity does not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const onText = (t: string) => {
    setText(t);
    if (!t.trim()) {
      setSyntax('Empty: write {} for no arguments.');
      onSyntax('The JSON box is empty.');
      return;
    }
    try {
      const parsed: unknown = JSON.parse(t);
      setSyntax(null);
      onSyntax(null);
      lastParsed.current = parsed;
      onChange(parsed);
    } catch (err) {
      const msg = (err as Error).message.replace(/^JSON\.parse: /, '');
      setSyntax(msg);
      onSyntax('The JSON is not valid yet; fix it or switch to the form.');
    }
  };

  return (
    <div className="json-args" ref={box}>
      <MonacoEditor
        value={text}
        onChange={onText}
        schema={schema}
        ariaLabel="Arguments as JSON"
        onProblems={setProblems}
        onSubmit={onRun}
        className={styles.jsonArgsEditor}
        testId="args-json"
      />
      <div className={`${styles.jsonArgsStatus} json-args-status${syntax || problems ? ' bad' : ''}`} aria-live="polite">
        {syntax
          ? `Not valid JSON: ${syntax}`
          : problems
            ? `${problems} problem${problems === 1 ? '' : 's'} against the tool’s schema (hover the underlined text)`
            : 'Valid JSON'}
      </div>
    </div>
  );
}
