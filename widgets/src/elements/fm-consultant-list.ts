import r2wc from '@r2wc/react-to-web-component';
import { createElement, useMemo } from 'react';
import { ConsultantList } from '../components/consultant-list/consultant-list.tsx';
import { parseTheme } from '../theme.ts';
import type { WidgetError } from '../widget-error.ts';
import { parsePageSize, signInUrlFor } from './element-attributes.ts';
import { elementClient } from './element-client.ts';
import { useFmEvents } from './host-events.ts';

/** Attributes of `<fm-consultant-list>` (kebab-case in HTML, camelCase here). */
export interface FmConsultantListAttributes {
  /** `api-base`: the API's base URL; defaults to the bundle's origin + `/api`. */
  apiBase?: string | undefined;
  /** `theme`: `light` (default) or `dark`. */
  theme?: string | undefined;
  /** `page-size`: results per page (DEFAULT_PAGE_SIZE; at most MAX_PAGE_SIZE). */
  pageSize?: number | undefined;
}

function FmConsultantListElement({ apiBase, theme, pageSize }: FmConsultantListAttributes) {
  const { ref, dispatch } = useFmEvents<HTMLDivElement>();
  const client = useMemo(() => elementClient(apiBase), [apiBase]);
  const signInUrl = useMemo(() => signInUrlFor(apiBase), [apiBase]);
  const size = parsePageSize(pageSize);

  return createElement(
    'div',
    { ref, style: { display: 'contents' } },
    createElement(ConsultantList, {
      // A new page size is a new list (its filters start over).
      key: size,
      client,
      theme: parseTheme(theme),
      pageSize: size,
      signInUrl,
      onSelect: (id: string) => dispatch<string>('fm-select', id),
      onError: (error: WidgetError) => dispatch<WidgetError>('fm-error', error),
    }),
  );
}

/**
 * `<fm-consultant-list api-base="…" theme="light|dark" page-size="12">`: Find Consultants with
 * filters, cards, paging and favourites, in an open shadow root. The filters live inside the
 * element. Emits `fm-select` (detail: the consultant's id) when a card is chosen and `fm-error`
 * (detail: `{ message, code, status }`), both bubbling and composed. A signed-out visitor (the API
 * answers 401) sees "Sign in to browse consultants" with a link to the portal's sign-in page.
 *
 * @example
 * <script type="module" src="https://fm.example/widgets/fm-widgets.js"></script>
 * <fm-consultant-list page-size="12"></fm-consultant-list>
 * <script>
 *   document.querySelector('fm-consultant-list')
 *     .addEventListener('fm-select', (e) => location.assign(`https://fm.example/consultants/${e.detail}`));
 * </script>
 */
export const FmConsultantList: CustomElementConstructor = r2wc(FmConsultantListElement, {
  shadow: 'open',
  props: { apiBase: 'string', theme: 'string', pageSize: 'number' },
});
