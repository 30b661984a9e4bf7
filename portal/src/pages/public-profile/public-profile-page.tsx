import type { SignUpRole } from '@fm/sdk/contracts';
import { type ProfileCardState, ProfileCardView } from '@fm/widgets';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../shared/page-title.ts';
import { homePathFor, isOutsidePortal, PATHS } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { MessageButton } from '../chats/start-chat.tsx';
import { BookMeeting } from './book-meeting.tsx';
import { ConsultantProfileDetails } from './consultant-profile-view.tsx';
import { ConsultantReviews } from './consultant-reviews.tsx';
import { FranchisorProfileDetails } from './franchisor-profile-view.tsx';
import { useProfileFavourite } from './use-profile-favourite.ts';
import { usePublicProfile } from './use-public-profile.ts';

const KIND: Record<SignUpRole, string> = { consultant: 'Consultant', franchisor: 'Franchisor' };

/** Who may favourite whom: a franchisor keeps consultants, a consultant keeps franchisors. */
const FAVOURITED_BY: Record<SignUpRole, SignUpRole> = {
  consultant: 'franchisor',
  franchisor: 'consultant',
};

/**
 * `/consultants/{id}` and `/franchisors/{id}`: public profiles, viewable without signing in
 * (user-area §2), shown with the profile card widget. A signed-in franchisor can favourite a
 * consultant here, and a signed-in consultant a franchisor.
 */
export function PublicProfilePage({ accountRole: role }: { accountRole: SignUpRole }) {
  const { id = '' } = useParams();
  const session = useSession();
  const state = usePublicProfile(id, role);
  const profile = state.status === 'loaded' && state.profile.role === role ? state.profile : null;
  const notFound =
    state.status === 'not-found' || (state.status === 'loaded' && state.profile.role !== role);
  usePageTitle(
    profile
      ? profile.role === 'franchisor' && profile.franchise
        ? profile.franchise.company
        : `${profile.firstName} ${profile.lastName}`
      : notFound
        ? 'Profile not found'
        : KIND[role],
  );
  const canFavourite = session?.role === FAVOURITED_BY[role] && session.user.id !== id;
  const favourite = useProfileFavourite(canFavourite ? role : null, id);
  const home = session ? homePathFor(session.role) : null;
  const back =
    home && !isOutsidePortal(home)
      ? { to: home, label: 'Back' }
      : { to: PATHS.landing, label: 'Home' };

  const card: ProfileCardState | null =
    state.status === 'loading'
      ? { status: 'loading' }
      : state.status === 'failed'
        ? { status: 'error', message: state.message }
        : profile
          ? { status: 'ready', profile }
          : null;

  return (
    <div className="page page--profile">
      <Link to={back.to} className="page__back">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      {state.status === 'failed' ? <h1 className="visually-hidden">{KIND[role]} profile</h1> : null}
      {notFound ? (
        <div className="page__header">
          <h1 className="page__title">Profile not found</h1>
          <p className="page__lead">This {KIND[role].toLowerCase()} profile does not exist.</p>
        </div>
      ) : null}
      {card ? (
        <div className="profile">
          <ProfileCardView state={card} favourite={favourite} headingLevel={1} />
          {profile && session?.user.id !== profile.id ? (
            <div className="profile__actions">
              {profile.role === 'consultant' ? <BookMeeting profile={profile} /> : null}
              <MessageButton userId={profile.id} userRole={profile.role} />
            </div>
          ) : null}
          {profile?.role === 'consultant' ? <ConsultantReviews profile={profile} /> : null}
          {profile?.role === 'consultant' ? <ConsultantProfileDetails profile={profile} /> : null}
          {profile?.role === 'franchisor' ? <FranchisorProfileDetails profile={profile} /> : null}
        </div>
      ) : null}
    </div>
  );
}
