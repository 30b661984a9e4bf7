/**
 * What the Content-Security-Policy must allow for Stripe.js in Stripe mode (decision 016): the
 * script, its Elements and 3-D Secure frames, and its API calls — Stripe's documented list. In
 * ledger mode none of it is allowed: no page loads anything from Stripe.
 */
export const STRIPE_JS_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

/** The CSP sources to add for a payments provider (nothing for the built-in ledger). */
export function paymentsCsp(provider: 'ledger' | 'stripe') {
  if (provider !== 'stripe') return { scriptSrc: [], frameSrc: [], connectSrc: [] };
  return {
    scriptSrc: [...STRIPE_JS_CSP.scriptSrc],
    frameSrc: [...STRIPE_JS_CSP.frameSrc],
    connectSrc: [...STRIPE_JS_CSP.connectSrc],
  };
}
