import type { PresenceSummary } from '@fm/sdk/contracts';
import { formatDateTime } from '@fm/widgets/kit';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';

const ENDED_BY = { leave: 'left', heartbeat: 'connection lost', ongoing: 'still there' } as const;
const SIDE = { consultant: 'Consultant', franchise: 'Franchise' } as const;

/** The meeting room's presence log on the booking detail (D16): the measure and every stretch. */
export function PresenceLog({ presence }: { presence: PresenceSummary }) {
  const noShow = presence.noShowReportedAt
    ? `Consultant no-show reported ${formatDateTime(presence.noShowReportedAt)}`
    : presence.consultantNoShow
      ? 'Consultant absent'
      : presence.franchiseNoShow
        ? 'Franchise absent'
        : 'None';
  return (
    <DetailSection title="Meeting room">
      <DetailList
        items={[
          ['Room used', presence.roomUsed ? 'Yes' : 'No'],
          ['Measured duration', `${presence.measuredMinutes} min`],
          ['Consultant in booked time', `${presence.consultantMinutesInBookedTime} min`],
          ['Franchise in booked time', `${presence.franchiseMinutesInBookedTime} min`],
          ['No-show', noShow],
        ]}
      />
      {presence.intervals.length > 0 ? (
        <ul className="presence-log" data-testid="presence-log">
          {presence.intervals.map((i) => (
            <li key={`${i.userId}-${i.joinedAt}`}>
              {SIDE[i.side]} {i.name}: {formatDateTime(i.joinedAt)} –{' '}
              {i.leftAt ? formatDateTime(i.leftAt) : '…'} ({ENDED_BY[i.endedBy]})
            </li>
          ))}
        </ul>
      ) : null}
    </DetailSection>
  );
}
