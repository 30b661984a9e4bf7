import { describe, expect, it } from 'vitest';
import { qualityOf, sampleOf, worstQuality } from './call-quality.ts';

const report = (rtt: number | null, received: number, lost: number) =>
  new Map<string, Record<string, unknown>>([
    [
      'pair',
      rtt === null
        ? { type: 'candidate-pair', state: 'in-progress', nominated: false }
        : {
            type: 'candidate-pair',
            state: 'succeeded',
            nominated: true,
            currentRoundTripTime: rtt,
          },
    ],
    [
      'in-audio',
      { type: 'inbound-rtp', kind: 'audio', packetsReceived: received, packetsLost: lost },
    ],
    ['out', { type: 'outbound-rtp', packetsSent: 999 }],
  ]) as Map<string, { type: string }>;

describe('call quality from getStats', () => {
  it('is unknown before a candidate pair is selected', () => {
    expect(qualityOf(null, sampleOf(report(null, 0, 0)))).toBe('unknown');
  });

  it('grades round trip and loss since the last sample', () => {
    const first = sampleOf(report(0.02, 1000, 0));
    expect(qualityOf(null, first)).toBe('good');
    expect(qualityOf(first, sampleOf(report(0.2, 1100, 0)))).toBe('fair');
    // 10 lost of 100 since the last sample: poor, although the total loss is under 1 %.
    expect(qualityOf(first, sampleOf(report(0.02, 1090, 10)))).toBe('poor');
    expect(qualityOf(first, sampleOf(report(0.5, 1100, 0)))).toBe('poor');
  });

  it('the call is as good as its worst connection', () => {
    expect(worstQuality(['good', 'poor', 'fair'])).toBe('poor');
    expect(worstQuality(['good', 'unknown'])).toBe('good');
    expect(worstQuality([])).toBe('unknown');
  });
});
