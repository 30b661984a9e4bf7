import type { GraphPeriod, PaymentMeetingStatus } from '@fm/sdk/contracts';

/**
 * Every key of the portal's query cache, in one place: a screen reads with these and the realtime
 * feed, mutations and other screens invalidate with them. Keys are hierarchical, so invalidating
 * `queryKeys.payments.all` refreshes every payments read at once.
 *
 * @example
 * useQuery({ queryKey: queryKeys.payments.totals, queryFn: () => api.payments.getTotals() });
 * void queryClient.invalidateQueries({ queryKey: queryKeys.meetings.all });
 */
export const queryKeys = {
  /** The signed-in user's own profile (header, my-profile, prompts). */
  ownProfile: ['own-profile'] as const,
  /** The Messages badge's count (polled every UNREAD_POLL_MS). */
  unreadCount: ['messages', 'unread-count'] as const,
  apiKeys: ['api-keys'] as const,
  /** The own contact details (names, phone, position, the franchise's members). */
  contact: ['contact'] as const,
  payments: {
    all: ['payments'] as const,
    config: ['payments', 'config'] as const,
    methods: ['payments', 'methods'] as const,
    payoutAccount: ['payments', 'payout-account'] as const,
    payouts: ['payments', 'payouts'] as const,
    lateCancellations: ['payments', 'late-cancellations'] as const,
    subscription: ['payments', 'subscription'] as const,
    totals: ['payments', 'totals'] as const,
    graph: (period: GraphPeriod) => ['payments', 'graph', period] as const,
    history: (page: number, status: PaymentMeetingStatus | '') =>
      ['payments', 'history', page, status] as const,
    /** The dashboard's figures of this month. */
    thisMonth: ['payments', 'this-month'] as const,
  },
  meetings: {
    all: ['meetings'] as const,
    list: (tab: string, page: number) => ['meetings', 'list', tab, page] as const,
    upcoming: ['meetings', 'upcoming'] as const,
    /** The zone a franchisor books meetings in (rule 20: their zone until they choose one). */
    bookedZone: ['meetings', 'booked-zone'] as const,
    detail: (id: string) => ['meetings', 'detail', id] as const,
    /** The meeting room's presence summary of one meeting (rule 16). */
    presence: (id: string) => ['meetings', 'presence', id] as const,
    /** The consultant's sessions page. */
    sessions: (page: number) => ['meetings', 'sessions', page] as const,
  },
  publicProfile: (role: string, id: string) => ['public-profile', role, id] as const,
  /** Whether one profile is among the signed-in user's favourites (the heart). */
  favourite: (kind: string, id: string) => ['favourites', kind, id] as const,
  territory: {
    stats: (params: unknown) => ['territory', 'stats', params] as const,
    brands: (params: unknown) => ['territory', 'brands', params] as const,
  },
  calendar: {
    all: ['calendar'] as const,
    settings: ['calendar', 'settings'] as const,
    feed: ['calendar', 'feed'] as const,
  },
} as const;
