import type { ReactNode } from 'react';
import { Search } from 'lucide-react';

/** A toolbar with one search box and a count on the right, for the recorded lists. */
export function FilterBar({ label, value, onChange, children }: { label: string; value: string; onChange(text: string): void; children: ReactNode }) {
  return (
    <div className="toolbar" role="toolbar" aria-label={`${label}: filter`}>
      <div className="search-box">
        <Search size={13} aria-hidden="true" />
        <input type="search" placeholder={label} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
      </div>
      <span className="spacer" />
      <span className="muted small">{children}</span>
    </div>
  );
}
