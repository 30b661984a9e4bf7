import { NavLink, Outlet, useLocation } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useSession } from '../../app/session.ts';
import { sectionPath, sectionsFor, sectionTitle } from './my-profile-sections.ts';

/**
 * `/my-profile` and its sub-pages: the section navigation beside the page on desktop; on small
 * screens the navigation is the `/my-profile` page itself and each section is a detail page.
 */
export function MyProfileLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  if (!session) return null;
  const isDetail = pathname.replace(/\/$/, '') !== PATHS.myProfile;

  return (
    <div className={isDetail ? 'my-profile my-profile--detail' : 'my-profile'}>
      <nav className="my-profile__nav" aria-label="My profile">
        <ul className="my-profile__sections">
          {sectionsFor(session.role).map((section) => (
            <li key={section}>
              <NavLink to={sectionPath(section)} className="my-profile__link">
                {sectionTitle(section, session.role)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="my-profile__content">
        <Outlet />
      </div>
    </div>
  );
}
