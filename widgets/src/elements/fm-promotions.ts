import type { Promotion } from '@fm/sdk/contracts';
import r2wc from '@r2wc/react-to-web-component';
import { createElement } from 'react';
import { Promotions } from '../components/promotions/promotions.tsx';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of `<fm-promotions>` (kebab-case in HTML, camelCase here). */
export interface FmPromotionsAttributes extends EmbedAttributes {
  /**
   * `reduced-motion`: present (any value but `false`) never rotates on its own; absent follows
   * the visitor's `prefers-reduced-motion`.
   */
  reducedMotion?: string | undefined;
}

function FmPromotionsElement({ reducedMotion, ...attributes }: FmPromotionsAttributes) {
  const embed = useEmbedElement(attributes);
  // Promotions are the signed-in user's: a visitor who is not signed in gets nothing, and no
  // refused request (nor `fm-error`) for it.
  if (!embed.userId) return embedFrame(embed, null);
  return embedFrame(
    embed,
    createElement(Promotions, {
      key: embed.userId ?? '',
      client: embed.entry.client,
      theme: embed.theme,
      // r2wc's boolean type reads a bare attribute as false, so presence is read here.
      reducedMotion: reducedMotion !== undefined && reducedMotion !== 'false' ? true : undefined,
      onLoaded: (promotions: readonly Promotion[]) => embed.dispatch('fm-loaded', promotions),
      onError: embed.report,
    }),
  );
}

/**
 * `<fm-promotions embed-key="pk_…" theme="light|dark|auto" reduced-motion>`: the promotions carousel in an
 * open shadow root — the promotions running now for the signed-in user, one card at a time, with
 * buttons, dots, arrow keys and swipe. It renders nothing when there are none or nobody is
 * signed in. Emits `fm-loaded` (detail: the promotions) and `fm-error`
 * (detail: `{ message, code, status }`), both bubbling and composed.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/v1/loader.js"></script>
 * <fm-promotions theme="dark"></fm-promotions>
 */
export const FmPromotions: CustomElementConstructor = r2wc(FmPromotionsElement, {
  shadow: 'open',
  props: { apiBase: 'string', embedKey: 'string', theme: 'string', reducedMotion: 'string' },
});
