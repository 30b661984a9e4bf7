import {
  connectMeetingRoom,
  createMeetingRoomApi,
  type FmClient,
  isApiError,
  type MeetingSignalling,
  realtimeClientOf,
} from '@fm/sdk';
import type { MediaState, MeetingRoomInfo, MeetingSide } from '@fm/sdk/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useFmClient } from '../../client-context.tsx';
import type { WidgetTheme } from '../../theme.ts';
import { type CallQuality, worstQuality } from './call-quality.ts';
import {
  type CallTile,
  type MediaDeviceChoice,
  type MeetingRoomPhase,
  MeetingRoomView,
} from './meeting-room-view.tsx';
import { createMeshCall, type MeshCall } from './mesh-call.ts';
import {
  clockFromMeasure,
  MEASURE_READ_EVERY_MS,
  shownMs,
  type TimeUsedClock,
  tickClock,
} from './time-used.ts';

export interface MeetingRoomProps {
  /** The signed-in SDK client; defaults to the one of the nearest `FmClientProvider`. */
  client?: FmClient | undefined;
  meetingId: string;
  /** Where "Back to the meeting page" goes. */
  backHref?: string | undefined;
  theme?: WidgetTheme | undefined;
  /** The zone the room's times are shown in (the user's, rule 20); the kit's viewer zone when absent. */
  timeZone?: string | undefined;
  /** The viewer left the call. */
  onLeave?: (() => void) | undefined;
}

const QUALITY_EVERY_MS = 2_000;
/** The longest delay `setTimeout` keeps (about 24.8 days); longer waits are re-armed. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

function stopAll(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

async function openMedia(cameraId: string, microphoneId: string): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  const video = cameraId ? { deviceId: { exact: cameraId } } : true;
  const audio = microphoneId ? { deviceId: { exact: microphoneId } } : true;
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio });
  } catch {
    // No camera (or it was refused): the microphone alone, else nothing.
    try {
      return await navigator.mediaDevices.getUserMedia({ audio });
    } catch {
      return null;
    }
  }
}

async function listDevices(): Promise<{
  cameras: MediaDeviceChoice[];
  microphones: MediaDeviceChoice[];
}> {
  const devices = (await navigator.mediaDevices?.enumerateDevices?.()) ?? [];
  const pick = (kind: MediaDeviceKind, fallback: string) =>
    devices
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${fallback} ${i + 1}` }));
  return { cameras: pick('videoinput', 'Camera'), microphones: pick('audioinput', 'Microphone') };
}

/**
 * The meeting room (rule 16): loads the room through the SDK (`api.meetingRoom.get`), shows when it
 * opens or closed, a pre-join screen with camera/microphone preview and device pickers, then the
 * call — a WebRTC mesh signalled through `meeting-{id}` — with mute, camera off, screen share,
 * leave, the connection quality from getStats, who is there, the time used against the booked
 * length (the server's measure, read again on every reconnect and every 15 s) and the rate.
 *
 * @example
 * <MeetingRoom client={api} meetingId={id} backHref={`/bookings/${id}`} />
 */
