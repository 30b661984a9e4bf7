import { FranchisorList } from '../components/franchisor-list/franchisor-list.tsx';
import { type FmListAttributes, searchListElement } from './list-element.ts';

/** Attributes of `<fm-franchisor-list>` (kebab-case in HTML, camelCase here). */
export type FmFranchisorListAttributes = FmListAttributes;

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
export const FmFranchisorList: CustomElementConstructor = searchListElement(FranchisorList);
