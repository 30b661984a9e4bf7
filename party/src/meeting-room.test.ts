import { MEETING_ROOM_CLOSE_CODES, REALTIME_CLOSE_CODES } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import {
  type MeetingEffect,
  type MeetingSocket,
  type MeetingSocketState,
  meetingEndSessions,
  meetingFrame,
  meetingJoin,
  meetingLeave,
  meetingSweep,
} from './meeting-room.ts';

const state = (userId: string, lastSeen = 0, extra: Partial<MeetingSocketState> = {}) => ({
  userId,
  role: 'franchisor' as const,
  joinedAt: 0,
  lastSeen,
  media: { audio: true, video: true, screen: false },
  ...extra,
});
const socket = (
  id: string,
  userId: string,
  lastSeen = 0,
  extra: Partial<MeetingSocketState> = {},
): MeetingSocket => ({
  id,
  state: state(userId, lastSeen, extra),
});
const consultantSocket = (id: string, extra: Partial<MeetingSocketState> = {}) =>
  socket(id, 'c', 0, { role: 'consultant', side: 'consultant', ...extra });
const of = <K extends MeetingEffect['kind']>(effects: MeetingEffect[], kind: K) =>
  effects.filter((e): e is Extract<MeetingEffect, { kind: K }> => e.kind === kind);

describe('meetingJoin', () => {
  it('welcomes the newcomer with the peers already there, tells them, and reports the join', () => {
    const effects = meetingJoin(
      [socket('a', 'c1')],
      { id: 'b', userId: 'f1', role: 'franchisor' },
      1_000,
    );
    expect(of(effects, 'send')[0]).toMatchObject({
      to: 'b',
      frame: {
        type: 'welcome',
        self: 'b',
        peers: [{ connectionId: 'a', userId: 'c1' }],
        at: 1_000,
      },
    });
    expect(of(effects, 'broadcast')[0]).toMatchObject({
      except: 'b',
      frame: { type: 'peerJoined', peer: { connectionId: 'b', userId: 'f1', joinedAt: 1_000 } },
    });
    expect(of(effects, 'report')[0]?.events).toEqual([
      { kind: 'join', connectionId: 'b', userId: 'f1', at: 1_000 },
    ]);
    expect(of(effects, 'alarm')[0]?.at).toBe(11_000);
  });

  it('refuses a fifth person, reporting the refusal, but not a fourth person’s second tab', () => {
    const four = [
      consultantSocket('s0'),
      ...['f1', 'f2', 'f3'].map((u, i) => socket(`s${i + 1}`, u)),
    ];
    // Told first, then closed: the close can reach the browser seconds after the frame.
    expect(meetingJoin(four, { id: 'x', userId: 'f4', role: 'franchisor' }, 5)).toEqual([
      { kind: 'send', to: 'x', frame: { type: 'closing', code: MEETING_ROOM_CLOSE_CODES.full } },
      { kind: 'close', id: 'x', code: MEETING_ROOM_CLOSE_CODES.full, reason: 'Full' },
      { kind: 'report', events: [{ kind: 'refused', connectionId: 'x', userId: 'f4', at: 5 }] },
    ]);
    expect(
      of(meetingJoin(four, { id: 'y', userId: 'f3', role: 'franchisor' }, 5), 'send'),
    ).toHaveLength(1);
  });

  it('keeps the consultant’s seat: a fourth franchise member is refused while the consultant is away', () => {
    const three = ['f1', 'f2', 'f3'].map((u, i) => socket(`s${i}`, u, 0, { side: 'franchise' }));
    const fourth = meetingJoin(
      three,
      { id: 'x', userId: 'f4', role: 'franchisor', side: 'franchise' },
      5,
    );
    expect(of(fourth, 'close')).toEqual([
      { kind: 'close', id: 'x', code: MEETING_ROOM_CLOSE_CODES.full, reason: 'Full' },
    ]);
    expect(of(fourth, 'report')[0]?.events).toEqual([
      { kind: 'refused', connectionId: 'x', userId: 'f4', at: 5 },
    ]);
    const consultant = meetingJoin(
      three,
      { id: 'y', userId: 'c', role: 'consultant', side: 'consultant' },
      5,
    );
    expect(of(consultant, 'close')).toEqual([]);
    expect(of(consultant, 'send')[0]).toMatchObject({ to: 'y', frame: { type: 'welcome' } });
  });

  it('never refuses the consultant, even with four others in (sockets admitted before the rule)', () => {
    const four = ['f1', 'f2', 'f3', 'f4'].map((u, i) => socket(`s${i}`, u));
    const effects = meetingJoin(four, { id: 'y', userId: 'c', role: 'consultant' }, 5);
    expect(of(effects, 'close')).toEqual([]);
    expect(of(effects, 'setState')[0]?.state.side).toBe('consultant');
  });

  it('keeps the side and the closing time it was admitted with, and sweeps at the closing time', () => {
    const soon = meetingJoin(
      [],
      { id: 'a', userId: 'c', role: 'consultant', side: 'consultant', closesAt: 4_000 },
      1_000,
    );
    expect(of(soon, 'setState')[0]?.state).toMatchObject({ side: 'consultant', closesAt: 4_000 });
    // The closing time comes before the next sweep interval.
    expect(of(soon, 'alarm')[0]?.at).toBe(4_000);
    const later = meetingJoin(
      [],
      { id: 'a', userId: 'c', role: 'consultant', side: 'consultant', closesAt: 60_000 },
      1_000,
    );
    expect(of(later, 'alarm')[0]?.at).toBe(11_000);
  });

  it('refuses anyone at or after the closing time', () => {
    expect(
      meetingJoin([], { id: 'x', userId: 'c', role: 'consultant', closesAt: 5_000 }, 5_000),
    ).toEqual([
      {
        kind: 'send',
        to: 'x',
        frame: { type: 'closing', code: MEETING_ROOM_CLOSE_CODES.roomClosed },
      },
      { kind: 'close', id: 'x', code: MEETING_ROOM_CLOSE_CODES.roomClosed, reason: 'Room closed' },
    ]);
  });
});

