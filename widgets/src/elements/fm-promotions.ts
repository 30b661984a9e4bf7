import type { Promotion } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import { createElement, useMemo } from 'react';
import { Promotions } from '../components/promotions/promotions.tsx';
import { parseTheme } from '../theme.ts';
import type { WidgetError } from '../widget-error.ts';
import { elementClient } from './element-client.ts';
import { useFmEvents } from './host-events.ts';

/** Attributes of `<fm-promotions>` (kebab-case in HTML, camelCase here). */
export interface FmPromotionsAttributes {
  /** `api-base`: the API's base URL; defaults to the bundle's origin + `/api`. */
  apiBase?: string | undefined;
  /** `theme`: `light` (default) or `dark`. */
  theme?: string | undefined;
  /**
   * `reduced-motion`: present (any value but `false`) never rotates on its own; absent follows
   * the visitor's `prefers-reduced-motion`.
   */
  reducedMotion?: string | undefined;
}

function FmPromotionsElement({ apiBase, theme, reducedMotion }: FmPromotionsAttributes) {
  const { ref, dispatch } = useFmEvents<HTMLDivElement>();
  const client = useMemo(() => elementClient(apiBase), [apiBase]);
  return createElement(
    'div',
    { ref, style: { display: 'contents' } },
    createElement(Promotions, {
      client,
      theme: parseTheme(theme),
      // r2wc's boolean type reads a bare attribute as false, so presence is read here.
      reducedMotion: reducedMotion !== undefined && reducedMotion !== 'false' ? true : undefined,
      onLoaded: (promotions: readonly Promotion[]) =>
        dispatch<readonly Promotion[]>('fm-loaded', promotions),
      onError: (error: WidgetError) => dispatch<WidgetError>('fm-error', error),
    }),
  );
}

/**
 * `<fm-promotions api-base="…" theme="light|dark" reduced-motion>`: the promotions carousel in an
 * open shadow root — the promotions running now for the signed-in user, one card at a time, with
 * buttons, dots, arrow keys and swipe. It renders nothing when there are none or nobody is
 * signed in. Emits `fm-loaded` (detail: the promotions) and `fm-error`
 * (detail: `{ message, code, status }`), both bubbling and composed.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/fm-widgets.js"></script>
 * <fm-promotions theme="dark"></fm-promotions>
 */
export const FmPromotions: CustomElementConstructor = r2wc(FmPromotionsElement, {
  shadow: 'open',
  props: { apiBase: 'string', theme: 'string', reducedMotion: 'string' },
});
