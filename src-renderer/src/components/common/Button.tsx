import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Variant = 'primary' | 'default' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
  icon?: ReactNode;
  /** An icon after the label (e.g. an arrow on "Next"). */
  iconEnd?: ReactNode;
  busy?: boolean;
}

export function Button({ variant = 'default', size = 'md', icon, iconEnd, busy, className, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={`btn btn-${variant} btn-${size}${busy ? ' is-busy' : ''}${className ? ` ${className}` : ''}`}
      aria-busy={busy || undefined}
      {...rest}
    >
      {icon}
      {children !== undefined && <span className="btn-label">{children}</span>}
      {iconEnd}
    </button>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  icon: ReactNode;
  size?: 'sm' | 'md';
  tone?: 'default' | 'danger' | 'accent';
}

export function IconButton({ label, icon, size = 'md', tone = 'default', className, type, ...rest }: IconButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      aria-label={label}
      title={label}
      className={`icon-btn icon-btn-${size} tone-${tone}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      {icon}
    </button>
  );
}
