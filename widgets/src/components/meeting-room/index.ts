export { type CallQuality, qualityOf, sampleOf, worstQuality } from './call-quality.ts';
export { MeetingRoom, type MeetingRoomProps } from './meeting-room.tsx';
export { MEETING_ROOM_UI } from './meeting-room-text.ts';
export {
  type CallTile,
  formatClock,
  type MediaDeviceChoice,
  type MeetingRoomPhase,
  MeetingRoomView,
  type MeetingRoomViewProps,
} from './meeting-room-view.tsx';
export { createMeshCall, type MeshCall, type MeshPeer } from './mesh-call.ts';
