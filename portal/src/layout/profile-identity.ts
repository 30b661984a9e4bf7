import { businessNameOf, useOwnProfile } from '../shared/own-profile.ts';
import { publicProfilePath } from '../shared/paths.ts';
import type { Session } from '../shared/session.ts';

/** What the profile menu and the mobile drawer show about the signed-in user. */
export interface ProfileIdentity {
  userName: string;
  initials: string;
  /** The franchise company for franchisors, else the consultant's company; null when unknown. */
  businessName: string | null;
  /** The public profile (opened in a new tab by Preview Profile); null for admins. */
  previewPath: string | null;
}

export function useProfileIdentity(session: Session): ProfileIdentity {
  const { profile } = useOwnProfile();
  const { firstName, lastName } = session.user;
  return {
    userName: `${firstName} ${lastName}`.trim(),
    initials: `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?',
    businessName: businessNameOf(profile),
    previewPath: publicProfilePath(session.role, session.user.id),
  };
}
