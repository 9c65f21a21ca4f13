// pam-client/vue in Chromium: real components, real clicks, real unmounts.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-vue';
import { type Actor, createActor } from 'xstate';
import type { loginMachine } from '../../machines/loginMachine';
import { counterMachine, countingRef, fakeAuth, TWO_FACTOR } from '../bindings/fixtures';
import CountProbe from './components/CountProbe.vue';
import LoginForm from './components/LoginForm.vue';
import { settle } from './settle';

type LoginActor = Actor<typeof loginMachine>;

describe('useActor in a component', () => {
  it('renders the state and follows each transition the clicks cause', async () => {
    const { auth, calls } = fakeAuth();
    const screen = await render(LoginForm, { props: { auth } });
    const state = screen.getByTestId('state');
    await expect.element(state).toHaveTextContent('idle');

    await screen.getByRole('button', { name: 'Sign in' }).click();
    await expect.element(state).toHaveTextContent('submitting');
    // Real-time polls in this file: in a Chromium page there is no node event loop to wait on.
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.payload).toMatchObject({ login: 'player@example.com', password: 'Secret123!' });

    calls[0]!.answer(TWO_FACTOR);
    await expect.element(state).toHaveTextContent('twoFactorRequired');

    await screen.getByRole('button', { name: 'Send code' }).click();
    await expect.element(state).toHaveTextContent('verifyingTwoFactor');
    await expect.poll(() => calls.length).toBe(2);
    await screen.getByRole('button', { name: 'Reset' }).click();
    await expect.element(state).toHaveTextContent('idle');
    expect(calls[1]!.signal!.aborted).toBe(true);
  });

  it('stops the actor it created on unmount, aborting the request in flight', async () => {
    const { auth, calls, aborted } = fakeAuth();
    let actor: LoginActor | undefined;
    const screen = await render(LoginForm, { props: { auth, onActor: (a: LoginActor) => (actor = a) } });
    await screen.getByRole('button', { name: 'Sign in' }).click();
    await expect.element(screen.getByTestId('state')).toHaveTextContent('submitting');
    await expect.poll(() => calls.length).toBe(1);
    expect(calls[0]!.signal!.aborted).toBe(false);

    await screen.unmount();
    expect(actor!.getSnapshot().status).toBe('stopped');
    expect(calls[0]!.signal!.aborted).toBe(true);
    expect(aborted).toEqual(['login']);
    expect(page.getByTestId('state').elements()).toHaveLength(0);
  });
});

describe('useSelector in a component', () => {
  it('re-renders only when the selected value changes, and unsubscribes on unmount', async () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const changes: number[] = [];
    let renders = 0;
    const screen = await render(CountProbe, {
      props: { actor: ref, onRender: () => renders++, onChange: (n: number) => changes.push(n) },
    });
    const count = screen.getByTestId('count');
    await expect.element(count).toHaveTextContent('count: 0');
    expect(live()).toBe(1);

    // Each send gets its own settle: Vue batches renders, so sends in one tick would hide extra ones.
    actor.send({ type: 'TOUCH' });
    await settle();
    expect(renders).toBe(0);
    actor.send({ type: 'INC' });
    await expect.element(count).toHaveTextContent('count: 1');
    actor.send({ type: 'TOUCH' });
    await settle();
    expect(changes).toEqual([1]);
    expect(renders).toBe(1);

    await screen.unmount();
    expect(live()).toBe(0);
    actor.send({ type: 'INC' });
    await settle();
    expect(changes).toEqual([1]);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
