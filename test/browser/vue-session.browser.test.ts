// useSession (pam-client/vue) in Chromium: a real component on a fake client, then on the real
// client with the in-process reference server.
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-vue';
import { fakeSessionClient } from '../bindings/fake-session';
import SessionPanel from './components/SessionPanel.vue';
import { walkRealSession, walkSession } from './session-scenario';

describe('useSession in a Vue component', () => {
  it('renders status, error text and attempts left through login, 2FA, cancel, logout and a 429', async () => {
    const client = fakeSessionClient();
    const screen = await render(SessionPanel, { props: { client } });
    await walkSession(client);
    expect(client.listeners()).toBe(1);
    await screen.unmount();
    expect(client.listeners()).toBe(0);
  });

  it('follows the real client signing in with the 2FA step and out again', async () => {
    const kit = createReferenceFetch({ baseURL: `http://vue-session-${Date.now()}.test` });
    const client = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      timeout: 5000,
      environment: { channel: null },
    });
    try {
      const screen = await render(SessionPanel, { props: { client } });
      await walkRealSession(client, kit.seed.twoFactor);
      await screen.unmount();
    } finally {
      client.stop();
    }
  });
});
