import { describe, expect, it } from 'vitest';
import {
  type CarouselAction,
  type CarouselState,
  carouselReducer,
  initialCarouselState,
  isRotating,
  keyAction,
  SWIPE_MIN_PX,
  swipeAction,
  wrapIndex,
} from './carousel-state.ts';

const run = (state: CarouselState, ...actions: CarouselAction[]) =>
  actions.reduce(carouselReducer, state);

describe('wrapIndex', () => {
  it('wraps both ways and is 0 without slides', () => {
    expect([0, 1, 2, 3, 4, -1, -3, -4].map((i) => wrapIndex(i, 3))).toEqual([
      0, 1, 2, 0, 1, 2, 0, 2,
    ]);
    expect(wrapIndex(5, 0)).toBe(0);
    expect(wrapIndex(-1, 1)).toBe(0);
  });
});

describe('carouselReducer', () => {
  it('moves one slide at a time and wraps at both ends', () => {
    const three = initialCarouselState(3);
    expect(run(three, { type: 'next' }).index).toBe(1);
    expect(run(three, { type: 'next' }, { type: 'next' }, { type: 'next' }).index).toBe(0);
    expect(run(three, { type: 'previous' }).index).toBe(2);
    expect(run(three, { type: 'tick' }, { type: 'tick' }).index).toBe(2);
    expect(run(three, { type: 'last' }).index).toBe(2);
    expect(run(three, { type: 'last' }, { type: 'first' }).index).toBe(0);
    expect(run(three, { type: 'go', index: 4 }).index).toBe(1);
  });

  it('keeps the same object when nothing changes (no re-render)', () => {
    const one = initialCarouselState(1);
    expect(carouselReducer(one, { type: 'next' })).toBe(one);
    expect(carouselReducer(one, { type: 'hover', hovered: false })).toBe(one);
    expect(carouselReducer(one, { type: 'count', count: 1 })).toBe(one);
  });

  it('keeps the index within a shorter list', () => {
    const atLast = run(initialCarouselState(4), { type: 'last' });
    expect(run(atLast, { type: 'count', count: 2 })).toMatchObject({ index: 1, count: 2 });
    expect(run(atLast, { type: 'count', count: 0 })).toMatchObject({ index: 0, count: 0 });
    expect(run(atLast, { type: 'count', count: 6 })).toMatchObject({ index: 3, count: 6 });
  });
});

describe('isRotating', () => {
  const three = initialCarouselState(3);
  it('rotates only with several slides, motion allowed, not hovered, focused or stopped', () => {
    expect(isRotating(three, false)).toBe(true);
    expect(isRotating(three, true)).toBe(false);
    expect(isRotating(initialCarouselState(1), false)).toBe(false);
    expect(isRotating(run(three, { type: 'hover', hovered: true }), false)).toBe(false);
    expect(isRotating(run(three, { type: 'focus', focused: true }), false)).toBe(false);
    const stopped = run(three, { type: 'toggle-rotation' });
    expect(isRotating(stopped, false)).toBe(false);
    expect(isRotating(run(stopped, { type: 'toggle-rotation' }), false)).toBe(true);
    const resumed = run(three, { type: 'hover', hovered: true }, { type: 'hover', hovered: false });
    expect(isRotating(resumed, false)).toBe(true);
  });
});

describe('swipeAction', () => {
  it('is a swipe from the threshold on, leftwards to the next slide', () => {
    expect(swipeAction(-SWIPE_MIN_PX, 0)).toEqual({ type: 'next' });
    expect(swipeAction(SWIPE_MIN_PX, 0)).toEqual({ type: 'previous' });
    expect(swipeAction(-(SWIPE_MIN_PX - 1), 0)).toBeNull();
    expect(swipeAction(SWIPE_MIN_PX - 1, 0)).toBeNull();
    expect(swipeAction(-100, 5, 120)).toBeNull();
  });

  it('leaves mostly vertical drags to scrolling', () => {
    expect(swipeAction(-60, 80)).toBeNull();
    expect(swipeAction(60, -60)).toBeNull();
    expect(swipeAction(-61, 60)).toEqual({ type: 'next' });
  });
});

describe('keyAction', () => {
  it('maps arrows, Home and End; leaves other keys alone', () => {
    expect(keyAction('ArrowRight')).toEqual({ type: 'next' });
    expect(keyAction('ArrowLeft')).toEqual({ type: 'previous' });
    expect(keyAction('Home')).toEqual({ type: 'first' });
    expect(keyAction('End')).toEqual({ type: 'last' });
    expect(keyAction('Tab')).toBeNull();
    expect(keyAction('ArrowDown')).toBeNull();
  });
});
