import { useSession } from '../../app/session.ts';
import { PageShell } from '../page-shell.tsx';
import { BACK_TO_PROFILE, type MyProfileSection, sectionTitle } from './my-profile-sections.ts';

/** `/my-profile`: the signed-in user's profile home. */
export function MyProfileHomePage() {
  const session = useSession();
  return (
    <PageShell
      title="My Profile"
      lead={
        session
          ? `${session.user.firstName} ${session.user.lastName} · ${session.user.email}`
          : null
      }
    />
  );
}

/** A profile section that its own feature fills: the heading only, nothing made up. */
export function MyProfileSectionPage({ section }: { section: MyProfileSection }) {
  const session = useSession();
  return (
    <PageShell
      title={sectionTitle(section, session?.role ?? 'franchisor')}
      backTo={BACK_TO_PROFILE}
    />
  );
}
