export interface LogoProps {
  size?: number;
  className?: string;
}

/** The scales-of-justice mark (decorative: the site title always accompanies it). */
export function Logo({ size = 36, className }: LogoProps) {
  return (
    <svg
      className={className ? `ql-logo ${className}` : 'ql-logo'}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#1e3a8a" />
      <g fill="none" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M32 13v36M22 50h20M15 20h34" />
        <path d="M15 20 9 35h12zM49 20l-6 15h12z" />
      </g>
      <circle cx="32" cy="13" r="3.5" fill="#c8102e" />
      <path d="M9 35a6 4 0 0 0 12 0zM43 35a6 4 0 0 0 12 0z" fill="#ffffff" />
    </svg>
  );
}
