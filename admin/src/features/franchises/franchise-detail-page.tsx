import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useAccountActions } from '../../actions/account-actions.ts';
import { ActionsMenu } from '../../actions/actions-menu.tsx';
import { AuditTrail } from '../../actions/audit-trail.tsx';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { Page } from '../../ui/page.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';
import { FranchiseApiKeys } from './franchise-api-keys.tsx';
import { FranchiseMembers } from './franchise-members.tsx';
import { FranchiseAccordion } from './franchise-sections.tsx';
import { FranchiseWebhooks } from './franchise-webhooks.tsx';

/** `/control-panel/franchisors/:id`: Franchise Management > Franchise Details. */
export function FranchiseDetailPage() {
  const { id = '' } = useParams();
  const franchise = useQuery({
    queryKey: ['franchise', id],
    queryFn: () => adminApi.getFranchise(id),
  });
  const methods = useQuery({
    queryKey: ['franchise', id, 'payment-methods'],
    queryFn: () => adminApi.listPaymentMethods(id),
  });
  const actions = useAccountActions(
    { kind: 'franchise', id, afterDelete: paths.franchisors, noun: 'franchise' },
    franchise.data,
  );
  const f = franchise.data;
  return (
    <Page
      title={f ? f.company : PAGE_TITLES.franchiseDetails}
      breadcrumbs={[
        { label: PAGE_TITLES.franchises, to: paths.franchisors },
        { label: PAGE_TITLES.franchiseDetails },
      ]}
      actions={
        f ? (
          <>
            <ActionsMenu actions={actions} />
            <Link className="button button--primary" to={paths.franchisorEdit(id)}>
              {ADMIN_UI.edit}
            </Link>
          </>
        ) : null
      }
    >
      {franchise.isPending || franchise.isError ? (
        <QueryStatus
          pending={franchise.isPending}
          error={franchise.error}
          onRetry={franchise.refetch}
        />
      ) : f ? (
        <div className="detail-grid">
          <FranchiseAccordion franchise={f} paymentMethods={methods.data} />
          <FranchiseMembers franchise={f} />
          <FranchiseApiKeys franchiseId={f.id} />
          <FranchiseWebhooks franchiseId={f.id} />
          <p>
            <Link to={`${paths.bookings}?franchiseId=${encodeURIComponent(f.id)}`}>
              Bookings of this franchise
            </Link>
          </p>
          <AuditTrail entityType="franchise" entityId={f.id} />
        </div>
      ) : null}
    </Page>
  );
}
