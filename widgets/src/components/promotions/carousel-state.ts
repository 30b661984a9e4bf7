/**
 * The promotions carousel's state as plain data and pure transitions, so the rules (wrapping,
 * what pauses auto-advance, when a drag is a swipe) are tested without a browser.
 */

/** Auto-advance interval: long enough to read a 250-character description. */
export const AUTO_ADVANCE_MS = 7000;
/** A horizontal drag at least this long (CSS pixels) is a swipe. */
export const SWIPE_MIN_PX = 40;

export interface CarouselState {
  /** The slide shown, 0-based; always within `0..count-1` (0 when there are none). */
  index: number;
  count: number;
  /** The pointer is over the carousel. */
  hovered: boolean;
  /** Keyboard focus is inside the carousel. */
  focused: boolean;
  /** The user stopped the rotation with its button. */
  stopped: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'first' }
  | { type: 'last' }
  | { type: 'go'; index: number }
  | { type: 'count'; count: number }
  | { type: 'hover'; hovered: boolean }
  | { type: 'focus'; focused: boolean }
  | { type: 'toggle-rotation' }
  /** The auto-advance timer fired. */
  | { type: 'tick' };

/**
 * `index` brought into `0..count-1`, wrapping both ways (−1 is the last slide).
 *
 * @example
 * wrapIndex(3, 3); // 0
 * wrapIndex(-1, 3); // 2
 */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * The starting state for `count` slides.
 *
 * @example
 * const [state, dispatch] = useReducer(carouselReducer, 3, initialCarouselState);
 */
export function initialCarouselState(count: number): CarouselState {
  return { index: 0, count: Math.max(0, count), hovered: false, focused: false, stopped: false };
}

/**
 * Whether the carousel rotates on its own now: more than one slide, motion allowed, not stopped
 * by the user, and neither hovered nor focused (WCAG 2.2.2; APG carousel pattern).
 *
 * @example
 * isRotating(state, prefersReducedMotion);
 */
export function isRotating(state: CarouselState, reducedMotion: boolean): boolean {
  return !reducedMotion && state.count > 1 && !state.stopped && !state.hovered && !state.focused;
}

/** The carousel's transitions. */
export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  const go = (index: number) => {
    const next = wrapIndex(index, state.count);
    return next === state.index ? state : { ...state, index: next };
  };
  switch (action.type) {
    case 'next':
    case 'tick':
      return go(state.index + 1);
    case 'previous':
      return go(state.index - 1);
    case 'first':
      return go(0);
    case 'last':
      return go(state.count - 1);
    case 'go':
      return go(action.index);
    case 'count': {
      const count = Math.max(0, action.count);
      if (count === state.count) return state;
      // A shorter list keeps the nearest slide still there.
      return { ...state, count, index: count === 0 ? 0 : Math.min(state.index, count - 1) };
    }
    case 'hover':
      return state.hovered === action.hovered ? state : { ...state, hovered: action.hovered };
    case 'focus':
      return state.focused === action.focused ? state : { ...state, focused: action.focused };
    case 'toggle-rotation':
      return { ...state, stopped: !state.stopped };
  }
}

/**
 * What a drag from (0, 0) to (`dx`, `dy`) means: a swipe to the next slide (leftwards), to the
 * previous one (rightwards), or nothing — too short, or more vertical than horizontal (the page
 * is being scrolled).
 *
 * @example
 * swipeAction(-60, 5); // { type: 'next' }
 * swipeAction(20, 0); // null
 */
export function swipeAction(
  dx: number,
  dy: number,
  minDistance: number = SWIPE_MIN_PX,
): CarouselAction | null {
  if (Math.abs(dx) < minDistance || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? { type: 'next' } : { type: 'previous' };
}

/**
 * The transition a key pressed inside the carousel asks for: arrows move one slide, Home and End
 * go to the ends; anything else is left to the browser.
 *
 * @example
 * keyAction('ArrowRight'); // { type: 'next' }
 */
export function keyAction(key: string): CarouselAction | null {
  switch (key) {
    case 'ArrowRight':
      return { type: 'next' };
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'Home':
      return { type: 'first' };
    case 'End':
      return { type: 'last' };
    default:
      return null;
  }
}
