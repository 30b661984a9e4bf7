import { describe, expect, it } from 'vitest';
import { CROP_OUTPUT_MAX_PX, outputSize } from './crop-image.ts';

describe('outputSize', () => {
  it('keeps small crops as they are', () => {
    expect(outputSize({ x: 10, y: 10, width: 300, height: 300 })).toEqual({
      width: 300,
      height: 300,
    });
  });

  it('scales large crops down to the maximum', () => {
    expect(outputSize({ x: -50, y: 0, width: 4000, height: 4000 })).toEqual({
      width: CROP_OUTPUT_MAX_PX,
      height: CROP_OUTPUT_MAX_PX,
    });
  });

  it('never gives an empty canvas', () => {
    expect(outputSize({ x: 0, y: 0, width: 0.2, height: 0.2 })).toEqual({ width: 1, height: 1 });
  });
});
