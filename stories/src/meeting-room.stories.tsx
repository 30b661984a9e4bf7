import type { MeetingRoomInfo } from '@fm/sdk/contracts';
import { type CallTile, MeetingRoomView } from '@fm/widgets';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { THEME_ARG_TYPES, widthFrame } from './fixtures/story-frame.tsx';

const START = '2026-11-25T15:00:00.000Z';
const END = '2026-11-25T16:00:00.000Z';

const info: MeetingRoomInfo = {
  meetingId: 'm1',
  room: 'meeting-m1',
  start: START,
  end: END,
  durationMinutes: 60,
  rate: 50,
  opensAt: '2026-11-25T14:50:00.000Z',
  closesAt: '2026-11-25T16:30:00.000Z',
  state: 'open',
  live: true,
  iceServers: [],
  maxParticipants: 4,
  self: { userId: 'c1', name: 'Marcus Reed', side: 'consultant', profilePhoto: null },
  members: [
    { userId: 'c1', name: 'Marcus Reed', side: 'consultant', profilePhoto: null },
    { userId: 'f1', name: 'Olivia Bennett', side: 'franchise', profilePhoto: null },
    { userId: 'f2', name: 'Sam Patel', side: 'franchise', profilePhoto: null },
  ],
  presence: {
    roomUsed: false,
    measuredMinutes: 0,
    measuredMs: 0,
    consultantMinutesInBookedTime: 0,
    franchiseMinutesInBookedTime: 0,
    consultantJoined: false,
    franchiseJoined: false,
    franchiseNoShow: false,
    consultantNoShow: false,
    maxChargeableMinutes: null,
    proposedMinutes: 60,
    noShowReportedAt: null,
    intervals: [],
    refusals: [],
  },
  now: '2026-11-25T15:05:00.000Z',
};

/**
 * A fake camera for stories: a canvas painting a coloured card with a moving bar, as a
 * MediaStream (no device is touched). Null where canvases cannot stream (then the tile shows
 * the person's initials, as for a camera that is off).
 */
function fakeCamera(label: string, hue: number): MediaStream | null {
  if (typeof document === 'undefined') return null;
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 180;
  const ctx = canvas.getContext('2d');
  if (!ctx || typeof canvas.captureStream !== 'function') return null;
  let x = 0;
  const paint = () => {
    ctx.fillStyle = `hsl(${hue} 45% 35%)`;
    ctx.fillRect(0, 0, 320, 180);
    ctx.fillStyle = 'rgb(255 255 255 / 0.8)';
    ctx.font = '20px system-ui';
    ctx.fillText(label, 16, 96);
    ctx.fillRect(x, 160, 40, 6);
    x = (x + 4) % 320;
  };
  paint();
  setInterval(paint, 100);
  return canvas.captureStream(10);
}

const on = { audio: true, video: true, screen: false };
const self: CallTile = {
  id: 'self',
  name: 'Marcus Reed',
  stream: fakeCamera('Marcus (fake camera)', 210),
  media: on,
  self: true,
};
const olivia: CallTile = {
  id: 'p1',
  name: 'Olivia Bennett',
  stream: fakeCamera('Olivia (fake camera)', 20),
  media: on,
};
const sam: CallTile = {
  id: 'p2',
  name: 'Sam Patel',
  stream: null,
  media: { audio: false, video: false, screen: false },
};

/**
 * The meeting room (rule 16) from fixed props: `<MeetingRoom>` (and the portal's
 * `/meetings/{id}/room`) renders exactly this view. Video is a painted canvas, never a real camera.
 */
const meta = {
  title: 'Widgets/Meeting room',
  component: MeetingRoomView,
  args: {
    info,
    timeZone: 'America/New_York',
    theme: 'light',
    backHref: '/bookings/m1',
    onJoin: fn(),
    onCamera: fn(),
    onMicrophone: fn(),
    onToggleAudio: fn(),
    onToggleVideo: fn(),
    onToggleScreen: fn(),
    onLeave: fn(),
    onRejoin: fn(),
  },
  argTypes: THEME_ARG_TYPES,
  decorators: [widthFrame(960)],
} satisfies Meta<typeof MeetingRoomView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PreJoin: Story = {
  name: 'Pre-join',
  args: {
    phase: { kind: 'prejoin' },
    preview: {
      stream: fakeCamera('Your camera (fake)', 210),
      cameras: [
        { deviceId: 'cam-1', label: 'FaceTime HD Camera' },
        { deviceId: 'cam-2', label: 'USB Camera' },
      ],
      microphones: [{ deviceId: 'mic-1', label: 'MacBook Microphone' }],
      cameraId: 'cam-1',
      microphoneId: 'mic-1',
      mediaError: false,
    },
  },
};

export const PreJoinWithoutCamera: Story = {
  name: 'Pre-join, no camera',
  args: {
    phase: { kind: 'prejoin' },
    preview: {
      stream: null,
      cameras: [],
      microphones: [],
      cameraId: '',
      microphoneId: '',
      mediaError: true,
    },
  },
};

export const InCall: Story = {
  name: 'In call',
  args: {
    phase: { kind: 'call', reconnecting: false },
    tiles: [self, olivia, sam],
    media: on,
    quality: 'good',
    usedMs: 12 * 60_000 + 34_000,
  },
};

export const Alone: Story = {
  args: {
    phase: { kind: 'call', reconnecting: false },
    tiles: [self],
    media: on,
    quality: 'unknown',
    usedMs: 0,
  },
};

export const Reconnecting: Story = {
  args: {
    phase: { kind: 'call', reconnecting: true },
    tiles: [self, { ...olivia, connecting: true }],
    media: { audio: false, video: true, screen: false },
    quality: 'poor',
    usedMs: 31 * 60_000,
  },
};

export const Ended: Story = {
  args: { phase: { kind: 'ended' } },
};

export const Refused: Story = {
  args: { phase: { kind: 'refused' }, info: null },
};

export const NotYetOpen: Story = {
  name: 'Not yet open',
  args: { phase: { kind: 'notYetOpen', opensAt: info.opensAt } },
};

export const Closed: Story = {
  args: { phase: { kind: 'closed', closesAt: info.closesAt } },
};

export const Full: Story = {
  args: { phase: { kind: 'full' } },
};
