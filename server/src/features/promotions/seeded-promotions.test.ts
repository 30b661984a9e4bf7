import { PROMOTION_AUDIENCE_OF_ROLE } from '@fm/sdk/contracts';
import { describe, expect, it } from 'vitest';
import { buildDemoData } from '../../seed/demo-data.ts';

describe('the demo seed’s promotions', () => {
  it('has some running at the seed’s clock for each audience, and some that are not', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const data = buildDemoData({ now, passwordHash: 'not-a-real-hash' });
    const running = data.promotion.filter(
      (p) => p.status === 'active' && p.startDate <= now && now < p.endDate,
    );
    for (const audience of Object.values(PROMOTION_AUDIENCE_OF_ROLE)) {
      expect(
        running.filter((p) => p.affected === audience).length,
        `${audience}`,
      ).toBeGreaterThanOrEqual(2);
    }
    expect(running.length).toBeLessThan(data.promotion.length);
  });
});
