/**
 * The recorded Stripe fake in a process of its own, for end-to-end tests of Stripe mode: prints
 * `{"url":"http://127.0.0.1:…"}` once listening and serves until killed. Test-only.
 */
import { startStripeApi } from '../payments/stripe-fake-api.ts';

const api = await startStripeApi();
process.stdout.write(`${JSON.stringify({ url: api.url })}\n`);
