import { describe, expect, it } from 'vitest';
import { MEETING_ROOM_CLOSE_CODES, type MeetingServerFrame } from './contracts/index.ts';
import { connectMeetingRoom, type MeetingSignallingStatus } from './meeting-signalling.ts';
import { fakeTicketClient, startSocketServer, until } from './testing/socket-server.ts';

/**
 * `connectMeetingRoom` against a plain local WebSocket server: what it does when the room says it
 * is closing the socket (the frame comes first; the close itself may come seconds later or, here,
 * never).
 */

const welcome = (self: string) => JSON.stringify({ type: 'welcome', self, peers: [], at: 1 });

/** Meeting m1's room at `partyUrl`, each connect with the next of `ticket()`. */
const join = (partyUrl: string, ticket: () => string, warn: (m: string) => void = () => {}) =>
  connectMeetingRoom({
    client: fakeTicketClient(async () => ({ ticket: ticket() })),
    meetingId: 'm1',
    partyUrl,
    logger: { warn },
  });

describe('connectMeetingRoom', () => {
  it('a full room: refused at the closing frame, without waiting for the close', async () => {
    let connections = 0;
    const partyUrl = await startSocketServer((socket) => {
      connections += 1;
      socket.send(JSON.stringify({ type: 'closing', code: MEETING_ROOM_CLOSE_CODES.full }));
    });
    const statuses: MeetingSignallingStatus[] = [];
    const room = join(partyUrl, () => 't');
    room.onStatus((status) => statuses.push(status));
    try {
      await until('the refusal', () => room.status() === 'refused', 900);
      expect(room.refusal()).toBe('full');
      expect(statuses).toEqual(['open', 'refused']);
      // Refused for good: no second attempt.
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(connections).toBe(1);
    } finally {
      room.close();
    }
  });

  it('the room’s closing time: refused as not open at the closing frame, never reopened', async () => {
    let connections = 0;
    const partyUrl = await startSocketServer((socket) => {
      connections += 1;
      socket.send(welcome('c0'));
      socket.send(JSON.stringify({ type: 'closing', code: MEETING_ROOM_CLOSE_CODES.roomClosed }));
    });
    const room = join(partyUrl, () => 't');
    try {
      await until('the refusal', () => room.status() === 'refused', 900);
      expect(room.refusal()).toBe('notOpen');
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(connections).toBe(1);
    } finally {
      room.close();
    }
  });

  it('a lost heartbeat: reopens at once with a fresh ticket and gets a new welcome', async () => {
    const tickets: string[] = [];
    const partyUrl = await startSocketServer((socket, url, index) => {
      tickets.push(url.searchParams.get('ticket') ?? '');
      socket.send(welcome(`c${index}`));
      if (index === 0) {
        socket.send(
          JSON.stringify({ type: 'closing', code: MEETING_ROOM_CLOSE_CODES.heartbeatLost }),
        );
      }
    });
    let n = 0;
    const frames: MeetingServerFrame[] = [];
    const statuses: MeetingSignallingStatus[] = [];
    const room = join(partyUrl, () => `t${++n}`);
    room.subscribe((frame) => frames.push(frame));
    room.onStatus((status) => statuses.push(status));
    try {
      // Well inside the one-second reconnect delay of a dropped socket.
      await until(
        'the second welcome',
        () => frames.filter((f) => f.type === 'welcome').length === 2,
        900,
      );
      expect(tickets).toEqual(['t1', 't2']);
      expect(statuses).toEqual(['open', 'connecting', 'open']);
      expect(room.refusal()).toBeNull();
    } finally {
      room.close();
    }
  });

  it('drops a closing frame with a code the contract does not know', async () => {
    const warnings: string[] = [];
    const partyUrl = await startSocketServer((socket) => {
      socket.send(JSON.stringify({ type: 'closing', code: 4999 }));
      socket.send(welcome('c0'));
    });
    const frames: MeetingServerFrame[] = [];
    const room = join(
      partyUrl,
      () => 't',
      (m) => warnings.push(m),
    );
    room.subscribe((frame) => frames.push(frame));
    try {
      await until('the welcome', () => frames.length === 1);
      expect(frames[0]?.type).toBe('welcome');
      expect(room.status()).toBe('open');
      expect(warnings).toEqual(['[meeting] meeting-m1: a frame outside the contract was dropped']);
    } finally {
      room.close();
    }
  });
});
