import type { ReactNode } from 'react';

/** A link that opens in a new tab, announced as such to screen-reader users. */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="ql-visually-hidden"> (nouvel onglet)</span>
    </a>
  );
}
