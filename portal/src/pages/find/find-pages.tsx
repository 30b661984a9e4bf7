import {
  type ConsultantFilters,
  ConsultantList,
  consultantFiltersToSearchParams,
  type FranchisorFilters,
  FranchisorList,
  franchisorFiltersToSearchParams,
  parseConsultantFilters,
  parseFranchisorFilters,
  type WidgetError,
} from '@fm/widgets';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../shared/api-client.ts';
import { publicProfilePath } from '../../shared/paths.ts';
import { SubscriptionPrompts } from '../bookings/subscription-prompt.tsx';
import { PageShell } from '../page-shell.tsx';
import { useUrlFilters } from './use-url-filters.ts';

/** Cards per page on the find pages: fills rows of 2, 3 or 4 columns. */
export const FIND_PAGE_SIZE = 12;

const parseConsultants = (params: URLSearchParams) =>
  parseConsultantFilters(params, FIND_PAGE_SIZE);
const serializeConsultants = (filters: ConsultantFilters) =>
  consultantFiltersToSearchParams(filters, FIND_PAGE_SIZE);
const parseFranchisors = (params: URLSearchParams) =>
  parseFranchisorFilters(params, FIND_PAGE_SIZE);
const serializeFranchisors = (filters: FranchisorFilters) =>
  franchisorFiltersToSearchParams(filters, FIND_PAGE_SIZE);

function reportError(error: WidgetError): void {
  // A 401 already sends the user to sign-in (api-client); anything else is worth a toast.
  if (error.status !== 401) toast.error(error.message);
}

function useOpenProfile(role: 'consultant' | 'franchisor') {
  const navigate = useNavigate();
  const hrefFor = useCallback((id: string) => publicProfilePath(role, id) ?? '/', [role]);
  const open = useCallback((id: string) => void navigate(hrefFor(id)), [navigate, hrefFor]);
  return { hrefFor, open };
}

/**
 * `/consultants`, the franchisor's home: Find Consultants, with the filters in the URL and the
 * favourites tab (user-area §2).
 */
export function FindConsultantsPage() {
  const [filters, setFilters] = useUrlFilters(parseConsultants, serializeConsultants);
  const { hrefFor, open } = useOpenProfile('consultant');
  return (
    <PageShell title="Find Consultants" className="page--find">
      <SubscriptionPrompts />
      <ConsultantList
        client={api}
        filters={filters}
        onFiltersChange={setFilters}
        pageSize={FIND_PAGE_SIZE}
        favourites
        hrefFor={hrefFor}
        onSelect={open}
        onError={reportError}
      />
    </PageShell>
  );
}

/**
 * `/franchisors`, the consultant's home: Find Franchisors, with the filters in the URL and the
 * favourites tab (user-area §2), and the AI search (`?ai=<sentence>`, user-area §7).
 */
export function FindFranchisorsPage() {
  const [filters, setFilters] = useUrlFilters(parseFranchisors, serializeFranchisors);
  const { hrefFor, open } = useOpenProfile('franchisor');
  return (
    <PageShell title="Find Franchisors" className="page--find">
      <FranchisorList
        client={api}
        filters={filters}
        onFiltersChange={setFilters}
        pageSize={FIND_PAGE_SIZE}
        favourites
        aiSearch
        hrefFor={hrefFor}
        onSelect={open}
        onError={reportError}
      />
    </PageShell>
  );
}
