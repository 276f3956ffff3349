import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface TabDef<T extends string> {
  id: T;
  label: ReactNode;
  /** Text for the accessible name when the label holds more than text. */
  title?: string;
  badge?: ReactNode;
}

/** A WAI-ARIA tablist: arrow keys move between tabs, Home/End jump, activation follows focus. */
export function Tabs<T extends string>({ tabs, active, onChange, idPrefix, className, testIdPrefix = 'tab-' }: {
  tabs: TabDef<T>[];
  active: T;
  onChange(tab: T): void;
  idPrefix: string;
  className?: string;
  testIdPrefix?: string;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.id === active);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const t = tabs[next];
    onChange(t.id);
    refs.current[t.id]?.focus();
  };
  return (
    <div role="tablist" className={`${styles.tabs}${className ? ` ${className}` : ''}`} onKeyDown={onKey}>
      {tabs.map((t) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[t.id] = el;
          }}
          role="tab"
          type="button"
          id={`${idPrefix}-tab-${t.id}`}
          aria-selected={t.id === active}
          aria-controls={`${idPrefix}-panel-${t.id}`}
          tabIndex={t.id === active ? 0 : -1}
          className={`${styles.tab} tab${t.id === active ? ' active' : ''}`}
          data-testid={`${testIdPrefix}${t.id}`}
          title={t.title}
          onClick={() => onChange(t.id)}
        >
          <span className="tab-label">{t.label}</span>
          {t.badge !== undefined && t.badge !== null && t.badge !== false && <span className="tab-badge">{t.badge}</span>}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ idPrefix, id, children, className }: { idPrefix: string; id: string; children: ReactNode; className?: string }) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${id}`}
      aria-labelledby={`${idPrefix}-tab-${id}`}
      className={`${styles.tabPanel} tab-panel${className ? ` ${className}` : ''}`}
      tabIndex={-1}
    >
      {children}
    </div>
  );
}
