import r2wc from '@r2wc/react-to-web-component';
import { createElement } from 'react';
import { ConsultantList } from '../components/consultant-list/consultant-list.tsx';
import { parsePageSize } from './element-attributes.ts';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of `<fm-consultant-list>` (kebab-case in HTML, camelCase here). */
export interface FmConsultantListAttributes extends EmbedAttributes {
  /** `page-size`: results per page (DEFAULT_PAGE_SIZE; at most MAX_PAGE_SIZE). */
  pageSize?: number | undefined;
}

function FmConsultantListElement({ pageSize, ...attributes }: FmConsultantListAttributes) {
  const embed = useEmbedElement(attributes);
  const size = parsePageSize(pageSize);
  return embedFrame(
    embed,
    createElement(ConsultantList, {
      // A new page size or a new visitor is a new list (its filters start over).
      key: `${size} ${embed.userId ?? ''}`,
      client: embed.entry.client,
      theme: embed.theme,
      pageSize: size,
      signInUrl: embed.signInUrl,
      onSelect: (id: string) => embed.dispatch('fm-select', id),
      onError: embed.report,
    }),
    { account: true },
  );
}

/**
 * `<fm-consultant-list embed-key="pk_…" theme="light|dark|auto" page-size="12">`: Find
 * Consultants with filters, cards, paging (and favourites for a signed-in visitor), in an open
 * shadow root. With an embed key the list is public on the key's origins; without one the API
 * asks for a signed-in user. Emits `fm-select` (detail: the consultant's id) when a card is
 * chosen and `fm-error` (detail: `{ message, code, status }`), both bubbling and composed.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/v1/loader.js"></script>
 * <fm-consultant-list embed-key="pk_…" page-size="12"></fm-consultant-list>
 * <script>
 *   document.querySelector('fm-consultant-list')
 *     .addEventListener('fm-select', (e) => showProfile(e.detail));
 * </script>
 */
export const FmConsultantList: CustomElementConstructor = r2wc(FmConsultantListElement, {
  shadow: 'open',
  props: { apiBase: 'string', embedKey: 'string', theme: 'string', pageSize: 'number' },
});
