import { a1AdminLists } from './admin-lists.ts';
import { p3p4Booking } from './booking.ts';
import { lh1LighthousePublicPages } from './lighthouse-public-pages.ts';
import type { Measurement } from './measurement.ts';
import { mrMeetingRoom } from './meeting-room.ts';
import { p1Config } from './p1-config.ts';
import { p2Search } from './p2-search.ts';
import { p5WidgetSizes } from './p5-widget-sizes.ts';
import { p6WebVitals } from './p6-web-vitals.ts';
import { pp1PublicProfile } from './public-profile-answer.ts';
import { rt1Realtime } from './realtime.ts';
import { shSlotHolds } from './slot-holds.ts';

/**
 * Every measurement `npm run bench` runs, in this order. To add an aim, write a module exporting
 * a `Measurement` (see measurement.ts and run.ts's header) and add it here; nothing else changes.
 */
export const MEASUREMENTS: Measurement[] = [
  p1Config,
  p2Search,
  p3p4Booking,
  p5WidgetSizes,
  p6WebVitals,
  lh1LighthousePublicPages,
  pp1PublicProfile,
  rt1Realtime,
  mrMeetingRoom,
  shSlotHolds,
  a1AdminLists,
];
