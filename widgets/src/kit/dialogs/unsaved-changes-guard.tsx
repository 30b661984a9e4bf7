import { UI_TEXT } from '@fm/sdk/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import type { SubmitOutcome } from '../forms/use-valibot-form.ts';

export const UNSAVED_CHANGES_TEXT = {
  title: 'Unsaved changes',
  text: 'You have changes that are not saved yet. Save them before leaving?',
  stay: 'Stay on this page',
} as const;

/**
 * The part of a router's navigation blocker the guard needs; react-router's `useBlocker()` result
 * fits as it is, so the kit does not depend on a router.
 */
export interface NavigationBlocker {
  state: 'unblocked' | 'blocked' | 'proceeding';
  proceed?: (() => void) | undefined;
  reset?: (() => void) | undefined;
}

interface Location {
  pathname: string;
  search: string;
}

/**
 * The blocker predicate of a form guard: hold a navigation to another path or query while `when`.
 *
 * @example
 * ```ts
 * const blocker = useBlocker(leavingWith(form.isDirty));
 * ```
 */
export function leavingWith(when: boolean) {
  return ({
    currentLocation,
    nextLocation,
  }: {
    currentLocation: Location;
    nextLocation: Location;
  }) =>
    when &&
    (currentLocation.pathname !== nextLocation.pathname ||
      currentLocation.search !== nextLocation.search);
}

interface UnsavedChangesGuardProps {
  /** Whether the form has unsaved changes. */
  when: boolean;
  /** Validates and saves; the navigation continues only after `'saved'`. */
  onSave: () => Promise<SubmitOutcome>;
  /** The router's blocker, made with {@link leavingWith}. */
  blocker: NavigationBlocker;
}

/**
 * Asks before leaving a form with unsaved changes (user-area §5): Save and Leave, Leave Without
 * Saving, or stay. Navigation inside the app is held with the router's blocker; closing or
 * reloading the tab gets the browser's own prompt. When saving fails validation the user stays and
 * the form shows 'Validation failed please check the form again'.
 *
 * @example
 * ```tsx
 * const blocker = useBlocker(leavingWith(form.isDirty));
 * <UnsavedChangesGuard when={form.isDirty} onSave={form.submit} blocker={blocker} />
 * ```
 */
export function UnsavedChangesGuard({ when, onSave, blocker }: UnsavedChangesGuardProps) {
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const open = blocker.state === 'blocked';

  const saveAndLeave = async () => {
    setSaving(true);
    try {
      const outcome = await onSave();
      if (outcome === 'saved') blocker.proceed?.();
      else blocker.reset?.();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !saving) blocker.reset?.();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--small" role="alertdialog">
          <Dialog.Title className="dialog__title">{UNSAVED_CHANGES_TEXT.title}</Dialog.Title>
          <Dialog.Description className="dialog__text">
            {UNSAVED_CHANGES_TEXT.text}
          </Dialog.Description>
          <div className="dialog__actions dialog__actions--stacked">
            <button
              type="button"
              className="button button--primary"
              onClick={() => void saveAndLeave()}
              disabled={saving}
              aria-busy={saving}
            >
              {saving ? <span className="spinner" aria-hidden="true" /> : null}
              {UI_TEXT.saveAndLeave}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => blocker.proceed?.()}
              disabled={saving}
            >
              {UI_TEXT.leaveWithoutSaving}
            </button>
            <Dialog.Close asChild>
              <button type="button" className="button button--ghost" disabled={saving}>
                {UNSAVED_CHANGES_TEXT.stay}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
