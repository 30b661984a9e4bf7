import { describe, expect, it } from 'vitest';
import { placePopover } from './placement.ts';
import { tourSteps } from './tour-steps.ts';

const viewport = { width: 1280, height: 800 };
const popover = { width: 300, height: 150 };

describe('placePopover', () => {
  it('goes under its target, centred and kept on screen', () => {
    expect(placePopover({ top: 10, left: 600, width: 80, height: 40 }, popover, viewport)).toEqual({
      top: 62,
      left: 490,
      side: 'below',
    });
    expect(
      placePopover({ top: 10, left: 1250, width: 20, height: 40 }, popover, viewport).left,
    ).toBe(1280 - 300 - 8);
    expect(placePopover({ top: 10, left: 0, width: 20, height: 40 }, popover, viewport).left).toBe(
      8,
    );
  });

  it('goes above a target near the bottom', () => {
    expect(placePopover({ top: 700, left: 600, width: 80, height: 40 }, popover, viewport)).toEqual(
      {
        top: 538,
        left: 490,
        side: 'above',
      },
    );
  });

  it('is centred without a target', () => {
    expect(placePopover(null, popover, { width: 375, height: 812 })).toEqual({
      top: 331,
      left: 37.5,
      side: 'center',
    });
  });
});

describe('tourSteps', () => {
  it('is a short tour of 4 to 6 steps ending on the profile menu', () => {
    for (const role of ['franchisor', 'consultant'] as const) {
      const steps = tourSteps(role);
      expect(steps.length).toBeGreaterThanOrEqual(4);
      expect(steps.length).toBeLessThanOrEqual(6);
      expect(steps.at(-1)?.targets).toContain('[data-tour="profile-menu"]');
    }
    expect(tourSteps('franchisor')[0]?.title).toBe('Find Consultants');
    expect(tourSteps('consultant')[0]?.title).toBe('Find Franchisors');
  });
});
