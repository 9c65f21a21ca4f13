// pam-client/react in Chromium: useSession on a fake client and on the real one, and the generic
// hooks (useSelector, useActor) under StrictMode.
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { createElement as h, StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { type Actor, createActor } from 'xstate';
import { fakeSessionClient } from '../bindings/fake-session';
import { counterMachine, countingRef } from '../bindings/fixtures';
import { CountProbe, OwnCounter, SessionPanel } from './components/react-session';
import { walkRealSession, walkSession } from './session-scenario';
import { settle } from './settle';

describe('useSession in a React component', () => {
  it('renders status, error text and attempts left through login, 2FA, cancel, logout and a 429', async () => {
    const client = fakeSessionClient();
    const screen = await render(h(StrictMode, null, h(SessionPanel, { client })));
    await walkSession(client);
    expect(client.listeners()).toBe(1);
    await screen.unmount();
    expect(client.listeners()).toBe(0);
  });

  it('follows the real client signing in with the 2FA step and out again', async () => {
    const kit = createReferenceFetch({ baseURL: `http://react-session-${Date.now()}.test` });
    const client = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      timeout: 5000,
      environment: { channel: null },
    });
    try {
      const screen = await render(h(SessionPanel, { client }));
      await walkRealSession(client, kit.seed.twoFactor);
      await screen.unmount();
    } finally {
      client.stop();
    }
  });
});

describe('generic hooks', () => {
  it('useSelector re-renders only when the selected value changes, and unsubscribes on unmount', async () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    let renders = 0;
    const screen = await render(h(CountProbe, { actor: ref, onRender: () => renders++ }));
    const count = screen.getByTestId('count');
    await expect.element(count).toHaveTextContent('count: 0');
    const settled = renders;
    actor.send({ type: 'TOUCH' });
    await settle();
    expect(renders).toBe(settled);
    actor.send({ type: 'INC' });
    await expect.element(count).toHaveTextContent('count: 1');
    expect(renders).toBe(settled + 1);
    await screen.unmount();
    expect(live()).toBe(0);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });

  it('useActor given logic starts one live actor under StrictMode and stops it on unmount', async () => {
    const actors = new Set<Actor<typeof counterMachine>>();
    const screen = await render(
      h(StrictMode, null, h(OwnCounter, { logic: counterMachine, onActor: (a) => actors.add(a) })),
    );
    const count = screen.getByTestId('own-count');
    await expect.element(count).toHaveTextContent('count: 0');
    await screen.getByRole('button', { name: 'Add' }).click();
    await screen.getByRole('button', { name: 'Add' }).click();
    await expect.element(count).toHaveTextContent('count: 2');
    const live = [...actors].filter((a) => a.getSnapshot().status === 'active');
    expect(live).toHaveLength(1);
    expect(live[0]!.getSnapshot().context.count).toBe(2);
    await screen.unmount();
    expect([...actors].every((a) => a.getSnapshot().status === 'stopped')).toBe(true);
  });
});
