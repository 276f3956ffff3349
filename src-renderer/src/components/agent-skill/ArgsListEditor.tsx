/**
 * A script's command-line arguments as a list, one field each, in order: each is passed to the script as it is
 * (no shell reads it, so spaces and quotes need no escaping). Enter in the last field adds the next.
 */
import { useRef } from 'react';
import { Plus, X } from 'lucide-react';
import { Button, IconButton } from '../common/Button';
import styles from './ArgsListEditor.module.css';

export function ArgsListEditor({ args, onChange, idPrefix }: { args: string[]; onChange(args: string[]): void; idPrefix: string }) {
  const list = useRef<HTMLOListElement>(null);
  const focusField = (i: number) => requestAnimationFrame(() => list.current?.querySelectorAll<HTMLInputElement>('input')[i]?.focus());
  const add = () => {
    onChange([...args, '']);
    focusField(args.length);
  };
  return (
    <div className={styles.argsList}>
      {args.length > 0 && (
        <ol ref={list} className={styles.rows} aria-label="Arguments">
          {args.map((a, i) => (
            <li key={i} className={styles.row}>
              <label className={styles.index} htmlFor={`${idPrefix}-${i}`}>
                <span className="sr-only">Argument </span>
                {i + 1}
              </label>
              <input
                id={`${idPrefix}-${i}`}
                className="input input-sm"
                value={a}
                spellCheck={false}
                autoComplete="off"
                data-testid="script-arg"
                onChange={(e) => onChange(args.map((x, j) => (j === i ? e.target.value : x)))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && i === args.length - 1) {
                    e.preventDefault();
                    add();
                  }
                }}
              />
              <IconButton size="sm" worksOffline label={`Remove argument ${i + 1}`} icon={<X size={12} />} onClick={() => onChange(args.filter((_, j) => j !== i))} />
            </li>
          ))}
        </ol>
      )}
      <Button size="sm" worksOffline icon={<Plus size={12} />} onClick={add} data-testid="script-add-arg">
        Add argument
      </Button>
    </div>
  );
}
