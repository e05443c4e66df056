import { Link } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
  /** Served by the server, outside the application: a plain link and a full page load. */
  external?: boolean;
}

/** Seed §2, navigation bar. */
export const MAIN_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Question?', to: '/#analyse' },
  { label: 'Articles', to: '/Articles/', external: true },
  { label: 'References', to: '/#references' },
];

/** Extra links of the mobile menu. */
export const MOBILE_EXTRA_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Les Professionnels', to: '/#professionnels' },
  { label: 'Sites Utiles', to: '/#utiles' },
  { label: 'Comment ça marche?', to: '/#comment' },
];

export interface NavItemLinkProps {
  item: NavItem;
  className?: string;
  onClick?: () => void;
}

export function NavItemLink({ item, className, onClick }: NavItemLinkProps) {
  if (item.external) {
    return (
      <a href={item.to} className={className} onClick={onClick}>
        {item.label}
      </a>
    );
  }
  return (
    <Link to={item.to} className={className} onClick={onClick}>
      {item.label}
    </Link>
  );
}
