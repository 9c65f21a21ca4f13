// sessionStore (pam-client/svelte) in Chromium: `$session` in a Svelte 4-syntax component,
// `fromStore` in a runes component, on a fake client and on the real client.
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { type FakeSessionClient, fakeSessionClient } from '../bindings/fake-session';
import SessionPanel from './components/SessionPanel.svelte';
import SessionRunes from './components/SessionRunes.svelte';
import { walkRealSession, walkSession } from './session-scenario';

async function walkAndUnmount(mount: (client: FakeSessionClient) => Promise<{ unmount(): unknown }>) {
  const client = fakeSessionClient();
  const screen = await mount(client);
  await walkSession(client);
  expect(client.listeners()).toBe(1);
  await screen.unmount();
  expect(client.listeners()).toBe(0);
}

describe('sessionStore in components', () => {
  it('$session (Svelte 4 syntax): status, error text, attempts left through login, 2FA, cancel, logout, 429', () =>
    walkAndUnmount((client) => render(SessionPanel, { client })));
  it('fromStore (Svelte 5 runes): status, error text, attempts left through login, 2FA, cancel, logout, 429', () =>
    walkAndUnmount((client) => render(SessionRunes, { client })));
});

describe('sessionStore on the real client', () => {
  it('follows createPamClient signing in with the 2FA step and out again', async () => {
    const kit = createReferenceFetch({ baseURL: `http://svelte-session-${Date.now()}.test` });
    const client = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      timeout: 5000,
      environment: { channel: null },
    });
    try {
      const screen = await render(SessionPanel, { client });
      await walkRealSession(client, kit.seed.twoFactor);
      await screen.unmount();
    } finally {
      client.stop();
    }
  });
});
