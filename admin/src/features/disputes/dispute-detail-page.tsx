import {
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUS_LABELS,
  DISPUTE_TEXT,
  type DisputeTimelineKind,
} from '@fm/sdk/contracts';
import { formatCents, formatDateTime, StatusLabel } from '@fm/widgets/kit';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { adminApi } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';
import { Page } from '../../ui/page.tsx';
import { QueryStatus } from '../../ui/query-status.tsx';
import { PresenceLog } from '../bookings/presence-log.tsx';
import { DecideDispute } from './decide-dialog.tsx';
import { DISPUTE_PAGE_TITLES, disputePaths } from './dispute-paths.ts';
import './dispute-detail.css';

const KIND_LABELS: Record<DisputeTimelineKind, string> = {
  booked: 'Booked',
  reschedule: 'Reschedule',
  presence: 'Meeting room',
  message: 'Chat',
  charge: 'Charge',
  refund: 'Refund',
  dispute: 'Dispute',
  reply: 'Reply',
  decision: 'Decision',
};

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** `/control-panel/disputes/:id` (rule 20): the dispute, its meeting's whole timeline, and the decision. */
export function DisputeDetailPage() {
  const { id = '' } = useParams();
  const dispute = useQuery({ queryKey: ['dispute', id], queryFn: () => adminApi.getDispute(id) });
  const d = dispute.data;
  return (
    <Page
      title={DISPUTE_PAGE_TITLES.detail}
      breadcrumbs={[
        { label: DISPUTE_PAGE_TITLES.list, to: disputePaths.list },
        { label: DISPUTE_PAGE_TITLES.detail },
      ]}
      actions={d?.status === 'open' ? <DecideDispute disputeId={d.id} /> : undefined}
    >
      {dispute.isPending || dispute.isError ? (
        <QueryStatus pending={dispute.isPending} error={dispute.error} onRetry={dispute.refetch} />
      ) : d ? (
        <div className="detail-grid">
          <DetailSection title="Dispute">
            <DetailList
              items={[
                [
                  'Status',
                  <StatusLabel key="s" status={d.status} label={DISPUTE_STATUS_LABELS[d.status]} />,
                ],
                ['Reason', DISPUTE_REASON_LABELS[d.reason]],
                ['Text', d.text],
                ['Opened', formatDateTime(d.createdAt)],
                ['Charged', formatCents(d.chargedCents)],
                ['Refunded', formatCents(d.refundCents)],
                ['Decided', d.decidedAt ? formatDateTime(d.decidedAt) : '—'],
                ['Note', d.decisionNote ?? '—'],
              ]}
            />
          </DetailSection>
          <DetailSection title="Meeting">
            <DetailList
              items={[
                [
                  'Meeting',
                  d.meetingId && d.meetingStart ? (
                    <Link key="m" to={paths.booking(d.meetingId)}>
                      {formatDateTime(d.meetingStart)}
                    </Link>
                  ) : (
                    '—'
                  ),
                ],
                ['Franchise', d.franchise?.company ?? '—'],
                ['Franchisor', fullName(d.franchisor)],
                ['Consultant', fullName(d.consultant)],
              ]}
            />
          </DetailSection>
          {d.presence ? <PresenceLog presence={d.presence} /> : null}
          <DetailSection title={DISPUTE_TEXT.timeline}>
            <ol className="timeline" data-testid="dispute-timeline">
              {d.timeline.map((e, index) => (
                // Events have no id of their own; their order is the answer's.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index} className="timeline__event" data-kind={e.kind}>
                  <span className="timeline__when">{formatDateTime(e.at)}</span>{' '}
                  <strong>{KIND_LABELS[e.kind]}</strong>
                  {e.actor ? ` — ${e.actor}` : ''}: <span className="timeline__text">{e.text}</span>
                </li>
              ))}
            </ol>
          </DetailSection>
        </div>
      ) : null}
    </Page>
  );
}
