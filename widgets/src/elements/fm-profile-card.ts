import type { PublicProfile } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import { createElement, useEffect, useMemo } from 'react';
import { ProfileCard } from '../components/profile-card/profile-card.tsx';
import { ProfileCardView } from '../components/profile-card/profile-card-view.tsx';
import { parseTheme } from '../theme.ts';
import type { WidgetError } from '../widget-error.ts';
import { elementClient } from './element-client.ts';
import { useFmEvents } from './host-events.ts';

/** Attributes of `<fm-profile-card>` (kebab-case in HTML, camelCase here). */
export interface FmProfileCardAttributes {
  /** `user-id`: the user (consultant or franchisor) whose public profile is shown. */
  userId?: string | undefined;
  /** `consultant-id`: the same, by its first name (kept working); `user-id` wins when both are set. */
  consultantId?: string | undefined;
  /** `api-base`: the API's base URL; defaults to the bundle's origin + `/api`. */
  apiBase?: string | undefined;
  /** `theme`: `light` (default) or `dark`. */
  theme?: string | undefined;
}

const MISSING_ID: WidgetError = {
  message: 'The user-id (or consultant-id) attribute is required',
  code: 'VALIDATION_FAILED',
  status: 0,
};

function FmProfileCardElement({ userId, consultantId, apiBase, theme }: FmProfileCardAttributes) {
  const { ref, dispatch } = useFmEvents<HTMLDivElement>();
  const client = useMemo(() => elementClient(apiBase), [apiBase]);
  const id = userId?.trim() || consultantId?.trim() || '';

  useEffect(() => {
    if (!id) dispatch<WidgetError>('fm-error', MISSING_ID);
  }, [id, dispatch]);

  return createElement(
    'div',
    { ref, style: { display: 'contents' } },
    id
      ? createElement(ProfileCard, {
          profileId: id,
          // Named by `consultant-id` alone, it is a consultant's: errors say so (user-area §8).
          expectedRole: userId?.trim() ? undefined : ('consultant' as const),
          client,
          theme: parseTheme(theme),
          onLoaded: (profile: PublicProfile) => dispatch<PublicProfile>('fm-loaded', profile),
          onError: (error: WidgetError) => dispatch<WidgetError>('fm-error', error),
        })
      : createElement(ProfileCardView, {
          state: { status: 'error', message: MISSING_ID.message },
          theme: parseTheme(theme),
        }),
  );
}

/**
 * `<fm-profile-card user-id="…" api-base="…" theme="light|dark">`: a public profile card (a
 * consultant, or a franchisor with their franchise) in an open shadow root. `consultant-id` is
 * accepted as well. Emits `fm-loaded` (detail: the profile) and `fm-error`
 * (detail: `{ message, code, status }`), both bubbling and composed.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/fm-widgets.js"></script>
 * <fm-profile-card user-id="abc123" theme="dark"></fm-profile-card>
 */
export const FmProfileCard: CustomElementConstructor = r2wc(FmProfileCardElement, {
  shadow: 'open',
  props: { userId: 'string', consultantId: 'string', apiBase: 'string', theme: 'string' },
});
