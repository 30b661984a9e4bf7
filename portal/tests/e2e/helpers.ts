import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Demo sign-ins seeded by the server (rule 3). */
export const DEMO = {
  password: 'Demo-Pass-2025!',
  franchisor: 'franchisor@example.com',
  consultant: 'consultant@example.com',
  admin: 'admin@example.com',
} as const;

/** The spec's password rule message (user-area §5). */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character.';

/**
 * The accessible name of a navigation link: Messages also reads its unread badge
 * ("Messages 3 unread") when there is something unread.
 */
export function navLinkName(label: string): string | RegExp {
  return label === 'Messages' ? /^Messages( \d+\+? unread)?$/ : label;
}

/** An e-mail address no earlier run has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs in through the sign-in page and waits for the role's home. */
export async function signIn(page: Page, email: string, home: RegExp): Promise<void> {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(home);
}

/** Someone signed in through the API: their id and bearer token. */
export interface ApiUser {
  id: string;
  token: string;
}

/** Signs in through the API (no page). */
export async function apiSignIn(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<ApiUser> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email, password: DEMO.password },
    // better-auth checks the Origin of POSTs; the server's own origin is trusted.
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, token: body.token };
}

/**
 * Forgets the zone a test saved on a profile (rule 20: one zone per person, kept on the profile),
 * so the next test finds the demo account as seeded.
 */
export async function forgetTimeZone(
  request: APIRequestContext,
  baseURL: string,
  user: ApiUser,
): Promise<void> {
  const response = await request.patch('/api/users', {
    headers: { Authorization: `Bearer ${user.token}`, Origin: baseURL },
    data: { timeZone: null },
  });
  expect(response.status()).toBe(200);
}

/** The demo consultant and the demo franchisor, both signed in over the API (a meeting's two sides). */
export async function apiSignInDemoPair(
  request: APIRequestContext,
  baseURL: string,
): Promise<{ consultant: ApiUser; franchisor: ApiUser }> {
  const consultant = await apiSignIn(request, baseURL, DEMO.consultant);
  const franchisor = await apiSignIn(request, baseURL, DEMO.franchisor);
  return { consultant, franchisor };
}

/**
 * A new account through the API (the demo password, age confirmed, no page): its e-mail, fresh
 * for each call (`uniqueEmail(prefix)`).
 */
export async function apiSignUp(
  request: APIRequestContext,
  baseURL: string,
  account: {
    prefix: string;
    firstName: string;
    lastName: string;
    role: 'franchisor' | 'consultant';
  },
): Promise<string> {
  const email = uniqueEmail(account.prefix);
  const response = await request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password: DEMO.password,
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      ageConfirmed: true,
    },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

/** The chat between the demo franchisor and the demo consultant (created when there is none). */
export async function demoChat(request: APIRequestContext, baseURL: string) {
  const franchisor = await apiSignIn(request, baseURL, DEMO.franchisor);
  const consultant = await apiSignIn(request, baseURL, DEMO.consultant);
  const response = await request.post('/api/chats', {
    headers: { Authorization: `Bearer ${franchisor.token}`, Origin: baseURL },
    data: { participants: [consultant.id] },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const chat = (await response.json()) as { id: string };
  return { chatId: chat.id, franchisor, consultant };
}

/**
 * The demo consultant writes to the demo franchisor, who then has an unread message. Tests that
 * show unread counts make their own: other tests open the seeded chats, which reads them.
 */
export async function writeToDemoFranchisor(
  request: APIRequestContext,
  baseURL: string,
): Promise<void> {
  const { chatId, consultant } = await demoChat(request, baseURL);
  const sent = await request.post(`/api/chats/${chatId}/messages`, {
    headers: { Authorization: `Bearer ${consultant.token}`, Origin: baseURL },
    data: { text: `Are you still looking for a consultant? (${Date.now()})` },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
}
