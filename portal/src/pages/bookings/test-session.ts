import type { Session } from '@fm/sdk/contracts';

/** A meeting as the API lists it, for the meetings pages' unit tests. Test-only. */
export const testSession = (patch: Partial<Session> = {}): Session => ({
  _id: 'm1',
  id: 'm1',
  consultantId: 'c1',
  consultant: {
    id: 'c1',
    firstName: 'Marcus',
    lastName: 'Reed',
    profilePhoto: null,
    company: 'Reed Advisory',
    rate: 50,
  },
  franchisor: { id: 'f1', firstName: 'Olivia', lastName: 'Bennett', profilePhoto: null },
  franchise: { id: 'b1', company: 'BrightNest Home Care', logo: null },
  start: '2026-03-10T14:00:00.000Z',
  end: '2026-03-10T14:30:00.000Z',
  timeZone: 'America/New_York',
  duration: 30,
  status: 'future',
  amount: 100,
  paidAmount: 0,
  isPaid: false,
  markedAsCompletedAt: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  review: [],
  reviewRequested: false,
  ...patch,
});
