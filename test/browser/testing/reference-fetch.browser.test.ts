// The in-process reference server in Chromium (issue 11 item 3): a component signs in with the
// 2FA step through `createReferenceFetch`, with no socket and no proxy.
import { createPamClient, type PamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-vue';
import SessionLogin from './SessionLogin.vue';

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

let n = 0;
/** A client on a fresh kit; a base URL of its own keeps stored sessions apart between tests. */
function setup(baseURL = `http://pam-${Date.now()}-${n++}.test`) {
  const kit = createReferenceFetch({ baseURL });
  const client = createPamClient({ baseURL: kit.baseURL, fetch: kit, timeout: 5000 });
  clients.push(client);
  return { kit, client };
}

describe('createReferenceFetch in Chromium', () => {
  it('a component signs in with the 2FA step, a wrong code first', async () => {
    const { kit, client } = setup();
    const pageFetch = vi.spyOn(window, 'fetch');
    const screen = await render(SessionLogin, { props: { client } });
    await expect.element(screen.getByTestId('status')).toHaveTextContent('signedOut');

    const { email, password, twoFactorCode } = kit.seed.twoFactor;
    await screen.getByLabelText('E-mail').fill(email);
    await screen.getByLabelText('Password').fill(password);
    await screen.getByRole('button', { name: 'Sign in' }).click();
    await expect.element(screen.getByTestId('attempts')).toHaveTextContent('5 attempts left');

    await screen.getByLabelText('Code').fill('000000');
    await screen.getByRole('button', { name: 'Send code' }).click();
    await expect.element(screen.getByTestId('attempts')).toHaveTextContent('4 attempts left');
    await expect.element(screen.getByRole('alert')).toBeVisible();

    await screen.getByLabelText('Code').fill(twoFactorCode as string);
    await screen.getByRole('button', { name: 'Send code' }).click();
    await expect.element(screen.getByTestId('welcome')).toHaveTextContent(`Signed in as ${email}`);

    expect(pageFetch).not.toHaveBeenCalled();
    expect(kit.requests.filter((r) => r.path === '/auth/login')).toHaveLength(3);
    // Real-time polls in this file: in a Chromium page there is no node event loop to wait on.
    await expect.poll(() => kit.requests.some((r) => r.path === '/auth/user-profile')).toBe(true);
  });

  it('answers under a relative base URL on the page origin, with faults and the request log', async () => {
    const { kit, client } = setup(`/pam-api-${n++}`);
    kit.faults.add({ path: '/auth/login', status: 503, body: { message: 'Down.' }, times: 1 });
    const { email, password } = kit.seed.plain;
    client.login({ login: email, password });
    await vi.waitFor(() => expect(client.view.status).toBe('failed'), { timeout: 5000 });
    expect(client.view.error?.code).toBe('http');
    client.login({ login: email, password });
    await vi.waitFor(() => expect(client.view.status).toBe('signedIn'), { timeout: 5000 });
    expect(kit.requests.filter((r) => r.path === '/auth/login')).toHaveLength(2);
    expect(kit.requests[0]?.headers['content-type']).toContain('application/json');
  });
});
