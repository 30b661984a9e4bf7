import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useOwnProfile } from '../../shared/own-profile.ts';
import type { Session } from '../../shared/session.ts';
import { type Box, placePopover } from './placement.ts';
import { type TourStep, tourSteps } from './tour-steps.ts';
import {
  closeTutorial,
  hasSeenTutorial,
  markTutorialSeen,
  startTutorial,
  useTutorialOpen,
} from './tutorial-store.ts';

function visibleTarget(step: TourStep): HTMLElement | null {
  for (const selector of step.targets) {
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) return element;
    }
  }
  return null;
}

const toBox = (rect: DOMRect): Box => ({
  top: rect.top,
  left: rect.left,
  width: rect.width,
  height: rect.height,
});

/**
 * The guided tour (Tutorial in the profile menu): a few steps pointing at the main navigation, the
 * bell and the profile menu, with Back, Next and Done; Escape or × closes it. It opens by itself
 * once for a new account (nothing of its profile done yet) in this browser, and can be replayed.
 * Render it once in the signed-in header.
 *
 * @example
 * ```tsx
 * <TutorialTour session={session} />
 * ```
 */
export function TutorialTour({ session }: { session: Session }) {
  const open = useTutorialOpen();
  const { profile } = useOwnProfile();
  const userId = session.user.id;

  useEffect(() => {
    if (!profile || profile.id !== userId) return;
    if (profile.profileCompleteness.length > 0 || hasSeenTutorial(userId)) return;
    // Shown once: remembered as soon as it opens, so a reload does not show it again.
    markTutorialSeen(userId);
    startTutorial();
  }, [profile, userId]);

  if (!open || session.role === 'admin') return null;
  return createPortal(
    <TourPopover
      steps={tourSteps(session.role)}
      onClose={() => {
        markTutorialSeen(userId);
        closeTutorial();
      }}
    />,
    document.body,
  );
}

function TourPopover({ steps, onClose }: { steps: readonly TourStep[]; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const [target, setTarget] = useState<Box | null>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const popover = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const step = steps[index];
  const last = index === steps.length - 1;

  // Focus moves into the tour and returns where it was when the tour closes.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const measure = useCallback(() => {
    if (!step || !popover.current) return;
    const element = visibleTarget(step);
    const box = element ? toBox(element.getBoundingClientRect()) : null;
    setTarget(box);
    const size = popover.current.getBoundingClientRect();
    const placed = placePopover(
      box,
      { width: size.width, height: size.height },
      { width: window.innerWidth, height: window.innerHeight },
    );
    setPosition({ top: placed.top, left: placed.left });
  }, [step]);

  useLayoutEffect(() => {
    measure();
    popover.current?.focus();
  }, [measure]);

  useEffect(() => {
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [measure, onClose]);

  if (!step) return null;
  return (
    <>
      {target ? (
        <div
          className="tour__highlight"
          aria-hidden="true"
          style={{
            top: target.top - 4,
            left: target.left - 4,
            width: target.width + 8,
            height: target.height + 8,
          }}
        />
      ) : null}
      <div
        ref={popover}
        className="tour"
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        data-testid="tutorial"
        style={
          position
            ? { top: position.top, left: position.left }
            : // Measured before it is placed: invisible but focusable.
              { top: 0, left: 0, opacity: 0 }
        }
      >
        <p className="tour__progress">
          Step {index + 1} of {steps.length}
        </p>
        <h2 className="tour__title" id={titleId}>
          {step.title}
        </h2>
        <p className="tour__body" id={bodyId}>
          {step.body}
        </p>
        <div className="tour__actions">
          <button type="button" className="button button--ghost tour__skip" onClick={onClose}>
            Skip tour
          </button>
          {index > 0 ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setIndex((i) => i - 1)}
            >
              Back
            </button>
          ) : null}
          {last ? (
            <button type="button" className="button button--primary" onClick={onClose}>
              Done
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setIndex((i) => i + 1)}
            >
              Next
            </button>
          )}
        </div>
        <button
          type="button"
          className="dialog__close"
          aria-label="Close tutorial"
          onClick={onClose}
        >
          ×
        </button>
      </div>
    </>
  );
}
