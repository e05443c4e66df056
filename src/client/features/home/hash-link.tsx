import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A link to an anchor of the current page. Goes through the router so that the shell's ScrollManager
 * scrolls smoothly to the target after 300 ms, like the navigation bar's links.
 */
export function HashLink({ to, className, children }: { to: `#${string}`; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
