import { expect, test } from '@playwright/test';
import { PASSWORD_RULE_MESSAGE, uniqueEmail } from './helpers.ts';

test.describe('landing page and sign-up', () => {
  test('a guest chooses "I Am a Franchisor", signs up and lands on Find Consultants', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'How It Works' }).first()).toBeVisible();
    await expect(page.getByText('1,000+ active consultants', { exact: true })).toBeVisible();

    const findYourRole = page.locator('#find-your-role');
    await findYourRole.getByRole('link', { name: 'I Am a Franchisor' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);

    const form = page.getByRole('form', { name: 'Sign up' });
    // The role chosen on the landing page arrives in navigation state.
    await expect(form.getByRole('radio', { name: 'Franchisor' })).toBeChecked();
    await form.getByLabel('First Name').fill('Erin');
    await form.getByLabel('Last Name').fill('Endtoend');
    await form.getByLabel('Email').fill(uniqueEmail('e2e-franchisor'));
    await form.getByLabel('Password', { exact: true }).fill('Strong-Pass-2025!');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page).toHaveURL(/\/consultants$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Find Consultants' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Find Consultants' })).toBeVisible();
    // Nothing unread yet: the Messages badge stays hidden.
    await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await expect(nav.getByTestId('unread-badge')).toBeHidden();
  });

  test('"I Am a Consultant" preselects the consultant role', async ({ page }) => {
    await page.goto('/');
    await page.locator('#find-your-role').getByRole('link', { name: 'I Am a Consultant' }).click();
    await expect(page).toHaveURL(/\/sign-up$/);
    await expect(page.getByRole('radio', { name: 'Consultant' })).toBeChecked();
  });

  test('a weak password shows the password rule and nothing is sent', async ({ page }) => {
    await page.goto('/sign-up');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First Name').fill('Weak');
    await form.getByLabel('Last Name').fill('Password');
    await form.getByLabel('Email').fill(uniqueEmail('e2e-weak'));
    await form.getByLabel('Password', { exact: true }).fill('password');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Sign Up' }).click();

    await expect(form.getByText(PASSWORD_RULE_MESSAGE)).toBeVisible();
    await expect(page).toHaveURL(/\/sign-up$/);
  });

  test('an empty sign-up form shows the field messages of the spec', async ({ page }) => {
    await page.goto('/sign-up');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect(form.getByText('Please input your first name!')).toBeVisible();
    await expect(form.getByText('Please input your last name!')).toBeVisible();
    await expect(form.getByText('Please input a valid email!')).toBeVisible();
    await expect(form.getByText(PASSWORD_RULE_MESSAGE)).toBeVisible();
    // Keyboard users land on the first field to fix.
    await expect(form.getByLabel('First Name')).toBeFocused();
  });
});
