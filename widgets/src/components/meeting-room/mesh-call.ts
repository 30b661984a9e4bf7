import type {
  IceCandidate,
  IceServer,
  MediaState,
  MeetingClientFrame,
  MeetingServerFrame,
} from '@fm/sdk/contracts';
import { type CallQuality, type QualitySample, qualityOf, sampleOf } from './call-quality.ts';

/**
 * A WebRTC mesh for up to four people (rule 16): one `RTCPeerConnection` per other participant,
 * signalled through the meeting room. The newcomer (who gets `welcome`) makes every offer and the
 * others answer, so two sides never offer to each other at once. Framework-free; the widget renders
 * `peers()` and calls `handle` with each frame of the room.
 */

/** One other participant as the call sees them. */
export interface MeshPeer {
  connectionId: string;
  userId: string;
  stream: MediaStream | null;
  media: MediaState;
  state: RTCPeerConnectionState;
  quality: CallQuality;
}

interface PeerEntry extends MeshPeer {
  pc: RTCPeerConnection;
  pending: RTCIceCandidateInit[];
  sample: QualitySample | null;
}

export interface MeshCallOptions {
  iceServers: IceServer[];
  /** Sends one frame to the room (false while the socket is down). */
  send: (frame: MeetingClientFrame) => boolean;
  /** The camera and microphone (or null: receive only). */
  localStream: MediaStream | null;
  /** Called whenever peers, streams or states change. */
  onChange: () => void;
  /** `RTCPeerConnection` (injectable for tests). */
  createPeerConnection?: (config: RTCConfiguration) => RTCPeerConnection;
}

/** A candidate of the contract as the browser's init (no `undefined` members). */
function candidateInit(c: IceCandidate): RTCIceCandidateInit {
  const init: RTCIceCandidateInit = { candidate: c.candidate };
  if (c.sdpMid !== undefined) init.sdpMid = c.sdpMid;
  if (c.sdpMLineIndex !== undefined) init.sdpMLineIndex = c.sdpMLineIndex;
  if (c.usernameFragment !== undefined) init.usernameFragment = c.usernameFragment;
  return init;
}

const DEFAULT_MEDIA: MediaState = { audio: true, video: true, screen: false };

/**
 * Creates a mesh call.
 *
 * @example
 * const call = createMeshCall({ iceServers: [], send: signalling.send, localStream, onChange: render });
 * signalling.subscribe((frame) => call.handle(frame));
 */
