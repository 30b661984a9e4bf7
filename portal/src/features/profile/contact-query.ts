import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api-client.ts';
import { queryKeys } from '../../shared/query-keys.ts';

/**
 * The own contact details as the contact and general-info forms read them. Read afresh each time
 * a form opens (dropped from the cache once no form shows it), so a form never starts from a copy
 * older than the page.
 *
 * @example const contact = useQuery(contactQuery);
 */
export const contactQuery = queryOptions({
  queryKey: queryKeys.contact,
  queryFn: () => api.profile.getContact(),
  gcTime: 0,
});
