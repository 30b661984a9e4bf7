import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { uniqueEmail } from './helpers.ts';

/**
 * Cards and payouts in Stripe mode (decision 016). Playwright cannot reach Stripe, so a
 * second API runs here with `PAYMENTS_PROVIDER=stripe`, the `stripe` package pointed at the
 * recorded fake of Stripe's API (`server/src/testing/stripe-fake-process.ts`), and the browser's
 * `https://js.stripe.com/**` is routed to a small fake of the Stripe.js surface the portal uses
 * (`Stripe(pk)`, `elements().create('card')`, `confirmCardSetup`). The ledger server Playwright
 * starts keeps its test-card form and loads nothing from Stripe.
 */

const root = resolve(import.meta.dirname, '../../..');
const stripePort = Number(process.env.E2E_PORT ?? 8799) + 1;
const stripeBase = `http://127.0.0.1:${stripePort}`;
const PASSWORD = 'Test-Pass-2025!';
const children: ChildProcess[] = [];
let dir = '';

/** What the fake Stripe.js recorded in the page. */
type StripeCall = [string, ...unknown[]];

const FAKE_STRIPE_JS = `
(() => {
  const calls = (window.__stripeCalls = []);
  function Stripe(key) {
    calls.push(['Stripe', key]);
    let input = null;
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements() {
        return {
          create(type) {
            calls.push(['create', type]);
            const handlers = {};
            return {
              mount(el) {
                input = document.createElement('input');
                input.setAttribute('aria-label', 'Card number (Stripe)');
                el.appendChild(input);
                input.addEventListener('input', () => handlers.change && handlers.change({ error: undefined, complete: input.value.length >= 16 }));
              },
              on(event, fn) { handlers[event] = fn; },
              clear() { if (input) input.value = ''; },
              destroy() { if (input) input.remove(); },
            };
          },
        };
      },
      async confirmCardSetup(clientSecret, data) {
        const number = ((input && input.value) || '').replace(/\\s/g, '');
        calls.push(['confirmCardSetup', clientSecret, data.payment_method.billing_details && data.payment_method.billing_details.name]);
        if (number === '4000000000000002') return { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
        if (number === '4000002760003184') calls.push(['3ds', 'authenticated']);
        return { setupIntent: { id: clientSecret.split('_secret')[0], status: 'succeeded', payment_method: number.startsWith('5555') ? 'pm_card_mastercard' : 'pm_card_visa' } };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'fm-e2e-stripe-'));
  const fake = start([join(root, 'server/src/testing/stripe-fake-process.ts')], {});
  const stripeApiUrl = await new Promise<string>((ready, fail) => {
    let out = '';
    fake.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) ready((JSON.parse(line) as { url: string }).url);
    });
    fake.once('exit', (code) => fail(new Error(`the Stripe fake stopped (${code}): ${out}`)));
  });
  start([join(root, 'server/src/main.ts')], {
    NODE_ENV: 'test',
    PORT: String(stripePort),
    HOST: '127.0.0.1',
    PUBLIC_URL: stripeBase,
    DATABASE_URL: `file:${join(dir, 'stripe.db')}`,
    UPLOADS_DIR: join(dir, 'uploads'),
    SEED: 'none',
    LOG_LEVEL: 'error',
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_SIGN_UP: '1000',
    PARTY_PORT: process.env.PARTY_PORT ?? '2999',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_API_URL: stripeApiUrl,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`${stripeBase}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the Stripe-mode API did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signUpAndIn(page: Page, base: string, role: 'franchisor' | 'consultant') {
  const email = uniqueEmail(`e2e-stripe-${role}`);
  const res = await page.request.post(`${base}/api/auth/sign-up/email`, {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Sam',
      lastName: 'Stripe',
      role,
      ageConfirmed: true,
    },
    headers: { Origin: base },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`${base}/sign-in`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

test('Stripe mode: a franchisor adds a card through Stripe Elements and a SetupIntent; the number never reaches our server', async ({
  page,
}) => {
  const toOurServer: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(stripeBase)) toOurServer.push(request.postData() ?? '');
  });
  let stripeJsLoads = 0;
  await page.route('https://js.stripe.com/**', async (route) => {
    stripeJsLoads += 1;
    await route.fulfill({ contentType: 'text/javascript', body: FAKE_STRIPE_JS });
  });
  await signUpAndIn(page, stripeBase, 'franchisor');
  await page.goto(`${stripeBase}/my-profile/payment-details`);
  const form = page.getByRole('form', { name: 'Add a card' });
  // Stripe's field, not ours: no card-number input of the test-card form.
  await expect(form.getByLabel('Card number (Stripe)')).toBeVisible();
  await expect(form.getByLabel('Card number', { exact: true })).toHaveCount(0);
  expect(stripeJsLoads).toBe(1);

  // A declined card: Stripe's message, nothing saved.
  await form.getByLabel('Cardholder name').fill('Sam Stripe');
  await form.getByLabel('Card number (Stripe)').fill('4000000000000002');
  await form.getByRole('button', { name: 'Add Card' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByTestId('saved-card')).toHaveCount(0);

  // A card that asks for 3-D Secure: confirmCardSetup authenticates it, then it is saved.
  await form.getByLabel('Card number (Stripe)').fill('4000002760003184');
  await form.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByTestId('saved-card')).toHaveCount(1);
  await expect(page.getByTestId('saved-card')).toContainText('•••• 4242');

  const calls = await page.evaluate(
    () => (window as unknown as { __stripeCalls: StripeCall[] }).__stripeCalls,
  );
  expect(calls[0]).toEqual(['Stripe', 'pk_test_e2e']);
  const confirms = calls.filter((c) => c[0] === 'confirmCardSetup');
  expect(confirms).toHaveLength(2);
  // Each confirmation used a SetupIntent our server created at the fake Stripe (a fresh one after a decline).
  expect(confirms.map((c) => c[1])).toEqual([
    expect.stringMatching(/^seti_fake\d+_secret_fake$/),
    expect.stringMatching(/^seti_fake\d+_secret_fake$/),
  ]);
  expect(confirms[0]?.[1]).not.toBe(confirms[1]?.[1]);
  expect(calls).toContainEqual(['3ds', 'authenticated']);
  expect(toOurServer.join('\n')).not.toMatch(/4000002760003184|4000000000000002/);
});

