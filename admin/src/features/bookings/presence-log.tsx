import type { PresenceSummary } from '@fm/sdk/contracts';
import { formatDateTime } from '@fm/widgets/kit';
import { DetailList, DetailSection } from '../../ui/detail-list.tsx';

const ENDED_BY = { leave: 'left', heartbeat: 'connection lost', ongoing: 'still there' } as const;
const SIDE = { consultant: 'Consultant', franchise: 'Franchise' } as const;

const REFUSED = { full: 'Refused entry: the room was full' } as const;

/**
 * The meeting room's presence log on the booking detail (rule 16): the measure, every stretch, and
 * every join the room refused.
 */
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
          ['Refused joins', String(presence.refusals.length)],
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
      {presence.refusals.length > 0 ? (
        <ul className="presence-log" data-testid="presence-refusals">
          {presence.refusals.map((r) => (
            <li key={`${r.userId}-${r.at}`}>
              {REFUSED[r.reason]} — {SIDE[r.side]} {r.name}, {formatDateTime(r.at)}
            </li>
          ))}
        </ul>
      ) : null}
    </DetailSection>
  );
}