export function MeetingRoom({
  client,
  meetingId,
  backHref,
  theme,
  timeZone,
  onLeave,
}: MeetingRoomProps) {
  const api = useFmClient(client);
  const meetingRoom = useMemo(() => createMeetingRoomApi(api.http), [api]);
  const [phase, setPhase] = useState<MeetingRoomPhase>({ kind: 'loading' });
  const [info, setInfo] = useState<MeetingRoomInfo | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [mediaError, setMediaError] = useState(false);
  const [devices, setDevices] = useState<{
    cameras: MediaDeviceChoice[];
    microphones: MediaDeviceChoice[];
  }>({
    cameras: [],
    microphones: [],
  });
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [media, setMedia] = useState<MediaState>({ audio: true, video: true, screen: false });
  const [, setTick] = useState(0);
  const [busy, setBusy] = useState(false);
  const call = useRef<MeshCall | null>(null);
  const signalling = useRef<MeetingSignalling | null>(null);
  const screen = useRef<MediaStream | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const mediaRef = useRef(media);
  mediaRef.current = media;
  // Time together: the server's measure (the bill), read on every (re)connect and every 15 s,
  // counted on here between two reads from whether the other side is on this page.
  const used = useRef<TimeUsedClock>({ baseMs: 0, since: null });
  // The server's clock minus this machine's, from the last load: the room closes by the server's.
  const skewMs = useRef(0);
  const rerender = useCallback(() => setTick((n) => n + 1), []);

  const load = useCallback(async () => {
    try {
      const asked = Date.now();
      const room = await meetingRoom.get(meetingId);
      skewMs.current = Date.parse(room.now) - (asked + Date.now()) / 2;
      setInfo(room);
      used.current = clockFromMeasure(room.presence.measuredMs, false, Date.now());
      if (!room.live || room.state === 'closed')
        setPhase({ kind: 'closed', closesAt: room.closesAt });
      else if (room.state === 'notYetOpen') setPhase({ kind: 'notYetOpen', opensAt: room.opensAt });
      else setPhase((p) => (p.kind === 'call' ? p : { kind: 'prejoin' }));
    } catch (error) {
      if (isApiError(error) && error.status === 404) setPhase({ kind: 'refused' });
      else
        setPhase({
          kind: 'error',
          message: error instanceof Error ? error.message : String(error),
        });
    }
  }, [meetingRoom, meetingId]);

  useEffect(() => {
    void load();
  }, [load]);

  // Before the room opens, the page looks again when it does.
  useEffect(() => {
    if (phase.kind !== 'notYetOpen' || !info) return;
    const wait = Date.parse(info.opensAt) - Date.parse(info.now) + 500;
    const timer = setTimeout(() => void load(), Math.max(1_000, Math.min(wait, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [phase.kind, info, load]);

  // Pre-join: the preview with the chosen devices.
  useEffect(() => {
    if (phase.kind !== 'prejoin') return;
    let cancelled = false;
    void (async () => {
      const opened = await openMedia(cameraId, microphoneId);
      if (cancelled) {
        stopAll(opened);
        return;
      }
      stopAll(streamRef.current);
      streamRef.current = opened;
      setStream(opened);
      setMediaError(!opened?.getVideoTracks().length);
      setDevices(await listDevices());
    })();
    return () => {
      cancelled = true;
    };
  }, [phase.kind, cameraId, microphoneId]);

  const sideOf = useCallback(
    (userId: string): MeetingSide | null =>
      info?.members.find((m) => m.userId === userId)?.side ?? null,
    [info],
  );

  /** Whether someone of the other side is in the call on this page now. */
  const together = useCallback(() => {
    const self = info?.self.side;
    return (call.current?.peers() ?? []).some((p) => {
      const side = sideOf(p.userId);
      return side !== null && side !== self;
    });
  }, [info, sideOf]);

  // The server's measure, shown as it is: the page's own count drifts over a drop.
  const readMeasure = useCallback(async () => {
    try {
      const presence = await meetingRoom.presence(meetingId);
      used.current = clockFromMeasure(presence.measuredMs, together(), Date.now());
      rerender();
    } catch {
      // The next read (or reconnect) tries again; meanwhile the page counts on.
    }
  }, [meetingRoom, meetingId, together, rerender]);
  const readMeasureRef = useRef(readMeasure);
  readMeasureRef.current = readMeasure;

  const hangUp = useCallback(() => {
    call.current?.close();
    call.current = null;
    signalling.current?.close();
    signalling.current = null;
    stopAll(screen.current);
    screen.current = null;
  }, []);

  // At the closing time the call ends (rule 16): the room is closed for everyone, so the camera,
  // the connections and the signalling room are let go, and the page says what a fresh load says
  // — also a page that left before (its Rejoin would only find the room closed).
  const roomOpen = phase.kind === 'prejoin' || phase.kind === 'call' || phase.kind === 'ended';
  useEffect(() => {
    if (!roomOpen || !info) return;
    const closesAt = Date.parse(info.closesAt);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const left = closesAt - (Date.now() + skewMs.current);
      if (left > 0) {
        timer = setTimeout(check, Math.min(left, MAX_TIMEOUT_MS));
        return;
      }
      hangUp();
      stopAll(streamRef.current);
      streamRef.current = null;
      setStream(null);
      setBusy(false);
      setPhase({ kind: 'closed', closesAt: info.closesAt });
    };
    check();
    return () => clearTimeout(timer);
  }, [roomOpen, info, hangUp]);

  const join = () => {
    if (!info) return;
    setBusy(true);
    const local = streamRef.current;
    const initial: MediaState = {
      audio: Boolean(local?.getAudioTracks().length),
      video: Boolean(local?.getVideoTracks().length),
      screen: false,
    };
    setMedia(initial);
    const socket = connectMeetingRoom({ client: realtimeClientOf(api.http), meetingId });
    const mesh = createMeshCall({
      iceServers: info.iceServers,
      send: (frame) => socket.send(frame),
      localStream: local,
      onChange: rerender,
    });
    socket.subscribe((frame) => {
      void mesh.handle(frame);
      if (frame.type === 'welcome') {
        socket.send({ type: 'media', media: mediaRef.current });
        setBusy(false);
      }
    });
    socket.onStatus((status) => {
      if (status === 'open') {
        setPhase({ kind: 'call', reconnecting: false });
        // Back after a drop (or just in): what the room server measured meanwhile.
        void readMeasureRef.current();
      } else if (status === 'connecting') {
        setPhase((p) => (p.kind === 'call' ? { kind: 'call', reconnecting: true } : p));
      } else if (status === 'refused') {
        hangUp();
        setBusy(false);
        const why = socket.refusal();
        if (why === 'full') setPhase({ kind: 'full' });
        else if (why === 'notFound') setPhase({ kind: 'refused' });
        else {
          // The room closed (the room server closes everyone at the closing time): the camera
          // is let go too, and the load says what a fresh load says.
          stopAll(streamRef.current);
          streamRef.current = null;
          setStream(null);
          void load();
        }
      }
    });
    call.current = mesh;
    signalling.current = socket;
  };

  const leave = () => {
    hangUp();
    stopAll(streamRef.current);
    streamRef.current = null;
    setStream(null);
    setPhase({ kind: 'ended' });
    onLeave?.();
  };

  // Unmount: hang up and release the camera.
  useEffect(
    () => () => {
      hangUp();
      stopAll(streamRef.current);
    },
    [hangUp],
  );

  // In the call: quality samples, the time used, and the server's measure every 15 s.
  const inCall = phase.kind === 'call';
  useEffect(() => {
    if (!inCall) return;
    const timer = setInterval(() => {
      void call.current?.sampleQuality();
      used.current = tickClock(used.current, together(), Date.now());
      rerender();
    }, QUALITY_EVERY_MS / 2);
    const reads = setInterval(() => void readMeasureRef.current(), MEASURE_READ_EVERY_MS);
    return () => {
      clearInterval(timer);
      clearInterval(reads);
    };
  }, [inCall, together, rerender]);

  const updateMedia = (next: MediaState) => {
    setMedia(next);
    signalling.current?.send({ type: 'media', media: next });
  };
  const toggleAudio = () => {
    const next = { ...media, audio: !media.audio };
    for (const t of streamRef.current?.getAudioTracks() ?? []) t.enabled = next.audio;
    updateMedia(next);
  };
  const toggleVideo = () => {
    const next = { ...media, video: !media.video };
    for (const t of streamRef.current?.getVideoTracks() ?? []) t.enabled = next.video;
    updateMedia(next);
  };
  const toggleScreen = async () => {
    if (media.screen) {
      stopAll(screen.current);
      screen.current = null;
      await call.current?.shareVideo(null);
      updateMedia({ ...mediaRef.current, screen: false });
      return;
    }
    try {
      const shared = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = shared.getVideoTracks()[0];
      if (!track) return;
      screen.current = shared;
      track.addEventListener('ended', () => void toggleScreenOff());
      await call.current?.shareVideo(track);
      updateMedia({ ...mediaRef.current, screen: true });
    } catch {
      // The picker was dismissed.
    }
  };
  const toggleScreenOff = async () => {
    screen.current = null;
    await call.current?.shareVideo(null);
    updateMedia({ ...mediaRef.current, screen: false });
  };

  const peers = call.current?.peers() ?? [];
  const nameOf = (userId: string) => info?.members.find((m) => m.userId === userId)?.name ?? '…';
  const tiles: CallTile[] = [
    {
      id: 'self',
      name: info?.self.name ?? '',
      stream: media.screen ? screen.current : stream,
      media,
      self: true,
    },
    ...peers.map((p) => ({
      id: p.connectionId,
      name: nameOf(p.userId),
      stream: p.stream,
      media: p.media,
      connecting: p.state !== 'connected',
    })),
  ];
  const quality: CallQuality = worstQuality(peers.map((p) => p.quality));
  const usedMs = shownMs(used.current, Date.now());

  return (
    <MeetingRoomView
      phase={phase}
      info={info}
      theme={theme}
      timeZone={timeZone}
      backHref={backHref}
      preview={{
        stream,
        cameras: devices.cameras,
        microphones: devices.microphones,
        cameraId: cameraId || (stream?.getVideoTracks()[0]?.getSettings().deviceId ?? ''),
        microphoneId: microphoneId || (stream?.getAudioTracks()[0]?.getSettings().deviceId ?? ''),
        mediaError,
      }}
      tiles={tiles}
      media={media}
      quality={quality}
      usedMs={usedMs}
      // Join waits for the preview's camera and microphone (or their refusal): joining before
      // would enter the call with neither.
      busy={busy || (phase.kind === 'prejoin' && stream === null && !mediaError)}
      onCamera={setCameraId}
      onMicrophone={setMicrophoneId}
      onJoin={join}
      onToggleAudio={toggleAudio}
      onToggleVideo={toggleVideo}
      onToggleScreen={() => void toggleScreen()}
      onLeave={leave}
      // The load decides where Rejoin leads: the pre-join screen while the room is open, else
      // the closed (or not yet open) message — never a Join that the ticket would refuse.
      onRejoin={() => void load()}
    />
  );
}