export function createMeshCall(options: MeshCallOptions) {
  const peers = new Map<string, PeerEntry>();
  let localStream = options.localStream;
  /** What each sender sends instead of the camera (a shared screen). */
  let videoOverride: MediaStreamTrack | null = null;
  let closed = false;
  const make =
    options.createPeerConnection ?? ((config: RTCConfiguration) => new RTCPeerConnection(config));

  const changed = () => {
    if (!closed) options.onChange();
  };

  function outgoingTracks(): MediaStreamTrack[] {
    if (!localStream) return [];
    const audio = localStream.getAudioTracks();
    const video = videoOverride ? [videoOverride] : localStream.getVideoTracks();
    return [...audio, ...video];
  }

  function createPeer(connectionId: string, userId: string, media = DEFAULT_MEDIA): PeerEntry {
    peers.get(connectionId)?.pc.close();
    const pc = make({ iceServers: options.iceServers as RTCIceServer[] });
    const entry: PeerEntry = {
      connectionId,
      userId,
      stream: null,
      media,
      state: 'new',
      quality: 'unknown',
      pc,
      pending: [],
      sample: null,
    };
    const tracks = outgoingTracks();
    if (localStream) for (const track of tracks) pc.addTrack(track, localStream);
    // Receive even without a camera or microphone of our own.
    if (!tracks.some((t) => t.kind === 'audio'))
      pc.addTransceiver('audio', { direction: 'recvonly' });
    if (!tracks.some((t) => t.kind === 'video'))
      pc.addTransceiver('video', { direction: 'recvonly' });
    pc.onicecandidate = (event) => {
      if (event.candidate) {
        options.send({
          type: 'signal',
          to: connectionId,
          candidate: event.candidate.toJSON() as never,
        });
      }
    };
    pc.ontrack = (event) => {
      entry.stream = event.streams[0] ?? entry.stream ?? new MediaStream();
      if (!event.streams[0]) entry.stream.addTrack(event.track);
      changed();
    };
    pc.onconnectionstatechange = () => {
      entry.state = pc.connectionState;
      changed();
    };
    peers.set(connectionId, entry);
    return entry;
  }

  async function offerTo(entry: PeerEntry) {
    const offer = await entry.pc.createOffer();
    await entry.pc.setLocalDescription(offer);
    options.send({
      type: 'signal',
      to: entry.connectionId,
      description: { type: 'offer', sdp: offer.sdp ?? '' },
    });
  }

  async function flush(entry: PeerEntry) {
    for (const candidate of entry.pending.splice(0)) {
      await entry.pc.addIceCandidate(candidate).catch(() => {});
    }
  }

  async function onSignal(frame: Extract<MeetingServerFrame, { type: 'signal' }>) {
    const entry = peers.get(frame.from) ?? createPeer(frame.from, '');
    if (frame.description?.type === 'offer') {
      await entry.pc.setRemoteDescription(frame.description);
      const answer = await entry.pc.createAnswer();
      await entry.pc.setLocalDescription(answer);
      options.send({
        type: 'signal',
        to: frame.from,
        description: { type: 'answer', sdp: answer.sdp ?? '' },
      });
      await flush(entry);
    } else if (frame.description?.type === 'answer') {
      await entry.pc.setRemoteDescription(frame.description);
      await flush(entry);
    }
    if (frame.candidate) {
      if (entry.pc.remoteDescription) {
        await entry.pc.addIceCandidate(candidateInit(frame.candidate)).catch(() => {});
      } else entry.pending.push(candidateInit(frame.candidate));
    }
  }

  function removePeer(connectionId: string) {
    peers.get(connectionId)?.pc.close();
    peers.delete(connectionId);
  }

  return {
    /** One frame from the room. Failures of one peer never stop the others. */
    async handle(frame: MeetingServerFrame): Promise<void> {
      if (closed) return;
      try {
        switch (frame.type) {
          case 'welcome':
            // A (re)connect: this side is the newcomer and offers to everyone already there.
            for (const id of [...peers.keys()]) removePeer(id);
            await Promise.all(
              frame.peers.map((p) => offerTo(createPeer(p.connectionId, p.userId, p.media))),
            );
            break;
          case 'peerJoined':
            createPeer(frame.peer.connectionId, frame.peer.userId, frame.peer.media);
            break;
          case 'peerLeft':
            removePeer(frame.connectionId);
            break;
          case 'media': {
            const entry = peers.get(frame.connectionId);
            if (entry) entry.media = frame.media;
            break;
          }
          case 'signal':
            await onSignal(frame);
            break;
          default:
            return;
        }
      } catch (error) {
        console.warn('[meeting] signalling step failed', error);
      }
      changed();
    },

    /** The other participants. */
    peers(): MeshPeer[] {
      return [...peers.values()].map(({ pc: _pc, pending: _p, sample: _s, ...peer }) => peer);
    },

    /** Sends another track instead (a new camera or microphone, a shared screen, or back). */
    async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null): Promise<void> {
      await Promise.all(
        [...peers.values()].flatMap((entry) =>
          entry.pc
            .getTransceivers()
            .filter((t) => t.receiver.track.kind === kind && t.direction !== 'recvonly')
            .map((t) => t.sender.replaceTrack(track)),
        ),
      );
    },

    /** A new camera/microphone stream (device change): what is sent follows it. */
    async setLocalStream(stream: MediaStream | null): Promise<void> {
      localStream = stream;
      await this.replaceTrack('audio', stream?.getAudioTracks()[0] ?? null);
      if (!videoOverride) await this.replaceTrack('video', stream?.getVideoTracks()[0] ?? null);
    },

    /** Shares `track` (a screen) instead of the camera, or the camera again with null. */
    async shareVideo(track: MediaStreamTrack | null): Promise<void> {
      videoOverride = track;
      await this.replaceTrack('video', track ?? localStream?.getVideoTracks()[0] ?? null);
    },

    /** Samples every connection's stats and grades it. */
    async sampleQuality(): Promise<void> {
      await Promise.all(
        [...peers.values()].map(async (entry) => {
          try {
            const sample = sampleOf((await entry.pc.getStats()) as never);
            entry.quality = qualityOf(entry.sample, sample);
            entry.sample = sample;
          } catch {
            entry.quality = 'unknown';
          }
        }),
      );
      changed();
    },

    /** Hangs up every connection. */
    close(): void {
      closed = true;
      for (const id of [...peers.keys()]) removePeer(id);
    },
  };
}

export type MeshCall = ReturnType<typeof createMeshCall>;
