import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';

describe('AppError', () => {
  it('takes no stack trace for a refusal, keeps one for a fault, and leaves the limit as it was', () => {
    const limit = Error.stackTraceLimit;
    const refusal = new AppError('SLOT_TAKEN');
    expect(refusal.status).toBe(409);
    expect(refusal.stack?.split('\n')).toHaveLength(1);
    const fault = new AppError('INTERNAL_ERROR');
    expect(fault.status).toBe(500);
    expect(fault.stack?.split('\n').length).toBeGreaterThan(1);
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('plain').stack?.split('\n').length).toBeGreaterThan(1);
  });
});
