import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Popover.module.css';

/** A small panel under its trigger; Escape or a click elsewhere closes it. */
export function Popover({ open, onClose, label, children, align = 'end' }: {
  open: boolean;
  onClose(): void;
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      // The trigger sits beside the panel, inside the same wrapper: clicking it toggles, not closes-then-opens.
      if (!ref.current?.parentElement?.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div ref={ref} className={`${styles.recPopover} align-${align}`} role="dialog" aria-label={label}>
      {children}
    </div>
  );
}
