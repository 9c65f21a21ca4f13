// Shared by the node binding tests and the Chromium component tests (no DOM, no framework).
import type { AuthModule, LoginPayload, LoginResponse } from 'pam-client';
import { type AnyActorRef, assign, type Observer, setup } from 'xstate';

export interface LoginCall {
  payload: LoginPayload;
  signal: AbortSignal | undefined;
  answer(response: LoginResponse): void;
}

/**
 * An `auth.login` that answers only when the test says so, and records each abort of the
 * signal it was given (an unmounted form must abort its request).
 */
export function fakeAuth() {
  const calls: LoginCall[] = [];
  const aborted: string[] = [];
  const auth: Pick<AuthModule, 'login'> = {
    login: (payload, options) =>
      new Promise<LoginResponse>((resolve, reject) => {
        const signal = options?.signal;
        calls.push({ payload, signal, answer: resolve });
        signal?.addEventListener('abort', () => {
          aborted.push(payload.two_factor_code === undefined ? 'login' : 'code');
          reject(signal.reason);
        });
      }),
  };
  return { auth, calls, aborted };
}

export const TWO_FACTOR: LoginResponse = { type: 'two_factor_code' };

/** A machine whose context has a counted part and an unrelated part, to test selectors. */
export const counterMachine = setup({
  types: {
    context: {} as { count: number; other: number },
    events: {} as { type: 'INC' } | { type: 'TOUCH' } | { type: 'BOOM' },
  },
  actions: {
    boom: () => {
      throw new Error('boom');
    },
  },
}).createMachine({
  context: { count: 0, other: 0 },
  on: {
    INC: { actions: assign({ count: ({ context }) => context.count + 1 }) },
    TOUCH: { actions: assign({ other: ({ context }) => context.other + 1 }) },
    BOOM: { actions: 'boom' },
  },
});

/** An actor wrapper that counts live subscriptions, to see a binding unsubscribe. */
export function countingRef<TActor extends AnyActorRef>(actor: TActor) {
  let live = 0;
  const ref = Object.create(actor) as TActor;
  ref.subscribe = ((observer: Observer<unknown>) => {
    live++;
    const subscription = actor.subscribe(observer);
    let open = true;
    return {
      unsubscribe() {
        if (open) live--;
        open = false;
        subscription.unsubscribe();
      },
    };
  }) as TActor['subscribe'];
  return { ref, live: () => live };
}
