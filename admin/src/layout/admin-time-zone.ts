import type { TimeZone } from '@fm/sdk/contracts';
import { browserTimeZone, chooseTimeZone, setViewerTimeZone, zoneChoices } from '@fm/widgets/kit';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** The admin's own profile, shared with the personal information form. */
export const ADMIN_PROFILE_KEY = ['admin-profile'] as const;

/**
 * Rule 20, one time zone per person: the admin's zone, the one on their profile, else the
 * browser's. Sets it for the widgets kit's formatters, so every time the control panel shows
 * without a zone of its own is in it; called by the frame before its screens render.
 *
 * @example
 * const { zone, setZone, choices, profile } = useAdminTimeZone(signedIn);
 */
export function useAdminTimeZone(enabled: boolean) {
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: ADMIN_PROFILE_KEY,
    queryFn: () => api.users.getProfile(),
    enabled,
  });
  const zone = chooseTimeZone({
    profile: profile.data?.timeZone,
    booked: null,
    browser: browserTimeZone(),
  });
  setViewerTimeZone(zone);
  const setZone = async (next: string) => {
    const saved = await api.users.setTimeZone({ timeZone: next as TimeZone });
    queryClient.setQueryData(ADMIN_PROFILE_KEY, saved);
  };
  // Screens render once the zone is known (never first in the browser's, then stale).
  const settled = !profile.isPending;
  return { zone, setZone, choices: zoneChoices(zone), profile: profile.data, settled };
}
