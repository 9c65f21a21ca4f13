// A session client double for the binding tests (Node and Chromium): the real SessionView type,
// commands that record their calls and move the view the way the real session does, and `set`
// for what the server would answer. No machine, no HTTP.
import type { PamClient, SessionView } from 'pam-client/machines';

export const SIGNED_OUT: SessionView = Object.freeze({
  status: 'signedOut',
  user: null,
  userInfo: null,
  error: null,
  retryAt: null,
  codeAttemptsLeft: null,
  expiresAt: null,
  signedOutReason: null,
  restrictions: null,
  playTime: null,
});

export type FakeCall = [command: string, ...args: unknown[]];

export type FakeSessionClient = Pick<
  PamClient,
  'view' | 'subscribe' | 'login' | 'register' | 'submitCode' | 'cancel' | 'logout'
> & {
  /** Every command, in order (passwords and codes included: this is a test double). */
  calls: FakeCall[];
  /** The live listeners. */
  listeners(): number;
  /** Moves the view (as a server answer would) and notifies, unless nothing changed. */
  set(patch: Partial<SessionView>): void;
};

export function fakeSessionClient(initial: Partial<SessionView> = {}): FakeSessionClient {
  let view: SessionView = Object.freeze({ ...SIGNED_OUT, ...initial });
  const listeners = new Set<(view: SessionView) => void>();
  const calls: FakeCall[] = [];
  const set = (patch: Partial<SessionView>) => {
    const next = Object.freeze({ ...view, ...patch });
    if ((Object.keys(next) as (keyof SessionView)[]).every((k) => Object.is(next[k], view[k]))) return;
    view = next;
    for (const listener of [...listeners]) listener(view);
  };
  return {
    get view() {
      return view;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    login(credentials) {
      calls.push(['login', credentials]);
      set({ status: 'signingIn', error: null, retryAt: null, signedOutReason: null });
    },
    register(payload) {
      calls.push(['register', payload]);
      set({ status: 'registering', error: null, signedOutReason: null });
    },
    submitCode(code, captchaToken) {
      calls.push(['submitCode', code, captchaToken]);
      set({ status: 'verifyingCode' });
    },
    cancel() {
      calls.push(['cancel']);
      set({ status: 'signedOut', error: null, retryAt: null, codeAttemptsLeft: null });
    },
    logout() {
      calls.push(['logout']);
      set({ status: 'signedOut', user: null, userInfo: null, expiresAt: null, signedOutReason: 'logout' });
    },
    calls,
    listeners: () => listeners.size,
    set,
  };
}
