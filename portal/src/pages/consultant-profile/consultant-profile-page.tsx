import type { ConsultantPublicProfile } from '@fm/sdk/contracts';
import { ProfileCardView } from '@fm/widgets';
import { Link, Navigate } from 'react-router';
import { PATHS, publicProfilePath } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { PageShell } from '../page-shell.tsx';
import { ConsultantProfileDetails } from '../public-profile/consultant-profile-view.tsx';
import { ConsultantReviews } from '../public-profile/consultant-reviews.tsx';
import { usePublicProfile } from '../public-profile/use-public-profile.ts';

const TEXT = {
  title: 'Consultant Profile',
  lead: 'Your profile as franchisors see it.',
  edit: 'Edit Profile',
  notActivated:
    'Your profile is not activated yet: franchisors cannot find it or book meetings with you until it is.',
} as const;

/**
 * `/consultant-profile` (user-area §2): the signed-in consultant's own public profile, as
 * franchisors see it on `/consultants/{id}` (the same card, rating and details), with a link to
 * edit it. Franchisors are sent to their own public profile, anyone else to My Profile.
 */
export function ConsultantProfilePage() {
  const session = useSession();
  if (!session) return null;
  if (session.role !== 'consultant') {
    const own =
      session.role === 'franchisor' ? publicProfilePath('franchisor', session.user.id) : null;
    return <Navigate to={own ?? PATHS.myProfile} replace />;
  }
  return <OwnConsultantProfile id={session.user.id} />;
}

function OwnConsultantProfile({ id }: { id: string }) {
  const state = usePublicProfile(id, 'consultant');
  const profile: ConsultantPublicProfile | null =
    state.status === 'loaded' && state.profile.role === 'consultant' ? state.profile : null;
  return (
    <PageShell title={TEXT.title} lead={TEXT.lead} className="page--profile">
      <p className="profile__edit">
        <Link to={PATHS.myProfile} className="button button--primary">
          {TEXT.edit}
        </Link>
      </p>
      {profile && !profile.isVerified ? (
        <p className="profile-notice" role="note">
          {TEXT.notActivated}
        </p>
      ) : null}
      <div className="profile">
        <ProfileCardView
          state={
            state.status === 'loading'
              ? { status: 'loading' }
              : state.status === 'failed'
                ? { status: 'error', message: state.message }
                : profile
                  ? { status: 'ready', profile }
                  : { status: 'error', message: 'Your profile could not be found.' }
          }
        />
        {profile ? <ConsultantReviews profile={profile} /> : null}
        {profile ? <ConsultantProfileDetails profile={profile} /> : null}
      </div>
    </PageShell>
  );
}
