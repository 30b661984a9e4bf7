import {
  PROMOTION_OPERATIONS,
  type PromotionList,
  PromotionListSchema,
} from './contracts/index.ts';
import type { Http, RequestOptions } from './http.ts';

/**
 * Promotions for the signed-in user (user-area §7 `GET users/promotions`): the ones running now
 * for their audience, shown by the dashboard carousel.
 *
 * @example
 * ```ts
 * const { promotions } = await api.promotions.list();
 * ```
 */
export interface PromotionsApi {
  /**
   * The promotions running now for the caller (franchisors: brand offers, consultants: consultant
   * offers), ending soonest first, as `{ promotions: [{ key, title, description }] }`. Fails with
   * `'Error fetching promotions: …'`.
   *
   * @example
   * ```ts
   * for (const p of (await api.promotions.list()).promotions) console.log(p.title);
   * ```
   */
  list(options?: RequestOptions): Promise<PromotionList>;
}

/**
 * `GET users/promotions`: the promotions the signed-in user may see.
 *
 * @example
 * ```ts
 * const { data } = await listPromotions(api.http);
 * ```
 */
export function listPromotions(http: Http, options?: RequestOptions): Promise<PromotionList> {
  return http.call(
    {
      operation: 'fetchPromotions',
      texts: PROMOTION_OPERATIONS,
      method: 'get',
      path: 'users/promotions',
      response: PromotionListSchema,
    },
    options,
  );
}

/**
 * Creates the promotion calls on a transport.
 *
 * @example
 * ```ts
 * const promotions = createPromotionsApi(createHttp({ baseUrl, tokenStore }));
 * ```
 */
export function createPromotionsApi(http: Http): PromotionsApi {
  return { list: (options) => listPromotions(http, options) };
}
