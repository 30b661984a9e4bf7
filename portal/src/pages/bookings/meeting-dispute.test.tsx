import { DISPUTE_TEXT, type Dispute, type MeetingDispute } from '@fm/sdk/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { testSession } from './test-session.ts';

// The portal's API client resolves its relative base URL against the page's address.
vi.stubGlobal('location', { href: 'http://localhost/', pathname: '/' });
const { MeetingDispute: MeetingDisputeSection, disputeKey } = await import('./meeting-dispute.tsx');

const meeting = testSession({ status: 'completed', isPaid: true, paidAmount: 100 });

const openDispute = (patch: Partial<Dispute> = {}): Dispute => ({
  id: 'd1',
  meetingId: meeting.id,
  paymentId: 'p1',
  franchisorId: 'f1',
  consultantId: 'c1',
  reason: 'ended_early',
  text: 'The consultant left after twenty minutes.',
  status: 'open',
  chargedCents: 10_000,
  refundCents: 0,
  decisionNote: null,
  decidedAt: null,
  createdAt: '2026-03-11T10:00:00.000Z',
  messages: [
    {
      id: 'r1',
      authorId: 'c1',
      authorName: 'Marcus Reed',
      authorRole: 'consultant',
      body: 'We covered the whole agenda before I left.',
      createdAt: '2026-03-11T12:00:00.000Z',
    },
  ],
  ...patch,
});

/** The meeting page's dispute section with `state` already fetched (effects do not run). */
function render(state: MeetingDispute) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(disputeKey(meeting.id), state);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MeetingDisputeSection, { meeting }),
    ),
  );
}

describe("the meeting page's dispute (rule 20)", () => {
  it("shows the consultant's reply under the dispute, by name, and offers a reply while it is open", () => {
    const html = render({ dispute: openDispute(), canOpen: false, openUntil: null });
    expect(html).toContain(DISPUTE_TEXT.statusTitle);
    expect(html).toContain('The consultant left after twenty minutes.');
    expect(html).toMatch(
      /<li><strong>Marcus Reed<\/strong>[^<]*<p>We covered the whole agenda before I left\.<\/p><\/li>/,
    );
    expect(html).toContain(`>${DISPUTE_TEXT.sendReply}</button>`);
    expect(html).not.toContain(`>${DISPUTE_TEXT.action}</button>`);
  });

  it('keeps the replies and the decision once decided, with no reply form', () => {
    const html = render({
      dispute: openDispute({ status: 'partially_refunded', refundCents: 2_500 }),
      canOpen: false,
      openUntil: null,
    });
    expect(html).toContain('We covered the whole agenda before I left.');
    expect(html).toContain('Refunded $25 of $100.');
    expect(html).not.toContain(DISPUTE_TEXT.sendReply);
  });

  it('shows nothing on a meeting that was not charged', () => {
    const client = new QueryClient();
    const html = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client },
        createElement(MeetingDisputeSection, { meeting: { ...meeting, isPaid: false } }),
      ),
    );
    expect(html).toBe('');
  });
});
