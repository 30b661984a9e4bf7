import { MeetingRoom } from '@fm/widgets';
import { useParams } from 'react-router';
import { api } from '../../shared/api-client.ts';
import { useUserTimeZone } from '../../shared/user-time-zone.tsx';
import { MEETINGS_TEXT } from '../bookings/meetings-text.ts';
import { PageShell } from '../page-shell.tsx';

/** `/meetings/{id}/room`: the meeting room widget (rule 16) for the consultant and the franchise. */
export function MeetingRoomPage() {
  const { id = '' } = useParams();
  const meetingPath = `/bookings/${encodeURIComponent(id)}`;
  // Passed down so the room's times follow the user's zone once the profile has it (rule 20).
  const { zone } = useUserTimeZone();
  return (
    <PageShell
      title="Meeting room"
      backTo={{ to: meetingPath, label: MEETINGS_TEXT.meetingDetails }}
      className="page--meeting-room"
    >
      <MeetingRoom key={id} client={api} meetingId={id} backHref={meetingPath} timeZone={zone} />
    </PageShell>
  );
}
