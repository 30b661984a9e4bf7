import { RESCHEDULE_TEXT, type RescheduleRequest } from '@fm/sdk/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RescheduleHistoryList, RescheduleProposal } from './reschedule-proposal.tsx';

const REQUEST: RescheduleRequest = {
  id: 'r1',
  meetingId: 'm1',
  proposedById: 'u1',
  proposedBy: 'franchisor',
  starts: ['2026-03-04T15:00:00.000Z', '2026-03-04T16:00:00.000Z'],
  status: 'open',
  acceptedStart: null,
  decidedAt: null,
  createdAt: '2026-03-02T12:00:00.000Z',
};
const nothing = () => undefined;
const count = (html: string, text: string) => html.split(text).length - 1;
const proposalAs = (viewer: 'consultant' | 'franchisor') =>
  renderToStaticMarkup(
    <RescheduleProposal
      request={REQUEST}
      viewer={viewer}
      timeZone="America/New_York"
      onAccept={nothing}
      onDecline={nothing}
    />,
  );

describe('RescheduleProposal', () => {
  it('offers Accept per time and Decline to the other side only', () => {
    const other = proposalAs('consultant');
    expect(count(other, `>${RESCHEDULE_TEXT.accept}</button>`)).toBe(2);
    expect(other).toContain(`>${RESCHEDULE_TEXT.decline}</button>`);
    expect(other).not.toContain(RESCHEDULE_TEXT.waiting);

    const own = proposalAs('franchisor');
    expect(own).not.toContain(`>${RESCHEDULE_TEXT.accept}</button>`);
    expect(own).not.toContain(`>${RESCHEDULE_TEXT.decline}</button>`);
    expect(own).toContain(RESCHEDULE_TEXT.waiting);
  });
});

describe('RescheduleHistoryList', () => {
  it('names who proposed, the answer and the time taken', () => {
    const html = renderToStaticMarkup(
      <RescheduleHistoryList
        timeZone="UTC"
        requests={[{ ...REQUEST, status: 'accepted', acceptedStart: REQUEST.starts[1] ?? null }]}
      />,
    );
    expect(html).toContain(RESCHEDULE_TEXT.proposedBy.franchisor);
    expect(html).toContain(RESCHEDULE_TEXT.statusLabels.accepted);
    expect(html).toMatch(/→ 4 Mar, 2026, 4:00 pm/);
    expect(renderToStaticMarkup(<RescheduleHistoryList requests={[]} />)).toContain(
      RESCHEDULE_TEXT.noHistory,
    );
  });
});
