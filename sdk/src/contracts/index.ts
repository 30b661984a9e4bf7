/**
 * The product's contract: every shape, enumeration, constant, text and error code, defined once.
 * Imports valibot only, so the server, the PartyKit rooms and browsers can all use it.
 */
export * from './admin.ts';
export * from './api-keys.ts';
export * from './auth.ts';
export * from './booking.ts';
export * from './constants.ts';
export * from './discovery.ts';
export * from './disputes.ts';
export * from './embed.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './idempotency.ts';
export * from './meeting-room.ts';
export * from './messaging.ts';
export * from './notifications.ts';
export * from './operations.ts';
export * from './paging.ts';
export * from './payments.ts';
export * from './presence-arithmetic.ts';
export * from './profile-edit.ts';
export * from './profiles.ts';
export * from './promotions.ts';
export * from './public-pages.ts';
export * from './realtime.ts';
export * from './reschedule.ts';
export * from './slot-holds.ts';
export * from './system.ts';
export * from './texts.ts';
export * from './versioning.ts';
export * from './web-link.ts';
export * from './webhooks.ts';
