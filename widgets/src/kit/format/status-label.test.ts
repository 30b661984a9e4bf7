import { describe, expect, it } from 'vitest';
import { statusTone } from './status-label.tsx';

describe('statusTone', () => {
  it('reads the status words of both apps, whatever their case', () => {
    expect(statusTone('Activated')).toBe('success');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('Deactivated')).toBe('danger');
    expect(statusTone('Paused')).toBe('neutral');
  });

  it('draws an unknown word as neutral', () => {
    expect(statusTone('something else')).toBe('neutral');
  });
});
