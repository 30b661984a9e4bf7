import type { SignUpRole } from '@fm/sdk/contracts';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { homePathFor, isOutsidePortal, PATHS } from '../../app/paths.ts';
import { useSession } from '../../app/session.ts';
import { ConsultantProfileView } from './consultant-profile-view.tsx';
import { FranchisorProfileView } from './franchisor-profile-view.tsx';
import { usePublicProfile } from './use-public-profile.ts';

const KIND: Record<SignUpRole, string> = { consultant: 'Consultant', franchisor: 'Franchisor' };

/**
 * `/consultants/{id}` and `/franchisors/{id}`: public profiles, viewable without signing in
 * (user-area §2).
 */
export function PublicProfilePage({ accountRole: role }: { accountRole: SignUpRole }) {
  const { id = '' } = useParams();
  const session = useSession();
  const state = usePublicProfile(id);
  const profile = state.status === 'loaded' && state.profile.role === role ? state.profile : null;
  const notFound =
    state.status === 'not-found' || (state.status === 'loaded' && state.profile.role !== role);
  usePageTitle(
    profile
      ? `${profile.firstName} ${profile.lastName}`
      : notFound
        ? 'Profile not found'
        : KIND[role],
  );
  const home = session ? homePathFor(session.role) : null;
  const back =
    home && !isOutsidePortal(home)
      ? { to: home, label: 'Back' }
      : { to: PATHS.landing, label: 'Home' };

  return (
    <div className="page">
      <Link to={back.to} className="page__back">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      {state.status === 'loading' ? (
        <p className="page__status" role="status">
          Loading profile…
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <div className="page__header">
          <h1 className="page__title">{KIND[role]} profile</h1>
          <div className="form-alert" role="alert">
            {state.message}
          </div>
        </div>
      ) : null}
      {notFound ? (
        <div className="page__header">
          <h1 className="page__title">Profile not found</h1>
          <p className="page__lead">This {KIND[role].toLowerCase()} profile does not exist.</p>
        </div>
      ) : null}
      {profile?.role === 'consultant' ? <ConsultantProfileView profile={profile} /> : null}
      {profile?.role === 'franchisor' ? <FranchisorProfileView profile={profile} /> : null}
    </div>
  );
}
