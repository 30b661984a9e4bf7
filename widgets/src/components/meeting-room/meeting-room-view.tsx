import type { MediaState, MeetingRoomInfo } from '@fm/sdk/contracts';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatDollars } from '../../kit/format/format.ts';
import type { WidgetTheme } from '../../theme.ts';
import type { CallQuality } from './call-quality.ts';
import styles from './meeting-room.css?inline';
import { MEETING_ROOM_UI as T } from './meeting-room-text.ts';

/** Where the room page is. */
export type MeetingRoomPhase =
  | { kind: 'loading' }
  | { kind: 'refused' }
  | { kind: 'full' }
  | { kind: 'notYetOpen'; opensAt: string }
  | { kind: 'closed'; closesAt: string }
  | { kind: 'error'; message: string }
  | { kind: 'prejoin' }
  | { kind: 'call'; reconnecting: boolean }
  | { kind: 'ended' };

/** A camera or microphone to choose from. */
export interface MediaDeviceChoice {
  deviceId: string;
  label: string;
}

/** One tile of the call. */
export interface CallTile {
  id: string;
  name: string;
  stream: MediaStream | null;
  media: MediaState;
  /** The local tile (muted, mirrored). */
  self?: boolean;
  connecting?: boolean;
}

export interface MeetingRoomViewProps {
  phase: MeetingRoomPhase;
  info?: MeetingRoomInfo | null | undefined;
  /** The zone times are shown in (the viewer's). */
  timeZone?: string | undefined;
  theme?: WidgetTheme | undefined;
  /** Pre-join: the preview and the device pickers. */
  preview?: {
    stream: MediaStream | null;
    cameras: MediaDeviceChoice[];
    microphones: MediaDeviceChoice[];
    cameraId: string;
    microphoneId: string;
    mediaError: boolean;
  };
  /** In the call. */
  tiles?: CallTile[];
  media?: MediaState;
  quality?: CallQuality;
  /** Milliseconds used so far (consultant and a franchise member together). */
  usedMs?: number;
  busy?: boolean;
  backHref?: string | undefined;
  onCamera?: (deviceId: string) => void;
  onMicrophone?: (deviceId: string) => void;
  onJoin?: () => void;
  onToggleAudio?: () => void;
  onToggleVideo?: () => void;
  onToggleScreen?: () => void;
  onLeave?: () => void;
  onRejoin?: () => void;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Minutes and seconds, `mm:ss` (hours fold into minutes).
 *
 * @example
 * formatClock(754_000); // '12:34'
 */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${two(Math.floor(total / 60))}:${two(total % 60)}`;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('') || '?';

/** A `<video>` showing a stream (or the person's initials without one). */
function StreamVideo({
  stream,
  name,
  muted,
  mirrored,
  showVideo,
}: {
  stream: MediaStream | null;
  name: string;
  muted: boolean;
  mirrored?: boolean;
  showVideo: boolean;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);
  return (
    <div className="fm-meeting__media">
      {stream ? (
        <video
          ref={ref}
          className={`fm-meeting__video${mirrored ? ' fm-meeting__video--mirrored' : ''}`}
          autoPlay
          playsInline
          muted={muted}
          hidden={!showVideo}
          data-testid="meeting-video"
        />
      ) : null}
      {!stream || !showVideo ? (
        <div className="fm-meeting__avatar" aria-hidden="true">
          {initials(name)}
        </div>
      ) : null}
    </div>
  );
}

function Notice({ children, role = 'status' }: { children: React.ReactNode; role?: string }) {
  return (
    <div className="fm-meeting__notice" role={role}>
      {children}
    </div>
  );
}

/**
 * The meeting room (rule 16) as pure props: pre-join with preview and device pickers, the call with
 * its tiles and controls, and the states around it (not yet open, closed, refused, full, ended).
 *
 * @example
 * <MeetingRoomView phase={{ kind: 'prejoin' }} info={info} preview={preview} onJoin={join} />
 */
export function MeetingRoomView(props: MeetingRoomViewProps) {
  const { phase, info, timeZone, theme = 'light' } = props;
  const rate = info ? T.rate(formatDollars(info.rate)) : null;
  const back = props.backHref ? (
    <a className="fm-meeting__button fm-meeting__button--ghost" href={props.backHref}>
      {T.backToMeeting}
    </a>
  ) : null;

  let body: React.ReactNode;
  switch (phase.kind) {
    case 'loading':
      body = <Notice>{T.loading}</Notice>;
      break;
    case 'refused':
      body = <Notice role="alert">{T.refused}</Notice>;
      break;
    case 'full':
      body = (
        <Notice role="alert">
          <p>{T.full}</p>
          {back}
        </Notice>
      );
      break;
    case 'error':
      body = <Notice role="alert">{phase.message}</Notice>;
      break;
    case 'notYetOpen':
      body = (
        <Notice>
          <p>{T.opensAt(formatDateTime(phase.opensAt, timeZone))}</p>
          {back}
        </Notice>
      );
      break;
    case 'closed':
      body = (
        <Notice>
          <p>{T.closedAt(formatDateTime(phase.closesAt, timeZone))}</p>
          {back}
        </Notice>
      );
      break;
    case 'ended':
      body = (
        <Notice>
          <p>{T.ended}</p>
          <div className="fm-meeting__row">
            <button type="button" className="fm-meeting__button" onClick={props.onRejoin}>
              {T.rejoin}
            </button>
            {back}
          </div>
        </Notice>
      );
      break;
    case 'prejoin': {
      const p = props.preview;
      body = (
        <section className="fm-meeting__prejoin" aria-label={T.readyToJoin}>
          <figure className="fm-meeting__tile fm-meeting__tile--preview" title={T.preview}>
            <StreamVideo
              stream={p?.stream ?? null}
              name={info?.self.name ?? T.you}
              muted
              mirrored
              showVideo={Boolean(p?.stream?.getVideoTracks().length)}
            />
          </figure>
          <div className="fm-meeting__prejoin-side">
            <h2 className="fm-meeting__title">{T.readyToJoin}</h2>
            {p?.mediaError ? <p className="fm-meeting__hint">{T.mediaBlocked}</p> : null}
            <label className="fm-meeting__field">
              <span>{T.camera}</span>
              <select
                value={p?.cameraId ?? ''}
                onChange={(e) => props.onCamera?.(e.target.value)}
                disabled={!p?.cameras.length}
              >
                {p?.cameras.length ? null : <option value="">{T.noCamera}</option>}
                {p?.cameras.map((d) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {d.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="fm-meeting__field">
              <span>{T.microphone}</span>
              <select
                value={p?.microphoneId ?? ''}
                onChange={(e) => props.onMicrophone?.(e.target.value)}
                disabled={!p?.microphones.length}
              >
                {p?.microphones.map((d) => (
                  <option key={d.deviceId} value={d.deviceId}>
                    {d.label}
                  </option>
                ))}
              </select>
            </label>
            {rate ? <p className="fm-meeting__hint">{rate}</p> : null}
            <button
              type="button"
              className="fm-meeting__button"
              onClick={props.onJoin}
              disabled={props.busy}
              aria-busy={props.busy}
            >
              {T.join}
            </button>
          </div>
        </section>
      );
      break;
    }
    case 'call': {
      const tiles = props.tiles ?? [];
      const others = tiles.filter((t) => !t.self);
      const media = props.media ?? { audio: true, video: true, screen: false };
      const quality = props.quality ?? 'unknown';
      const booked = info ? formatClock(info.durationMinutes * 60_000) : '';
      body = (
        <section className="fm-meeting__call" aria-label={T.title}>
          <header className="fm-meeting__bar">
            <span
              className={`fm-meeting__quality fm-meeting__quality--${quality}`}
              data-testid="meeting-quality"
            >
              {T.qualityLabel(T.quality[quality])}
            </span>
            <span data-testid="meeting-time-used">
              {T.timeUsed(formatClock(props.usedMs ?? 0), booked)}
            </span>
            {rate ? <span>{rate}</span> : null}
          </header>
          {phase.reconnecting ? <Notice role="alert">{T.reconnecting}</Notice> : null}
          <ul className={`fm-meeting__grid fm-meeting__grid--${Math.min(tiles.length, 4)}`}>
            {tiles.map((tile) => (
              <li
                key={tile.id}
                className={`fm-meeting__tile${tile.self ? ' fm-meeting__tile--self' : ''}`}
                data-testid={tile.self ? 'meeting-tile-self' : 'meeting-tile-peer'}
              >
                <StreamVideo
                  stream={tile.stream}
                  name={tile.name}
                  muted={Boolean(tile.self)}
                  mirrored={Boolean(tile.self) && !tile.media.screen}
                  showVideo={tile.media.video || tile.media.screen}
                />
                <span className="fm-meeting__name">
                  <span className="fm-meeting__who">
                    {tile.self ? `${tile.name} (${T.you})` : tile.name}
                  </span>
                  {tile.media.audio ? null : <span className="fm-meeting__tag">{T.muted}</span>}
                  {tile.media.screen && !tile.self ? (
                    <span className="fm-meeting__tag">{T.sharing}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          {others.length === 0 ? <p className="fm-meeting__hint">{T.waiting}</p> : null}
          <p className="fm-meeting__people" data-testid="meeting-participants">
            {T.inTheMeeting}:{' '}
            {tiles.map((t) => (t.self ? `${t.name} (${T.you})` : t.name)).join(', ')}
          </p>
          <div className="fm-meeting__controls" role="toolbar" aria-label={T.controls}>
            <button
              type="button"
              className="fm-meeting__button fm-meeting__button--ghost"
              aria-pressed={!media.audio}
              onClick={props.onToggleAudio}
            >
              {media.audio ? T.mute : T.unmute}
            </button>
            <button
              type="button"
              className="fm-meeting__button fm-meeting__button--ghost"
              aria-pressed={!media.video}
              onClick={props.onToggleVideo}
            >
              {media.video ? T.cameraOff : T.cameraOn}
            </button>
            <button
              type="button"
              className="fm-meeting__button fm-meeting__button--ghost"
              aria-pressed={media.screen}
              onClick={props.onToggleScreen}
            >
              {media.screen ? T.stopSharing : T.shareScreen}
            </button>
            <button
              type="button"
              className="fm-meeting__button fm-meeting__button--danger"
              onClick={props.onLeave}
            >
              {T.leave}
            </button>
          </div>
        </section>
      );
      break;
    }
  }

  return (
    <div className={`fm-meeting fm-meeting--${theme}`} data-phase={phase.kind}>
      <style>{styles}</style>
      {body}
    </div>
  );
}
