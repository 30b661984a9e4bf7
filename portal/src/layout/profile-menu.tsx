import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { startTutorial } from '../features/tutorial/tutorial-store.ts';
import { PATHS } from '../shared/paths.ts';
import type { Session } from '../shared/session.ts';
import { PROFILE_MENU_TEXT } from './nav-items.ts';
import { useProfileIdentity } from './profile-identity.ts';

interface ProfileMenuProps {
  session: Session;
  onSupport: () => void;
  onLogOut: () => void;
}

/**
 * The profile menu (user-area §2): business name, user name, Edit Profile, Preview Profile (new
 * tab), Settings (change password), Tutorial (the guided tour, drawn here once for the desktop
 * header), Support and Log Out.
 */
export function ProfileMenu({ session, onSupport, onLogOut }: ProfileMenuProps) {
  const navigate = useNavigate();
  const identity = useProfileIdentity(session);
  // Dialogs opened from the menu keep focus; the menu must not pull it back to its trigger. The
  // trigger takes focus first, so that a dialog gives it back there when it closes (the menu item
  // it would otherwise return to is gone by then).
  const openingDialog = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const openDialog = (open: () => void) => {
    openingDialog.current = true;
    trigger.current?.focus();
    open();
  };

  return (
    <>
      {/* Not modal: a modal menu sets aria-hidden on the page around it while its links stay
          focusable (axe aria-hidden-focus); Escape and a click outside still close it. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className="profile-trigger" data-tour="profile-menu" ref={trigger}>
          <span className="visually-hidden">Profile menu: </span>
          <span className="avatar" aria-hidden="true">
            {identity.initials}
          </span>
          <span className="profile-trigger__name">{identity.userName}</span>
          <span className="profile-trigger__chevron" aria-hidden="true">
            ▾
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className="menu"
            align="end"
            sideOffset={8}
            onCloseAutoFocus={(event) => {
              if (openingDialog.current) {
                event.preventDefault();
                openingDialog.current = false;
              }
            }}
          >
            <DropdownMenu.Label className="menu__identity">
              {identity.businessName ? (
                <span className="menu__business">{identity.businessName}</span>
              ) : null}
              <span className="menu__user">{identity.userName}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item
              className="menu__item"
              onSelect={() => void navigate(PATHS.myProfile)}
            >
              {PROFILE_MENU_TEXT.editProfile}
            </DropdownMenu.Item>
            {identity.previewPath ? (
              <DropdownMenu.Item className="menu__item" asChild>
                <a href={identity.previewPath} target="_blank" rel="noopener noreferrer">
                  {PROFILE_MENU_TEXT.previewProfile}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item
              className="menu__item"
              onSelect={() => void navigate(PATHS.changePassword)}
            >
              {PROFILE_MENU_TEXT.settings}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => openDialog(startTutorial)}>
              {PROFILE_MENU_TEXT.tutorial}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu__item" onSelect={() => openDialog(onSupport)}>
              {PROFILE_MENU_TEXT.support}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="menu__separator" />
            <DropdownMenu.Item
              className="menu__item menu__item--danger"
              onSelect={() => openDialog(onLogOut)}
            >
              {PROFILE_MENU_TEXT.logOut}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  );
}
