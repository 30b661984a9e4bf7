import type { PublicProfile } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import { createElement, useEffect } from 'react';
import { ProfileCard } from '../components/profile-card/profile-card.tsx';
import { ProfileCardView } from '../components/profile-card/profile-card-view.tsx';
import type { WidgetError } from '../widget-error.ts';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of `<fm-profile-card>` (kebab-case in HTML, camelCase here). */
export interface FmProfileCardAttributes extends EmbedAttributes {
  /** `user-id`: the user (consultant or franchisor) whose public profile is shown. */
  userId?: string | undefined;
  /** `consultant-id`: the same, by its first name (kept working); `user-id` wins when both are set. */
  consultantId?: string | undefined;
}

const MISSING_ID: WidgetError = {
  message: 'The user-id (or consultant-id) attribute is required',
  code: 'VALIDATION_FAILED',
  status: 0,
};

function FmProfileCardElement({ userId, consultantId, ...attributes }: FmProfileCardAttributes) {
  const embed = useEmbedElement(attributes);
  const { dispatch } = embed;
  const id = userId?.trim() || consultantId?.trim() || '';

  useEffect(() => {
    if (!id) dispatch('fm-error', MISSING_ID);
  }, [id, dispatch]);

  return embedFrame(
    embed,
    id
      ? createElement(ProfileCard, {
          // A new profile starts over (no previous profile shows while the next loads).
          key: id,
          profileId: id,
          // Named by `consultant-id` alone, it is a consultant's: errors say so (user-area §8).
          expectedRole: userId?.trim() ? undefined : ('consultant' as const),
          client: embed.entry.client,
          theme: embed.theme,
          onLoaded: (profile: PublicProfile) => dispatch('fm-loaded', profile),
          onError: embed.report,
        })
      : createElement(ProfileCardView, {
          state: { status: 'error', message: MISSING_ID.message },
          theme: embed.theme,
        }),
  );
}

/**
 * `<fm-profile-card user-id="…" embed-key="pk_…" theme="light|dark|auto">`: a public profile
 * card (a consultant, or a franchisor with their franchise) in an open shadow root.
 * `consultant-id` is accepted as well. Emits `fm-loaded` (detail: the profile) and `fm-error`
 * (detail: `{ message, code, status }`), both bubbling and composed.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/v1/loader.js"></script>
 * <fm-profile-card user-id="abc123" embed-key="pk_…" theme="dark"></fm-profile-card>
 */
export const FmProfileCard: CustomElementConstructor = r2wc(FmProfileCardElement, {
  shadow: 'open',
  props: {
    userId: 'string',
    consultantId: 'string',
    apiBase: 'string',
    embedKey: 'string',
    theme: 'string',
  },
});
