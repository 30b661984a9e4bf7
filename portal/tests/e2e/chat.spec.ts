import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { UNREAD_POLL_MS } from '@fm/sdk/contracts';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { apiSignIn, apiSignUp, DEMO, demoChat, signIn } from './helpers.ts';

/**
 * Conversations end to end (user-area §2, §7; rules 11–13): the seeded chats are listed and
 * readable; Message on a consultant's profile opens the chat; a franchisor and a consultant in two
 * browsers chat live (message, read tick and Messages badge change on the other side without a
 * reload, and without the chat being refetched); attachments upload with progress and open;
 * markup in a message stays text; the layout rules on a phone.
 */

/**
 * Live means well inside one polling interval: anything that only polling could bring would
 * arrive later than this (and the chat itself is also checked not to have been refetched).
 */
const LIVE_WITHIN_MS = Math.min(4_000, UNREAD_POLL_MS / 2);

/** One person's own browser, signed in. */
type Side = { context: BrowserContext; page: Page };

async function signedInContext(
  browser: Browser,
  baseURL: string,
  email: string,
  home: RegExp,
  viewport = { width: 1280, height: 800 },
): Promise<Side> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await signIn(page, email, home);
  return { context, page };
}

/**
 * The demo chat (opened over the API, its id passed to `body`) and its two people, each signed in
 * in a browser of their own: `a` the franchisor, `b` the consultant; both browsers are closed once
 * `body` has run, whether it passed or not.
 */
async function bothSides(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string,
  body: (chatId: string, a: Side, b: Side) => Promise<void>,
): Promise<void> {
  const { chatId } = await demoChat(request, baseURL);
  const a = await signedInContext(browser, baseURL, DEMO.franchisor, /\/consultants$/);
  const b = await signedInContext(browser, baseURL, DEMO.consultant, /\/franchisors$/);
  try {
    await body(chatId, a, b);
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

/** GETs of chats (list or one chat) a page makes from now on. */
function chatFetches(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      request.method() === 'GET' &&
      /^\/api\/chats(\/(?!messages\/unread-count)[^/]+)?$/.test(url.pathname)
    ) {
      count += 1;
    }
  });
  return { count: () => count };
}

const messagesLink = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^Messages( \d+\+? unread)?$/ });

/** The count on the header's Messages badge (0 while hidden). */
async function unreadBadge(page: Page): Promise<number> {
  const badge = page.getByRole('banner').getByTestId('unread-badge');
  if (await badge.isHidden()) return 0;
  return Number(/\d+/.exec((await badge.textContent()) ?? '')?.[0] ?? 0);
}

const conversationLog = (page: Page) => page.getByRole('log');
const composer = (page: Page) => page.getByRole('form', { name: 'Message' });

