// One walk through the session for every binding's panel (SessionPanel.vue / .svelte, the React
// and vanilla ones): the same DOM contract, driven by clicks and by a fake client's answers.

import type { AuthUser } from 'pam-client';
import { HttpError } from 'pam-client';
import type { PamClient } from 'pam-client/machines';
import { expect, vi } from 'vitest';
import { page } from 'vitest/browser';
import type { FakeSessionClient } from '../bindings/fake-session';

const wrongCode = () =>
  new HttpError({
    status: 422,
    method: 'POST',
    path: '/auth/login',
    body: { message: 'Invalid two-factor code.', errors: { two_factor_code: ['The code is invalid.'] } },
  });
const tooMany = () =>
  new HttpError({
    status: 429,
    method: 'POST',
    path: '/auth/login',
    body: { message: 'Slow down' },
    retryAfter: 120,
  });
const USER = { id: 2, email: 'twofactor@example.com' } as AuthUser;

const status = () => page.getByTestId('status');
const button = (name: string) => page.getByRole('button', { name });

/** Login, 2FA with a rejected code, cancel, login again, logout, then a 429: each shown as it happens. */
export async function walkSession(client: FakeSessionClient): Promise<void> {
  await expect.element(status()).toHaveTextContent('signedOut');
  expect(page.getByRole('alert').elements()).toHaveLength(0);

  await button('Sign in').click();
  expect(client.calls.at(-1)).toEqual(['login', { login: 'twofactor@example.com', password: 'Secret123!' }]);
  await expect.element(status()).toHaveTextContent('signingIn');

  client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 5 });
  await expect.element(page.getByTestId('attempts')).toHaveTextContent('5 attempts left');
  await button('Send code').click();
  expect(client.calls.at(-1)?.slice(0, 2)).toEqual(['submitCode', '123456']);
  await expect.element(status()).toHaveTextContent('verifyingCode');

  client.set({ status: 'twoFactorRequired', codeAttemptsLeft: 4, error: wrongCode() });
  await expect.element(page.getByTestId('attempts')).toHaveTextContent('4 attempts left');
  await expect
    .element(page.getByRole('alert'))
    .toHaveTextContent('O código não está correto. Tente novamente.');

  await button('Cancel').click();
  expect(client.calls.at(-1)).toEqual(['cancel']);
  await expect.element(status()).toHaveTextContent('signedOut');
  expect(page.getByRole('alert').elements()).toHaveLength(0);
  expect(page.getByTestId('attempts').elements()).toHaveLength(0);

  await button('Sign in').click();
  client.set({ status: 'signedIn', user: USER, codeAttemptsLeft: null });
  await expect.element(status()).toHaveTextContent('signedIn');
  await button('Sign out').click();
  expect(client.calls.at(-1)).toEqual(['logout']);
  await expect.element(status()).toHaveTextContent('signedOut');

  await button('Sign in').click();
  client.set({ status: 'failed', error: tooMany(), retryAt: Date.now() + 120_000 });
  await expect.element(status()).toHaveTextContent('failed');
  await expect
    .element(page.getByRole('alert'))
    .toHaveTextContent('Muitas tentativas. Tente novamente em 2 minutos.');
  expect(client.calls.map(([name]) => name)).toEqual([
    'login',
    'submitCode',
    'cancel',
    'login',
    'logout',
    'login',
  ]);
}

/**
 * The same panel on the real client and the in-process reference server: the account with a
 * second factor, a rejected code sent by the test, the right one clicked, then a logout.
 */
export async function walkRealSession(
  client: PamClient,
  seed: { email: string; password: string },
): Promise<void> {
  await expect.element(status()).toHaveTextContent('signedOut');
  // The panel's button signs in as twofactor@example.com with the seed password.
  expect(seed.email).toBe('twofactor@example.com');
  await button('Sign in').click();
  await expect.element(page.getByTestId('attempts')).toHaveTextContent('5 attempts left');
  client.submitCode('000000');
  await expect.element(page.getByTestId('attempts')).toHaveTextContent('4 attempts left');
  await expect
    .element(page.getByRole('alert'))
    .toHaveTextContent('O código não está correto. Tente novamente.');
  await button('Send code').click();
  await expect.element(status()).toHaveTextContent('signedIn');
  expect(page.getByRole('alert').elements()).toHaveLength(0);
  await button('Sign out').click();
  // A real-time poll: in a Chromium page there is no node event loop to wait on.
  await vi.waitFor(() => expect(client.view.status).toBe('signedOut'));
  await expect.element(status()).toHaveTextContent('signedOut');
}