describe('meetingFrame', () => {
  const room = [socket('a', 'c1'), socket('b', 'f1')];

  it('relays a signal to its one target only, from the sender, and counts as a heartbeat', () => {
    const frame = JSON.stringify({
      type: 'signal',
      to: 'b',
      description: { type: 'offer', sdp: 'v=0' },
    });
    const effects = meetingFrame(room, 'a', frame, 7_000);
    expect(of(effects, 'send')).toEqual([
      {
        kind: 'send',
        to: 'b',
        frame: { type: 'signal', from: 'a', description: { type: 'offer', sdp: 'v=0' } },
      },
    ]);
    expect(of(effects, 'setState')[0]?.state.lastSeen).toBe(7_000);
  });

  it('answers invalid frames with an error and relays nothing', () => {
    for (const raw of ['nope', '{"type":"signal","to":"b"}', '{"type":"kick","who":"b"}']) {
      const effects = meetingFrame(room, 'a', raw, 1);
      expect(effects).toHaveLength(1);
      expect(effects[0]).toMatchObject({ kind: 'send', to: 'a', frame: { type: 'error' } });
    }
    const unknownPeer = meetingFrame(
      room,
      'a',
      JSON.stringify({ type: 'signal', to: 'zz', candidate: { candidate: 'c' } }),
      1,
    );
    expect(of(unknownPeer, 'send')[0]).toMatchObject({ to: 'a', frame: { code: 'NOT_FOUND' } });
  });

  it('tells the others about media changes and answers echoes', () => {
    const media = { audio: false, video: true, screen: true };
    const effects = meetingFrame(room, 'b', JSON.stringify({ type: 'media', media }), 3);
    expect(of(effects, 'broadcast')[0]).toMatchObject({
      except: 'b',
      frame: { type: 'media', connectionId: 'b', media },
    });
    expect(of(meetingFrame(room, 'b', '{"type":"echo","id":"7"}', 9), 'send')[0]).toMatchObject({
      to: 'b',
      frame: { type: 'echo', id: '7', at: 9 },
    });
  });
});

