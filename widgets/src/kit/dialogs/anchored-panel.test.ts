import { describe, expect, it } from 'vitest';
import { placeUnder, VIEWPORT_MARGIN } from './anchored-panel.ts';

const desktop = { width: 1280, height: 800 };
const bell = (left: number, top = 10) => ({ top, bottom: top + 40, left, right: left + 40 });

describe('placeUnder', () => {
  it('hangs the panel from the right edge of a bell at the end of a bar', () => {
    expect(placeUnder(bell(1200), 360, desktop, 8)).toEqual({
      top: 58,
      left: 1240 - 360,
      maxHeight: 800 - 58 - VIEWPORT_MARGIN,
    });
  });

  it('moves the panel right, inside the viewport, for a bell at the start of a bar', () => {
    expect(placeUnder(bell(16), 360, desktop, 8).left).toBe(VIEWPORT_MARGIN);
    expect(placeUnder(bell(200), 360, desktop, 8).left).toBe(VIEWPORT_MARGIN);
  });

  it('never lets the panel pass the right edge of the viewport', () => {
    // A bell whose box reaches past the viewport (a brand's wide container).
    const place = placeUnder({ top: 0, bottom: 40, left: 1270, right: 1310 }, 360, desktop, 8);
    expect(place.left + 360).toBe(1280 - VIEWPORT_MARGIN);
  });

  it('fills a phone-wide viewport between the margins', () => {
    const phone = { width: 375, height: 700 };
    const width = phone.width - 2 * VIEWPORT_MARGIN;
    expect(placeUnder(bell(20), width, phone, 8).left).toBe(VIEWPORT_MARGIN);
    expect(placeUnder(bell(320), width, phone, 8).left).toBe(VIEWPORT_MARGIN);
  });

  it('leaves the room below the bell as the most the panel may grow', () => {
    expect(placeUnder(bell(600, 700), 360, desktop, 8).maxHeight).toBe(800 - 748 - 8);
    expect(placeUnder(bell(600, 790), 360, desktop, 8).maxHeight).toBe(0);
  });
});
