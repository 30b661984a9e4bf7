export {
  AUTO_ADVANCE_MS,
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
export { Promotions, type PromotionsProps } from './promotions.tsx';
export { PROMOTIONS_TEXT } from './promotions-text.ts';
export {
  type PromotionsState,
  PromotionsView,
  type PromotionsViewProps,
} from './promotions-view.tsx';
export { useReducedMotion } from './use-reduced-motion.ts';
