import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useOfflineReason } from '../../lib/offline';
import styles from './Button.module.css';

type Variant = 'primary' | 'default' | 'ghost' | 'danger';

interface OfflineProps {
  /**
   * The button does nothing the workbench must answer (copy, close, zoom): it stays usable while the workbench
   * cannot be reached. Every other button is greyed out then, with the reason as its tooltip.
   */
  worksOffline?: boolean;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, OfflineProps {
  variant?: Variant;
  size?: 'sm' | 'md';
  icon?: ReactNode;
  /** An icon after the label (e.g. an arrow on "Next"). */
  iconEnd?: ReactNode;
  busy?: boolean;
}

export function Button({ variant = 'default', size = 'md', icon, iconEnd, busy, className, children, type, worksOffline, disabled, title, ...rest }: ButtonProps) {
  const offline = useOfflineReason();
  const off = !worksOffline && offline !== null;
  return (
    <button
      type={type ?? 'button'}
      className={`btn btn-${variant} btn-${size}${busy ? ' is-busy' : ''}${off ? ` ${styles.isOffline}` : ''}${className ? ` ${className}` : ''}`}
      aria-busy={busy || undefined}
      disabled={disabled || off}
      title={off ? offline : title}
      {...rest}
    >
      {icon}
      {children !== undefined && <span className="btn-label">{children}</span>}
      {iconEnd}
    </button>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, OfflineProps {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  icon: ReactNode;
  size?: 'sm' | 'md';
  tone?: 'default' | 'danger' | 'accent';
}

export function IconButton({ label, icon, size = 'md', tone = 'default', className, type, worksOffline, disabled, ...rest }: IconButtonProps) {
  const offline = useOfflineReason();
  const off = !worksOffline && offline !== null;
  return (
    <button
      type={type ?? 'button'}
      aria-label={label}
      title={off ? `${label}: ${offline}` : label}
      className={`icon-btn icon-btn-${size} tone-${tone}${off ? ` ${styles.isOffline}` : ''}${className ? ` ${className}` : ''}`}
      disabled={disabled || off}
      {...rest}
    >
      {icon}
    </button>
  );
}