describe('leaving and the heartbeat sweep', () => {
  it('a closed socket is reported as left now and the others are told', () => {
    const effects = meetingLeave(socket('a', 'c1'), 50_000);
    expect(of(effects, 'report')[0]?.events).toEqual([
      { kind: 'leave', connectionId: 'a', userId: 'c1', at: 50_000 },
    ]);
    expect(of(effects, 'broadcast')[0]?.frame).toEqual({
      type: 'peerLeft',
      connectionId: 'a',
      userId: 'c1',
    });
    // Closed by the sweep already: nothing twice.
    expect(meetingLeave({ id: 'a', state: state('c1', 0, { gone: true }) }, 60_000)).toEqual([]);
  });

  it('closes a socket silent for 30 s, ending its stretch 30 s after its last heartbeat', () => {
    const effects = meetingSweep([socket('a', 'c1', 10_000), socket('b', 'f1', 40_500)], 45_000);
    expect(of(effects, 'report')[0]?.events).toEqual([
      { kind: 'leave', connectionId: 'a', userId: 'c1', at: 40_000 },
      { kind: 'seen', connectionId: 'b', userId: 'f1', at: 40_500 },
    ]);
    expect(of(effects, 'close')).toEqual([
      {
        kind: 'close',
        id: 'a',
        code: MEETING_ROOM_CLOSE_CODES.heartbeatLost,
        reason: 'Heartbeat lost',
      },
    ]);
    expect(of(effects, 'send')).toEqual([
      {
        kind: 'send',
        to: 'a',
        frame: { type: 'closing', code: MEETING_ROOM_CLOSE_CODES.heartbeatLost },
      },
    ]);
    expect(effects.findIndex((e) => e.kind === 'send')).toBeLessThan(
      effects.findIndex((e) => e.kind === 'close'),
    );
    expect(of(effects, 'setState')[0]).toMatchObject({ id: 'a', state: { gone: true } });
    expect(of(effects, 'alarm')[0]?.at).toBe(55_000);
  });

  it('a socket heard from 29.9 s ago stays; an empty room sets no alarm', () => {
    expect(of(meetingSweep([socket('a', 'c1', 15_100)], 45_000), 'close')).toEqual([]);
    expect(meetingSweep([], 45_000)).toEqual([]);
  });
});

describe('the closing time and the API ending sessions', () => {
  it('at the closing time every socket is told and closed, its leave reported, and no alarm is left', () => {
    const room = [
      consultantSocket('a', { lastSeen: 88_000, closesAt: 90_000 }),
      socket('b', 'f1', 85_000, { side: 'franchise', closesAt: 90_000 }),
    ];
    const effects = meetingSweep(room, 90_050);
    expect(of(effects, 'send')).toEqual(
      ['a', 'b'].map((to) => ({
        kind: 'send',
        to,
        frame: { type: 'closing', code: MEETING_ROOM_CLOSE_CODES.roomClosed },
      })),
    );
    expect(of(effects, 'close').map((c) => [c.id, c.code])).toEqual([
      ['a', MEETING_ROOM_CLOSE_CODES.roomClosed],
      ['b', MEETING_ROOM_CLOSE_CODES.roomClosed],
    ]);
    expect(of(effects, 'report')[0]?.events).toEqual([
      { kind: 'leave', connectionId: 'a', userId: 'c', at: 90_050 },
      { kind: 'leave', connectionId: 'b', userId: 'f1', at: 90_050 },
    ]);
    expect(of(effects, 'setState').every((e) => e.state.gone)).toBe(true);
    expect(of(effects, 'alarm')).toEqual([]);
  });

  it('before the closing time the sweep comes back at it', () => {
    const room = [consultantSocket('a', { lastSeen: 80_000, closesAt: 85_000 })];
    const effects = meetingSweep(room, 80_000);
    expect(of(effects, 'close')).toEqual([]);
    expect(of(effects, 'alarm')[0]?.at).toBe(85_000);
  });

  it('the API ending a user’s sessions closes their sockets with sessionEnded and reports the leave', () => {
    const room = [consultantSocket('a'), socket('b', 'f1'), socket('c', 'f1')];
    const effects = meetingEndSessions(room, ['b', 'c'], 7_000);
    expect(of(effects, 'send').map((e) => [e.to, e.frame])).toEqual([
      ['b', { type: 'closing', code: MEETING_ROOM_CLOSE_CODES.sessionEnded }],
      ['c', { type: 'closing', code: MEETING_ROOM_CLOSE_CODES.sessionEnded }],
    ]);
    expect(of(effects, 'close').map((e) => e.id)).toEqual(['b', 'c']);
    expect(of(effects, 'report')[0]?.events).toEqual([
      { kind: 'leave', connectionId: 'b', userId: 'f1', at: 7_000 },
      { kind: 'leave', connectionId: 'c', userId: 'f1', at: 7_000 },
    ]);
    expect(meetingEndSessions(room, [], 7_000)).toEqual([]);
    // The meeting's code is the realtime rooms' session-ended code.
    expect(MEETING_ROOM_CLOSE_CODES.sessionEnded).toBe(REALTIME_CLOSE_CODES.sessionEnded);
  });
});
