import { Link, NavLink } from 'react-router';
import { useUnreadCount } from '../shared/unread-count.ts';
import type { NavItem } from './nav-items.ts';
import { UnreadBadge } from './unread-badge.tsx';

interface NavLinksProps {
  items: readonly NavItem[];
  /** Mark the current page (`aria-current`); off for lists whose links all go to one place. */
  highlightActive?: boolean;
  className: string;
  onNavigate?: () => void;
}

/** A list of navigation links; Messages carries the unread badge. */
export function NavLinks({ items, highlightActive = true, className, onNavigate }: NavLinksProps) {
  const unread = useUnreadCount();
  return (
    <ul className={className}>
      {items.map((item) => {
        const content = (
          <>
            <span>{item.label}</span>
            {item.messages ? <UnreadBadge count={unread} /> : null}
          </>
        );
        return (
          <li key={item.label}>
            {highlightActive ? (
              <NavLink to={item.to} className="nav-link" onClick={onNavigate}>
                {content}
              </NavLink>
            ) : (
              <Link to={item.to} className="nav-link" onClick={onNavigate}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
