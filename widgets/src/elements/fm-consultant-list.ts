import { ConsultantList } from '../components/consultant-list/consultant-list.tsx';
import { type FmListAttributes, searchListElement } from './list-element.ts';

/** Attributes of `<fm-consultant-list>` (kebab-case in HTML, camelCase here). */
export type FmConsultantListAttributes = FmListAttributes;

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
export const FmConsultantList: CustomElementConstructor = searchListElement(ConsultantList);
