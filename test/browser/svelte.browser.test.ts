// pam-client/svelte in Chromium: `$store` in real Svelte 5 components.
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { type Actor, createActor } from 'xstate';
import type { loginMachine } from '../../machines/loginMachine';
import { counterMachine, countingRef, fakeAuth, TWO_FACTOR } from '../bindings/fixtures';
import CountProbe from './components/CountProbe.svelte';
import LoginForm from './components/LoginForm.svelte';
import { settle } from './settle';

type LoginActor = Actor<typeof loginMachine>;

describe('$store from toStore / selectorStore', () => {
  it('renders the state and follows each transition the clicks cause', async () => {
    const { auth, calls } = fakeAuth();
    const screen = await render(LoginForm, { auth });
    const state = screen.getByTestId('state');
    const busy = screen.getByTestId('busy');
    await expect.element(state).toHaveTextContent('idle');
    await expect.element(busy).toHaveTextContent('ready');

    await screen.getByRole('button', { name: 'Sign in' }).click();
    await expect.element(state).toHaveTextContent('submitting');
    await expect.element(busy).toHaveTextContent('busy');
    // Real-time polls in this file: in a Chromium page there is no node event loop to wait on.
    await expect.poll(() => calls.length).toBe(1);

    calls[0]!.answer(TWO_FACTOR);
    await expect.element(state).toHaveTextContent('twoFactorRequired');
    await expect.element(busy).toHaveTextContent('ready');
    await screen.getByRole('button', { name: 'Send code' }).click();
    await expect.element(state).toHaveTextContent('verifyingTwoFactor');
    await expect.poll(() => calls.length).toBe(2);
    expect(calls[1]!.payload.two_factor_code).toBe('123456');
  });

  it('unmount stops the actor (onDestroy) and aborts the request in flight', async () => {
    const { auth, calls, aborted } = fakeAuth();
    let actor: LoginActor | undefined;
    const screen = await render(LoginForm, { auth, onActor: (a: LoginActor) => (actor = a) });
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

  it('selectorStore re-renders only on selected changes; unmount unsubscribes $store', async () => {
    const actor = createActor(counterMachine).start();
    const { ref, live } = countingRef(actor);
    const changes: number[] = [];
    const screen = await render(CountProbe, { actor: ref, onChange: (n: number) => changes.push(n) });
    const count = screen.getByTestId('count');
    await expect.element(count).toHaveTextContent('count: 0');
    expect(live()).toBe(1);

    // Each send gets its own settle: Svelte batches effects, so sends in one tick would hide extra runs.
    actor.send({ type: 'TOUCH' });
    await settle();
    expect(changes).toEqual([0]);
    actor.send({ type: 'INC' });
    await expect.element(count).toHaveTextContent('count: 1');
    actor.send({ type: 'TOUCH' });
    await settle();
    expect(changes).toEqual([0, 1]);

    await screen.unmount();
    expect(live()).toBe(0);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});