/** The demo franchisor signed in on `page` with the demo chat open: its composer, once ready. */
async function franchisorComposer(page: Page, request: APIRequestContext, baseURL: string) {
  const { chatId } = await demoChat(request, baseURL);
  await signIn(page, DEMO.franchisor, /\/consultants$/);
  await page.goto(`/chats/${chatId}`);
  const form = composer(page);
  await expect(form.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  return form;
}

async function send(page: Page, text: string) {
  await composer(page).getByRole('textbox', { name: 'Message' }).fill(text);
  await composer(page).getByRole('textbox', { name: 'Message' }).press('Enter');
}

/** A real PNG of random noise (incompressible): `width`×`height` RGB. */
function noisePng(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const stride = width * 3 + 1;
  const rows = randomBytes(stride * height);
  // Each row starts with its filter type: none.
  for (let row = 0; row < height; row += 1) rows[row * stride] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('chat', () => {
  test('the seeded chats are listed and readable', async ({ page }) => {
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await messagesLink(page).click();
    await expect(page).toHaveURL(/\/chats$/);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const rows = list.getByRole('link');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(1);
    // Rows say who, what and when; at least one of the seeded chats is unread.
    await expect(list.getByRole('link', { name: /\d+ unread/ }).first()).toBeVisible();

    // The search narrows the loaded chats by name.
    const firstName = (
      (await rows.first().locator('.fm-chat-row__name').textContent()) ?? ''
    ).trim();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(firstName);
    await expect(rows.first()).toContainText(firstName);
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('zz-nobody-zz');
    await expect(page.getByText('No conversation with “zz-nobody-zz”.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name' }).fill('');

    // Opening one shows its messages under day separators, with the other side in the header.
    const unreadRow = list.getByRole('link', { name: /\d+ unread/ }).first();
    const name = ((await unreadRow.locator('.fm-chat-row__name').textContent()) ?? '').trim();
    await unreadRow.click();
    await expect(page).toHaveURL(/\/chats\/[^/]+$/);
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    const log = conversationLog(page);
    await expect(log.getByTestId('chat-message').first()).toBeVisible();
    await expect(log.locator('.fm-conversation__separator').first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(`^View profile ${name}$`) }),
    ).toBeVisible();
    // Read now: its unread mark goes.
    await expect(list.getByRole('link', { name: new RegExp(`^${name} ?,`) })).not.toHaveAttribute(
      'data-unread',
      'true',
    );
  });

  test("Message on a consultant's profile opens the chat with them", async ({
    page,
    request,
    baseURL,
  }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    await signIn(page, DEMO.franchisor, /\/consultants$/);
    await page.goto(`/consultants/${consultant.id}`);
    const profile = await request.get(`/api/users/profile/${consultant.id}`);
    const { firstName, lastName } = (await profile.json()) as {
      firstName: string;
      lastName: string;
    };
    const name = `${firstName} ${lastName}`;
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    await expect(page).toHaveURL(/\/chats\/[^/]+$/);
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(composer(page).getByRole('textbox', { name: 'Message' })).toBeEnabled();
  });

  test('a guest pressing Message is sent to sign in', async ({ page, request, baseURL }) => {
    const consultant = await apiSignIn(request, baseURL ?? '', DEMO.consultant);
    await page.goto(`/consultants/${consultant.id}`);
    await page.getByRole('link', { name: 'Message', exact: true }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a franchisor without a subscription gets Action Not Available from Message (rule 11)', async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const consultant = await apiSignIn(request, origin, DEMO.consultant);
    const email = await apiSignUp(request, origin, {
      prefix: 'e2e-chat-nosub',
      firstName: 'Nora',
      lastName: 'Nosub',
      role: 'franchisor',
    });
    await signIn(page, email, /\/consultants$/);
    await page.goto(`/consultants/${consultant.id}`);
    await page.getByRole('button', { name: 'Message', exact: true }).click();
    const restricted = page.getByRole('dialog', { name: 'Action Not Available' });
    await expect(restricted).toBeVisible();
    await expect(restricted).toContainText(
      'Activate your subscription to unlock messaging and bookings',
    );
    await expect(page).toHaveURL(new RegExp(`/consultants/${consultant.id}$`));
    await restricted.getByRole('link', { name: 'Activate Your Subscription' }).click();
    await expect(page).toHaveURL(/\/my-profile\/subscription$/);
  });

  test('two people chat live: the message, the read tick and the badge change without a reload', async ({
    browser,
    request,
    baseURL,
  }) => {
    await bothSides(browser, request, baseURL ?? '', async (chatId, a, b) => {
      // The consultant reads the chat once so that it starts with nothing unread, then leaves it.
      await b.page.goto(`/chats/${chatId}`);
      await expect(conversationLog(b.page).getByTestId('chat-message').first()).toBeVisible();
      await b.page.getByRole('navigation', { name: 'Conversations' }).waitFor();
      await b.page.goto('/chats');
      const row = b.page
        .getByRole('navigation', { name: 'Conversations' })
        .locator(`a[href="/chats/${chatId}"]`);
      await expect(row).toBeVisible();
      await expect(row).not.toHaveAttribute('data-unread', 'true');
      // Wait for the socket and the badge's first poll to settle.
      await b.page.waitForTimeout(1_500);
      const badgeBefore = await unreadBadge(b.page);

      await a.page.goto(`/chats/${chatId}`);
      await expect(composer(a.page).getByRole('textbox', { name: 'Message' })).toBeEnabled();
      await a.page.waitForTimeout(1_000);

      const bFetches = chatFetches(b.page);
      const aFetches = chatFetches(a.page);
      const text = `Live hello ${Date.now()}`;
      await send(a.page, text);
      const mine = conversationLog(a.page).getByTestId('chat-message').filter({ hasText: text });
      await expect(mine.getByTestId('chat-tick')).toHaveAttribute('data-status', 'sent');

      // The consultant's list shows it at once, unread, and the badge counts it.
      await expect(row).toContainText(text, { timeout: LIVE_WITHIN_MS });
      await expect(row).toHaveAttribute('data-unread', 'true', { timeout: LIVE_WITHIN_MS });
      expect(bFetches.count(), 'the list was not refetched: the message came over the socket').toBe(
        0,
      );
      await expect
        .poll(() => unreadBadge(b.page), { timeout: LIVE_WITHIN_MS })
        .toBe(badgeBefore + 1);

      // The consultant opens it: the franchisor's tick turns to read, live.
      await row.click();
      await expect(conversationLog(b.page).getByText(text)).toBeVisible();
      await expect(mine.getByTestId('chat-tick')).toHaveAttribute('data-status', 'read', {
        timeout: LIVE_WITHIN_MS,
      });
      expect(
        aFetches.count(),
        'the chat was not refetched: the read mark came over the socket',
      ).toBe(0);
      await expect.poll(() => unreadBadge(b.page), { timeout: LIVE_WITHIN_MS }).toBe(badgeBefore);

      // And the answer reaches the franchisor's open conversation.
      const reply = `Live reply ${Date.now()}`;
      await send(b.page, reply);
      await expect(conversationLog(a.page).getByText(reply)).toBeVisible({
        timeout: LIVE_WITHIN_MS,
      });
      expect(aFetches.count()).toBe(0);
    });
  });

  test('attachments upload with progress and open: an image inline, a document as a download', async ({
    page,
    request,
    baseURL,
  }) => {
    const form = await franchisorComposer(page, request, baseURL ?? '');
    const send = form.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();

    // A slow line, so that the upload takes a while and its progress shows.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    const png = noisePng(800, 600); // ~1.4 MB
    await page.getByTestId('composer-file-input').setInputFiles([
      { name: 'storefront.png', mimeType: 'image/png', buffer: png },
      { name: 'Franchise Disclosure.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    const files = page.getByTestId('composer-file');
    await expect(files).toHaveCount(2);
    const bar = files.filter({ hasText: 'storefront.png' }).getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect(send).toBeDisabled();
    await expect
      .poll(async () => Number(await bar.getAttribute('value')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await expect(files.filter({ hasText: 'storefront.png' })).toHaveAttribute(
      'data-status',
      'uploaded',
      {
        timeout: 20_000,
      },
    );
    await expect(files.filter({ hasText: 'Franchise Disclosure.pdf' })).toHaveAttribute(
      'data-status',
      'uploaded',
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Remove works, and re-adding is possible.
    await expect(send).toBeEnabled();
    await send.click();
    await expect(files).toHaveCount(0);

    const message = conversationLog(page).getByTestId('chat-message').last();
    const image = message.getByRole('img', { name: 'storefront.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    const popup = page.waitForEvent('popup');
    await message.getByRole('link', { name: 'Open storefront.png full size' }).click();
    const full = await popup;
    expect(full.url()).toMatch(/^blob:/);
    await full.close();

    const link = message.getByRole('link', { name: /^Download Franchise Disclosure\.pdf, \d/ });
    await expect(link).toContainText('Franchise Disclosure.pdf');
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe('Franchise Disclosure.pdf');
  });

  test('a removed file is not sent, and a file over 20 MB is refused before upload', async ({
    page,
    request,
    baseURL,
  }) => {
    const form = await franchisorComposer(page, request, baseURL ?? '');
    await page.getByTestId('composer-file-input').setInputFiles([
      {
        name: 'huge.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(20 * 1024 * 1024 + 1),
      },
    ]);
    const file = page.getByTestId('composer-file');
    await expect(file).toHaveAttribute('data-status', 'failed');
    await expect(file).toContainText('larger than 20 MB');
    // Its size reads as over the limit, not as the limit itself.
    await expect(file).toContainText('21 MB');
    await form.getByRole('textbox', { name: 'Message' }).fill('text only');
    await expect(form.getByRole('button', { name: 'Send' })).toBeDisabled();
    await form.getByRole('button', { name: 'Remove huge.pdf' }).click();
    await expect(file).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  test('markup in a message shows as literal text on both sides', async ({
    browser,
    request,
    baseURL,
  }) => {
    await bothSides(browser, request, baseURL ?? '', async (chatId, a, b) => {
      const markup = `<img src=x onerror="window.__pwned=1"><b>bold</b> <a href="javascript:window.__pwned=2">click</a> ${Date.now()}`;
      await a.page.goto(`/chats/${chatId}`);
      await expect(composer(a.page).getByRole('textbox', { name: 'Message' })).toBeEnabled();
      await send(a.page, markup);
      await b.page.goto(`/chats/${chatId}`);
      for (const page of [a.page, b.page]) {
        const bubble = conversationLog(page)
          .getByTestId('chat-message')
          .filter({ hasText: markup });
        await expect(bubble).toBeVisible();
        await expect(bubble.locator('.fm-msg__text')).toHaveText(markup);
        await expect(bubble.locator('b, img, a')).toHaveCount(0);
        expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      }
    });
  });

  test('on a phone (390×844) the chats have no footer and a conversation no header', async ({
    browser,
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const { chatId } = await demoChat(request, origin);
    const { context, page } = await signedInContext(
      browser,
      origin,
      DEMO.franchisor,
      /\/consultants$/,
      { width: 390, height: 844 },
    );
    try {
      await page.goto('/chats');
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      // One pane: no conversation beside the list.
      await expect(page.getByRole('log')).toHaveCount(0);

      await page.locator(`a[href="/chats/${chatId}"]`).click();
      await expect(page).toHaveURL(new RegExp(`/chats/${chatId}$`));
      await expect(conversationLog(page)).toBeVisible();
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Conversations' })).toHaveCount(0);
      // The composer is on screen, and Back returns to the list.
      await expect(composer(page).getByRole('button', { name: 'Send' })).toBeInViewport();
      await page.getByRole('link', { name: 'Back to conversations' }).click();
      await expect(page).toHaveURL(/\/chats$/);
      await expect(page.getByRole('banner')).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
