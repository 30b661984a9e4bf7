import r2wc from '@r2wc/react-to-web-component';
import { type ComponentType, createElement } from 'react';
import type { SearchListWidgetProps } from '../components/list-kit/use-search-list-container.ts';
import { parsePageSize } from './element-attributes.ts';
import { type EmbedAttributes, embedFrame, useEmbedElement } from './embed-element.ts';

/** Attributes of a search-list element (kebab-case in HTML, camelCase here). */
export interface FmListAttributes extends EmbedAttributes {
  /** `page-size`: results per page (DEFAULT_PAGE_SIZE; at most MAX_PAGE_SIZE). */
  pageSize?: number | undefined;
}

/**
 * A search list (`ConsultantList`, `FranchisorList`) as a custom element in an open shadow root:
 * the embed client, theme, sign-in popup and "Log Out" bar of every element, the page size from
 * `page-size`, `fm-select` (detail: the chosen card's id) and `fm-error`.
 *
 * @example
 * export const FmConsultantList: CustomElementConstructor = searchListElement(ConsultantList);
 */
export function searchListElement<F>(
  List: ComponentType<SearchListWidgetProps<F>>,
): CustomElementConstructor {
  function FmListElement({ pageSize, ...attributes }: FmListAttributes) {
    const embed = useEmbedElement(attributes);
    const size = parsePageSize(pageSize);
    return embedFrame(
      embed,
      createElement(List, {
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
  return r2wc(FmListElement, {
    shadow: 'open',
    props: { apiBase: 'string', embedKey: 'string', theme: 'string', pageSize: 'number' },
  });
}
