import type { OwnProfile, Role } from '@fm/sdk/contracts';
import { NavLink, Outlet, useLocation } from 'react-router';
import { stepsOfSection } from '../../features/profile/completeness.ts';
import { useMyProfile } from '../../features/profile/my-profile-store.tsx';
import { PATHS } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import {
  type MyProfileSection,
  sectionPath,
  sectionsFor,
  sectionTitle,
} from './my-profile-sections.ts';

/**
 * `/my-profile` and its sub-pages: the section navigation (with a tick on sections whose
 * completeness steps are done) beside the page on desktop; on small screens the navigation is the
 * `/my-profile` page itself and each section is a detail page.
 */
export function MyProfileLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return null;
  const isDetail = pathname.replace(/\/$/, '') !== PATHS.myProfile;

  return (
    <div className={isDetail ? 'my-profile my-profile--detail' : 'my-profile'}>
      <nav className="my-profile__nav" aria-label="My profile">
        <SectionLinks role={session.role} />
      </nav>
      <div className="my-profile__content">
        <Outlet />
      </div>
    </div>
  );
}

/** Whether every completeness step edited in a section is done; null for sections without steps. */
function sectionDone(profile: OwnProfile | null, role: Role, section: MyProfileSection) {
  const steps = stepsOfSection(role, section);
  if (!profile || steps.length === 0) return null;
  return steps.every((step) => profile.profileCompleteness.includes(step));
}

function SectionLinks({ role }: { role: Role }) {
  const { state } = useMyProfile();
  const profile = state.status === 'ready' ? state.profile : null;
  return (
    <ul className="my-profile__sections">
      {sectionsFor(role).map((section) => {
        const done = sectionDone(profile, role, section);
        return (
          <li key={section}>
            <NavLink to={sectionPath(section)} className="my-profile__link">
              <span>{sectionTitle(section, role)}</span>
              {done === null ? null : (
                <span
                  className={done ? 'section-tick section-tick--done' : 'section-tick'}
                  data-testid={`section-state-${section}`}
                  data-done={done ? 'true' : 'false'}
                >
                  <span aria-hidden="true">{done ? '✓' : '○'}</span>
                  <span className="visually-hidden">{done ? ' (complete)' : ' (to do)'}</span>
                </span>
              )}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