test('ledger mode keeps its test-card form and loads nothing from Stripe', async ({
  page,
  baseURL,
}) => {
  let stripeJsLoads = 0;
  await page.route('https://js.stripe.com/**', async (route) => {
    stripeJsLoads += 1;
    await route.abort();
  });
  await signUpAndIn(page, baseURL ?? '', 'franchisor');
  await page.goto('/my-profile/payment-details');
  const form = page.getByRole('form', { name: 'Add a card' });
  await expect(form.getByLabel('Card number', { exact: true })).toBeVisible();
  expect(stripeJsLoads).toBe(0);
});

test('a consultant connects a payout account from the payments page (simulated by the built-in provider)', async ({
  page,
  baseURL,
}) => {
  await signUpAndIn(page, baseURL ?? '', 'consultant');
  await page.goto('/payments');
  const panel = page.getByTestId('payout-account');
  await expect(panel).toHaveAttribute('data-status', 'none');
  await panel.getByRole('button', { name: 'Connect payout account' }).click();
  await expect(panel).toHaveAttribute('data-status', 'ready');
  await expect(panel).toContainText('Your payout account is connected.');
  await expect(page).toHaveURL(/\/payments$/);
});

test('Stripe mode: the consultant is sent to Stripe’s hosted onboarding', async ({ page }) => {
  await page.route('https://connect.stripe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Stripe onboarding</h1>' }),
  );
  await signUpAndIn(page, stripeBase, 'consultant');
  await page.goto(`${stripeBase}/payments`);
  const panel = page.getByTestId('payout-account');
  await panel.getByRole('button', { name: 'Connect payout account' }).click();
  await expect(page).toHaveURL(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_fake/);
  await page.goto(`${stripeBase}/payments?payouts=return`);
  await expect(page.getByTestId('payout-account')).toHaveAttribute('data-status', 'onboarding');
});
