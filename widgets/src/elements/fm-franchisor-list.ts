import r2wc from '@r2wc/react-to-web-component';
import { createElement } from 'react';
import { FranchisorList } from '../components/franchisor-list/franchisor-list.tsx';
import { parsePageSize } from './element-attributes.ts';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of `<fm-franchisor-list>` (kebab-case in HTML, camelCase here). */
export interface FmFranchisorListAttributes extends EmbedAttributes {
  /** `page-size`: results per page (DEFAULT_PAGE_SIZE; at most MAX_PAGE_SIZE). */
  pageSize?: number | undefined;
}

function FmFranchisorListElement({ pageSize, ...attributes }: FmFranchisorListAttributes) {
  const embed = useEmbedElement(attributes);
  const size = parsePageSize(pageSize);
  return embedFrame(
    embed,
    createElement(FranchisorList, {
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
 * `<fm-franchisor-list embed-key="pk_…" theme="light|dark|auto" page-size="12">`: Find
 * Franchisors with filters, cards and paging (favourites and the AI search for a signed-in
 * visitor), in an open shadow root. Emits `fm-select` (detail: the franchisor's user id) and
 * `fm-error` (detail: `{ message, code, status }`), both bubbling and composed.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/v1/loader.js"></script>
 * <fm-franchisor-list embed-key="pk_…"></fm-franchisor-list>
 */
export const FmFranchisorList: CustomElementConstructor = r2wc(FmFranchisorListElement, {
  shadow: 'open',
  props: { apiBase: 'string', embedKey: 'string', theme: 'string', pageSize: 'number' },
});
