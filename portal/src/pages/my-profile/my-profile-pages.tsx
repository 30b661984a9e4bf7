import type { OwnProfile, Role } from '@fm/sdk/contracts';
import { displayStatus } from '@fm/widgets/kit';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { CompletenessWidget } from '../../features/profile/completeness-widget.tsx';
import { ProfileGate } from '../../features/profile/my-profile-store.tsx';
import { AccountStatusSection } from '../../features/profile/sections/account-status-section.tsx';
import { ConsultantGeneralSection } from '../../features/profile/sections/consultant-general-section.tsx';
import { ContactSection } from '../../features/profile/sections/contact-section.tsx';
import { FranchiseDetailsSection } from '../../features/profile/sections/franchise-details-section.tsx';
import { GallerySection } from '../../features/profile/sections/gallery-section.tsx';
import { InvestmentSection } from '../../features/profile/sections/investment-section.tsx';
import { RateSection } from '../../features/profile/sections/rate-section.tsx';
import { ReferralFeeSection } from '../../features/profile/sections/referral-fee-section.tsx';
import { TrainingSection } from '../../features/profile/sections/training-section.tsx';
import { PATHS } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { PageShell } from '../page-shell.tsx';
import {
  BACK_TO_PROFILE,
  type MyProfileSection,
  sectionPath,
  sectionsFor,
  sectionTitle,
} from './my-profile-sections.ts';

/** `/my-profile`: the signed-in user's profile home with the completeness widget. */
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
    >
      {session && session.role !== 'admin' ? (
        <ProfileGate>
          {(profile) => (
            <div className="my-profile__home">
              <CompletenessWidget profile={profile} />
              <p className="account-status">
                Account status: <strong>{displayStatus(profile.role, profile)}</strong>{' '}
                <Link to={sectionPath('account-status')}>Details</Link>
              </p>
            </div>
          )}
        </ProfileGate>
      ) : null}
    </PageShell>
  );
}

/** What a role's section shows; null for sections another feature fills (heading only). */
function sectionBody(role: Role, section: MyProfileSection, profile: OwnProfile): ReactNode {
  const withWidget = (body: ReactNode) => (
    <>
      <CompletenessWidget profile={profile} />
      {body}
    </>
  );
  if (section === 'account-status') return <AccountStatusSection profile={profile} />;
  if (role === 'consultant') {
    switch (section) {
      case 'general':
        return withWidget(<ConsultantGeneralSection profile={profile} />);
      case 'financial':
        return withWidget(<RateSection profile={profile} />);
      case 'contact':
        return withWidget(<ContactSection profile={profile} />);
      case 'training':
      case 'referral-fee':
        return (
          <p className="page__text">
            This section belongs to franchisor profiles.{' '}
            <Link to={sectionPath('general')}>Edit your General Info</Link>
          </p>
        );
      default:
        return null;
    }
  }
  if (role !== 'franchisor') return null;
  switch (section) {
    case 'general':
      return withWidget(
        <>
          <FranchiseDetailsSection profile={profile} />
          <GallerySection profile={profile} />
        </>,
      );
    case 'contact':
      return withWidget(<ContactSection profile={profile} />);
    case 'financial':
      return withWidget(<InvestmentSection profile={profile} />);
    case 'training':
      return withWidget(<TrainingSection profile={profile} />);
    case 'referral-fee':
      return withWidget(<ReferralFeeSection profile={profile} />);
    default:
      return null;
  }
}

/** Sections whose content another feature owns (booking, payments): the heading only here. */
const HEADING_ONLY: readonly MyProfileSection[] = ['calendar', 'payment-details', 'subscription'];

/** A my-profile section page: its heading and, for the profile-editing sections, its forms. */
export function MyProfileSectionPage({ section }: { section: MyProfileSection }) {
  const session = useSession();
  const role = session?.role ?? 'franchisor';
  // Another role's section (an admin's account status, a franchisor's calendar): not theirs.
  if (session && !sectionsFor(role).includes(section)) {
    return <Navigate to={PATHS.myProfile} replace />;
  }
  return (
    <PageShell title={sectionTitle(section, role)} backTo={BACK_TO_PROFILE}>
      {session && !HEADING_ONLY.includes(section) ? (
        <ProfileGate key={section}>{(profile) => sectionBody(role, section, profile)}</ProfileGate>
      ) : null}
    </PageShell>
  );
}
