import type { AuthUser } from '@fm/sdk/contracts';
import { UI_TEXT } from '@fm/sdk/contracts';
import type { Ref } from 'react';
import { Link, NavLink } from 'react-router';
import { ADMIN_TEXT } from '../admin-texts.ts';
import { paths } from '../paths.ts';
import { Brand } from '../ui/brand.tsx';
import { CloseIcon, CollapseIcon, ExpandIcon, LogoutIcon } from '../ui/icons.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import './sidebar.css';

export const SIDEBAR_ID = 'admin-sidebar';

export interface SidebarProps {
  user: AuthUser;
  /** Desktop: icons only. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Mobile: the drawer is shown. */
  drawerOpen: boolean;
  onCloseDrawer: () => void;
  onLogOut: () => void;
  loggingOut: boolean;
  closeButtonRef?: Ref<HTMLButtonElement>;
}

function initials(user: AuthUser): string {
  const letters = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

const itemClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'sidebar__item sidebar__item--active' : 'sidebar__item';

/**
 * The admin navigation: the sections, the 'Minimize Menu' switch, the signed-in admin (linking to
 * the profile) and Log Out. Collapsed, labels stay in the accessibility tree and show as tooltips.
 */
export function Sidebar({
  user,
  collapsed,
  onToggleCollapsed,
  drawerOpen,
  onCloseDrawer,
  onLogOut,
  loggingOut,
  closeButtonRef,
}: SidebarProps) {
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const tooltip = (label: string) => (collapsed ? label : undefined);

  return (
    <aside
      id={SIDEBAR_ID}
      className="sidebar"
      aria-label="Sidebar"
      data-collapsed={collapsed}
      data-drawer-open={drawerOpen}
    >
      <div className="sidebar__header">
        <Link to={paths.dashboard} className="sidebar__brand">
          <Brand tone="light" />
        </Link>
        <button
          ref={closeButtonRef}
          type="button"
          className="sidebar__close"
          aria-label={ADMIN_TEXT.closeMenu}
          onClick={onCloseDrawer}
        >
          <CloseIcon />
        </button>
      </div>

      <nav className="sidebar__nav" aria-label="Main">
        <ul className="sidebar__list">
          {NAV_ITEMS.map(({ label, to, icon: Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end ?? false} className={itemClass} title={tooltip(label)}>
                <Icon className="sidebar__icon" />
                <span className="sidebar__label">{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="sidebar__footer">
        <button
          type="button"
          className="sidebar__item sidebar__toggle"
          aria-controls={SIDEBAR_ID}
          aria-expanded={!collapsed}
          title={tooltip(ADMIN_TEXT.expandMenu)}
          onClick={onToggleCollapsed}
        >
          {collapsed ? (
            <ExpandIcon className="sidebar__icon" />
          ) : (
            <CollapseIcon className="sidebar__icon" />
          )}
          <span className="sidebar__label">
            {collapsed ? ADMIN_TEXT.expandMenu : UI_TEXT.minimizeMenu}
          </span>
        </button>

        <NavLink
          to={paths.profile}
          className={({ isActive }) =>
            isActive ? 'sidebar__account sidebar__account--active' : 'sidebar__account'
          }
          title={tooltip(`${fullName} (${user.email})`)}
          data-testid="sidebar-account"
        >
          <span className="sidebar__avatar" aria-hidden="true">
            {initials(user)}
          </span>
          <span className="sidebar__identity sidebar__label">
            <span className="sidebar__name">
              <span>{user.firstName}</span> <span>{user.lastName}</span>
            </span>
            <span className="sidebar__email">{user.email}</span>
          </span>
        </NavLink>

        <button
          type="button"
          className="sidebar__item sidebar__logout"
          onClick={onLogOut}
          aria-busy={loggingOut || undefined}
          title={tooltip(ADMIN_TEXT.logOut)}
        >
          <LogoutIcon className="sidebar__icon" />
          <span className="sidebar__label">{ADMIN_TEXT.logOut}</span>
        </button>
      </div>
    </aside>
  );
}
