import { LoaderCircle } from 'lucide-react';

export function Spinner({ size = 14, label }: { size?: number; label?: string }) {
  return (
    <span className="spinner" role={label ? 'status' : undefined} aria-label={label}>
      <LoaderCircle size={size} aria-hidden="true" />
    </span>
  );
}
