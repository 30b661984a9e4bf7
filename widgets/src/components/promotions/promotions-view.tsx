import type { Promotion } from '@fm/sdk/contracts';
import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useReducer,
  useRef,
} from 'react';
import type { WidgetTheme } from '../../theme.ts';
import baseStyles from '../theme/widget-base.css?inline';
import {
  AUTO_ADVANCE_MS,
  carouselReducer,
  initialCarouselState,
  isRotating,
  keyAction,
  swipeAction,
} from './carousel-state.ts';
import styles from './promotions.css?inline';
import { PROMOTIONS_TEXT } from './promotions-text.ts';
import { useReducedMotion } from './use-reduced-motion.ts';

/** What the carousel shows: still loading, a failure's message, or the promotions. */
export type PromotionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; promotions: readonly Promotion[] };

export interface PromotionsViewProps {
  state: PromotionsState;
  /** Colour scheme; `light` by default. */
  theme?: WidgetTheme | undefined;
  /** Overrides the system's `prefers-reduced-motion` (stories, tests); followed when absent. */
  reducedMotion?: boolean | undefined;
  /** Milliseconds between automatic moves; {@link AUTO_ADVANCE_MS} by default. */
  autoAdvanceMs?: number | undefined;
  /** The cards' title level: 3 under a page's section heading (default), 2 at the top of a page. */
  headingLevel?: 2 | 3 | undefined;
}

/**
 * The promotions carousel (user-area §2), a pure view of its state: one card (title and
 * description) at a time with previous/next buttons and dots. Arrow keys, Home and End move it
 * while focus is inside; a horizontal swipe moves it on touch screens. It rotates on its own only
 * when the user allows motion, and pauses while hovered or focused or when stopped with its
 * button. With no promotions it renders nothing.
 *
 * @example
 * <PromotionsView state={{ status: 'ready', promotions }} theme="dark" />
 */
export function PromotionsView({ state, theme = 'light', ...options }: PromotionsViewProps) {
  if (state.status === 'ready' && state.promotions.length === 0) return null;
  if (state.status === 'loading') {
    return (
      <div
        className="fm-widget fm-promotions"
        data-theme={theme}
        data-status="loading"
        aria-busy="true"
      >
        <style>{baseStyles + styles}</style>
        <p className="fm-promotions__status" role="status">
          {PROMOTIONS_TEXT.loading}
        </p>
        <div className="fm-promotions__card fm-promotions__card--skeleton" aria-hidden="true">
          <span className="fm-promotions__skeleton fm-promotions__skeleton--title" />
          <span className="fm-promotions__skeleton" />
          <span className="fm-promotions__skeleton fm-promotions__skeleton--short" />
        </div>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="fm-widget fm-promotions" data-theme={theme} data-status="error">
        <style>{baseStyles + styles}</style>
        <p className="fm-promotions__error" role="alert">
          {state.message}
        </p>
      </div>
    );
  }
  return <Carousel promotions={state.promotions} theme={theme} {...options} />;
}

function Carousel({
  promotions,
  theme,
  reducedMotion,
  autoAdvanceMs = AUTO_ADVANCE_MS,
  headingLevel = 3,
}: Omit<PromotionsViewProps, 'state' | 'theme'> & {
  promotions: readonly Promotion[];
  theme: WidgetTheme;
}) {
  const systemReduced = useReducedMotion();
  const reduced = reducedMotion ?? systemReduced;
  const [state, dispatch] = useReducer(carouselReducer, promotions.length, initialCarouselState);
  const slidesId = useId();
  const swipeStart = useRef<{ id: number; x: number; y: number } | null>(null);
  const count = promotions.length;
  const rotating = isRotating(state, reduced);
  const Title = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => dispatch({ type: 'count', count }), [count]);

  // Restarts the countdown after every move, so a manual move gets a full interval too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state.index` restarts the timer.
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), autoAdvanceMs);
    return () => clearInterval(timer);
  }, [rotating, autoAdvanceMs, state.index]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = count > 1 ? keyAction(event.key) : null;
    if (!action) return;
    event.preventDefault();
    dispatch(action);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      dispatch({ type: 'focus', focused: false });
    }
  };
  // Touch and pen only: a mouse drag selects text as usual.
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    swipeStart.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start || start.id !== event.pointerId || count < 2) return;
    const action = swipeAction(event.clientX - start.x, event.clientY - start.y);
    if (action) dispatch(action);
  };

  return (
    <section
      className="fm-widget fm-promotions"
      data-theme={theme}
      data-status="ready"
      data-motion={reduced ? 'reduced' : 'full'}
      aria-roledescription="carousel"
      aria-label={PROMOTIONS_TEXT.label}
      onKeyDown={onKeyDown}
      onFocus={() => dispatch({ type: 'focus', focused: true })}
      onBlur={onBlur}
      onMouseEnter={() => dispatch({ type: 'hover', hovered: true })}
      onMouseLeave={() => dispatch({ type: 'hover', hovered: false })}
    >
      <style>{baseStyles + styles}</style>
      <div
        className="fm-promotions__viewport"
        // Focusable so that arrow keys work without first tabbing to a button.
        tabIndex={count > 1 ? 0 : undefined}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div
          className="fm-promotions__track"
          id={slidesId}
          aria-live={rotating ? 'off' : 'polite'}
          style={{ transform: `translateX(${-100 * state.index}%)` }}
        >
          {promotions.map((promotion, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel names each slide a group; a fieldset is for form controls.
            <div
              key={promotion.key}
              className="fm-promotions__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={PROMOTIONS_TEXT.slide(i + 1, count)}
              data-current={i === state.index}
              inert={i !== state.index}
            >
              <article className="fm-promotions__card">
                <Title className="fm-promotions__title">{promotion.title}</Title>
                {promotion.description ? (
                  <p className="fm-promotions__description">{promotion.description}</p>
                ) : null}
              </article>
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="fm-promotions__nav">
          {reduced ? null : (
            <button
              type="button"
              className="fm-promotions__button fm-promotions__rotation"
              aria-label={state.stopped ? PROMOTIONS_TEXT.start : PROMOTIONS_TEXT.stop}
              onClick={() => dispatch({ type: 'toggle-rotation' })}
            >
              {state.stopped ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
          <button
            type="button"
            className="fm-promotions__button"
            aria-label={PROMOTIONS_TEXT.previous}
            aria-controls={slidesId}
            onClick={() => dispatch({ type: 'previous' })}
          >
            <ChevronIcon direction="left" />
          </button>
          <div className="fm-promotions__dots">
            {promotions.map((promotion, i) => (
              <button
                key={promotion.key}
                type="button"
                className="fm-promotions__dot"
                aria-label={PROMOTIONS_TEXT.show(i + 1, count)}
                aria-controls={slidesId}
                aria-current={i === state.index ? 'true' : undefined}
                onClick={() => dispatch({ type: 'go', index: i })}
              />
            ))}
          </div>
          <button
            type="button"
            className="fm-promotions__button"
            aria-label={PROMOTIONS_TEXT.next}
            aria-controls={slidesId}
            onClick={() => dispatch({ type: 'next' })}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </section>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </svg>
  );
}
