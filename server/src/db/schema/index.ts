export * from './admin.ts';
export * from './auth.ts';
export * from './consultants.ts';
export * from './franchises.ts';
export * from './meetings.ts';
export * from './messaging.ts';
export * from './money.ts';
export * from './system.ts';
