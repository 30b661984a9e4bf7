import { PRODUCT_NAME, WEBHOOK_DISABLE_AFTER_DAYS } from '@fm/sdk/contracts';

/**
 * Every text webhook delivery writes: the reason stored on an endpoint the platform disabled and
 * the e-mail its owner receives (rule 21). One module, so wording changes in one place.
 */

/** The `user-agent` of every delivery: names the product, so receivers can tell it in their logs. */
export const WEBHOOK_USER_AGENT = `${PRODUCT_NAME.replace(/\s+/g, '')}-Webhooks/1`;

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Why the platform disabled an endpoint (its `disabled_reason`).
 * @example disabledReason(new Date('2026-11-20T10:00:00Z')) // 'Every delivery failed since 2026-11-20 …'
 */
export const disabledReason = (failingSince: Date) =>
  `Every delivery failed since ${day(failingSince)} (UTC), for more than ${WEBHOOK_DISABLE_AFTER_DAYS} days, so the platform disabled this endpoint. Fix the receiver, then enable it again.`;

/**
 * The e-mail to an endpoint's owner when the platform disabled it: which URL, failing since when,
 * and how to enable it again (the Developers page).
 * @example disabledEndpointMail({ url, failingSince, developersUrl }) // { subject, text }
 */
export function disabledEndpointMail(input: {
  url: string;
  failingSince: Date;
  developersUrl: string;
}): { subject: string; text: string } {
  return {
    subject: `${PRODUCT_NAME}: webhook endpoint disabled (${input.url})`,
    text: [
      `Your webhook endpoint ${input.url} has not accepted a delivery since ${day(input.failingSince)} (UTC).`,
      `After ${WEBHOOK_DISABLE_AFTER_DAYS} days of failures we disabled it: no events are sent to it until it is enabled again. Events that happen while it is disabled are not queued for it.`,
      `Fix the receiver (it must answer 2xx within 10 seconds), then enable the endpoint on the Developers page: ${input.developersUrl}`,
      'Its delivery log there shows each attempt with the answer your server gave.',
    ].join('\n\n'),
  };
}
