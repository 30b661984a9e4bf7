import type { MeetingClientFrame, MeetingPeer } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { createMeshCall } from './mesh-call.ts';

/**
 * The mesh's signalling logic with a stand-in `RTCPeerConnection` (passed in, as the browser's
 * would be): who offers, who answers, candidates that arrive early, leaves and reconnects.
 */

class FakePeerConnection {
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  connectionState = 'new';
  tracks: unknown[] = [];
  transceivers: { kind: string; direction: string }[] = [];
  candidates: unknown[] = [];
  closed = false;
  onicecandidate: ((event: { candidate: { toJSON(): unknown } | null }) => void) | null = null;
  ontrack: unknown = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: unknown) {}
  addTrack(track: unknown) {
    this.tracks.push(track);
  }
  addTransceiver(kind: string, init: { direction: string }) {
    this.transceivers.push({ kind, direction: init.direction });
  }
  async createOffer() {
    return { type: 'offer', sdp: 'offer-sdp' };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'answer-sdp' };
  }
  async setLocalDescription(d: { type: string; sdp: string }) {
    this.localDescription = d;
  }
  async setRemoteDescription(d: { type: string; sdp: string }) {
    this.remoteDescription = d;
  }
  async addIceCandidate(c: unknown) {
    this.candidates.push(c);
  }
  getTransceivers() {
    return [];
  }
  close() {
    this.closed = true;
  }
}

function setup() {
  const sent: MeetingClientFrame[] = [];
  const made: FakePeerConnection[] = [];
  const call = createMeshCall({
    iceServers: [{ urls: 'stun:stun.example.com:3478' }],
    send: (frame) => {
      sent.push(frame);
      return true;
    },
    localStream: null,
    onChange: () => {},
    createPeerConnection: (config) => {
      const pc = new FakePeerConnection(config);
      made.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
  });
  return { call, sent, made };
}

const peer = (connectionId: string, userId: string): MeetingPeer => ({
  connectionId,
  userId,
  joinedAt: 1,
  media: { audio: true, video: true, screen: false },
});

describe('createMeshCall', () => {
  it('the newcomer offers to everyone already there, with the configured ICE servers', async () => {
    const { call, sent, made } = setup();
    await call.handle({
      type: 'welcome',
      self: 'me',
      peers: [peer('a', 'u1'), peer('b', 'u2')],
      at: 1,
    });
    expect(made).toHaveLength(2);
    expect(made[0]?.config).toEqual({ iceServers: [{ urls: 'stun:stun.example.com:3478' }] });
    // Without a camera or microphone it still receives both.
    expect(made[0]?.transceivers).toEqual([
      { kind: 'audio', direction: 'recvonly' },
      { kind: 'video', direction: 'recvonly' },
    ]);
    expect(sent).toEqual([
      { type: 'signal', to: 'a', description: { type: 'offer', sdp: 'offer-sdp' } },
      { type: 'signal', to: 'b', description: { type: 'offer', sdp: 'offer-sdp' } },
    ]);
    expect(call.peers().map((p) => [p.connectionId, p.userId])).toEqual([
      ['a', 'u1'],
      ['b', 'u2'],
    ]);
    made[0]?.onicecandidate?.({ candidate: { toJSON: () => ({ candidate: 'c1', sdpMid: '0' }) } });
    expect(sent.at(-1)).toEqual({
      type: 'signal',
      to: 'a',
      candidate: { candidate: 'c1', sdpMid: '0' },
    });
  });

  it('someone who was there answers the newcomer’s offer; early candidates wait for it', async () => {
    const { call, sent, made } = setup();
    await call.handle({ type: 'welcome', self: 'me', peers: [], at: 1 });
    await call.handle({ type: 'peerJoined', peer: peer('n', 'u3') });
    expect(sent).toEqual([]);
    await call.handle({ type: 'signal', from: 'n', candidate: { candidate: 'early' } });
    expect(made[0]?.candidates).toEqual([]);
    await call.handle({
      type: 'signal',
      from: 'n',
      description: { type: 'offer', sdp: 'their-offer' },
    });
    expect(made[0]?.remoteDescription).toEqual({ type: 'offer', sdp: 'their-offer' });
    expect(sent).toEqual([
      { type: 'signal', to: 'n', description: { type: 'answer', sdp: 'answer-sdp' } },
    ]);
    expect(made[0]?.candidates).toEqual([{ candidate: 'early' }]);
    await call.handle({
      type: 'signal',
      from: 'n',
      candidate: { candidate: 'late', sdpMLineIndex: 0 },
    });
    expect(made[0]?.candidates).toEqual([
      { candidate: 'early' },
      { candidate: 'late', sdpMLineIndex: 0 },
    ]);
  });

  it('follows media changes, hangs up on a leave, and starts over on a reconnect', async () => {
    const { call, made } = setup();
    await call.handle({ type: 'welcome', self: 'me', peers: [peer('a', 'u1')], at: 1 });
    await call.handle({
      type: 'media',
      connectionId: 'a',
      media: { audio: false, video: true, screen: true },
    });
    expect(call.peers()[0]?.media).toEqual({ audio: false, video: true, screen: true });
    await call.handle({ type: 'peerLeft', connectionId: 'a', userId: 'u1' });
    expect(made[0]?.closed).toBe(true);
    expect(call.peers()).toEqual([]);

    await call.handle({ type: 'peerJoined', peer: peer('b', 'u2') });
    // Our socket came back: a new welcome, new connections, the old ones closed.
    await call.handle({ type: 'welcome', self: 'me-2', peers: [peer('b2', 'u2')], at: 2 });
    expect(made[1]?.closed).toBe(true);
    expect(call.peers().map((p) => p.connectionId)).toEqual(['b2']);
    call.close();
    expect(made[2]?.closed).toBe(true);
  });
});
