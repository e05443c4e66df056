import { Link } from 'react-router';

export interface NavItem {
  label: string;
  to: string;
  /** Served by the server, outside the application: a plain link and a full page load. */
  external?: boolean;
}

/** The links of the navigation bar (French typography: a narrow no-break space before « ? »). */
export const MAIN_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Question\u202f?', to: '/#analyse' },
  { label: 'Articles', to: '/Articles/', external: true },
  { label: 'Références', to: '/#references' },
];

/** Extra links of the mobile menu (« Comment ça marche ? » only when its home section is shown: signed out). */
export const MOBILE_EXTRA_NAV_ITEMS: readonly NavItem[] = [
  { label: 'Les professionnels', to: '/#professionnels' },
  { label: 'Sites utiles', to: '/#utiles' },
  { label: 'Comment ça marche\u202f?', to: '/#comment' },
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
