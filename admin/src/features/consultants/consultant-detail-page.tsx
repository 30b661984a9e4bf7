import { EXPERIENCE_LEVELS } from '@fm/sdk/contracts';
import { formatDateTime, formatDollars, StatusLabel } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useAccountActions } from '../../actions/account-actions.ts';
import { ActionsMenu } from '../../actions/actions-menu.tsx';
import { AuditTrail } from '../../actions/audit-trail.tsx';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { ADMIN_UI } from '../../admin-toasts.ts';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';
import { Page } from '../../ui/page.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';
import { ActivationPanel } from './activation-panel.tsx';

/** `/control-panel/consultants/:id`: Consultant Management > Consultant Detail. */
export function ConsultantDetailPage() {
  const { id = '' } = useParams();
  const user = useQuery({ queryKey: ['user', id], queryFn: () => adminApi.getUser(id) });
  const actions = useAccountActions(
    { kind: 'user', id, afterDelete: paths.consultants, noun: 'consultant' },
    user.data,
  );
  const u = user.data;
  return (
    <Page
      title={u ? `${u.firstName} ${u.lastName}` : PAGE_TITLES.consultantDetail}
      breadcrumbs={[
        { label: PAGE_TITLES.consultants, to: paths.consultants },
        { label: PAGE_TITLES.consultantDetail },
      ]}
      actions={
        u ? (
          <>
            <ActionsMenu actions={actions} />
            <Link className="button button--primary" to={paths.consultantEdit(id)}>
              {ADMIN_UI.edit}
            </Link>
          </>
        ) : null
      }
    >
      {user.isPending || user.isError ? (
        <QueryStatus pending={user.isPending} error={user.error} onRetry={user.refetch} />
      ) : u ? (
        <div className="detail-grid">
          <DetailSection title="Account">
            <DetailList
              items={[
                ['Status', <StatusLabel key="s" status={u.displayStatus} />],
                ['Email', u.email],
                ['Phone', u.phone],
                ['Created', formatDateTime(u.createdAt)],
                ['Calendars', u.calendars.map((c) => c.provider).join(', ')],
              ]}
            />
            <ActivationPanel userId={u.id} activation={u.activation} />
          </DetailSection>
          <DetailSection title="Profile">
            <DetailList
              items={[
                ['Company', u.company],
                ['Rate (15 min)', u.rate === null ? null : formatDollars(u.rate)],
                [
                  'Experience',
                  EXPERIENCE_LEVELS.find((e) => e.value === u.experienceLevel)?.label ?? null,
                ],
                ['Industries', u.industrySpecialty.join(', ')],
                ['Regions', u.region.join(', ')],
                ['Groups', u.groups.join(', ')],
                ['Location', [u.city, u.stateProvince, u.country].filter(Boolean).join(', ')],
                ['Address', u.address],
                ['Bio', u.bio],
                [
                  'Rating',
                  u.averageRating === null
                    ? null
                    : `${u.averageRating.toFixed(1)} (${u.reviewCount} reviews)`,
                ],
              ]}
            />
            <p>
              <Link to={`${paths.bookings}?consultantId=${encodeURIComponent(u.id)}`}>
                Bookings of this consultant
              </Link>
            </p>
          </DetailSection>
          <AuditTrail entityType="user" entityId={u.id} />
        </div>
      ) : null}
    </Page>
  );
}
