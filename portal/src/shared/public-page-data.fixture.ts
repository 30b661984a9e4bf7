import type { ConsultantPublicProfile } from '@fm/sdk/contracts';

/** A consultant's public profile as `GET /api/users/profile/{id}` answers it, for tests. */
export const sampleConsultantProfile: ConsultantPublicProfile = {
  id: 'u1',
  role: 'consultant',
  firstName: 'Dana',
  lastName: 'Reyes',
  profilePhoto: null,
  company: 'Reyes Franchise Advisors',
  bio: null,
  experienceLevel: null,
  industrySpecialty: ['Fitness'],
  region: [],
  groups: [],
  country: null,
  stateProvince: null,
  city: null,
  rate: 50,
  isVerified: true,
  averageRating: 4.5,
  reviewCount: 2,
};
