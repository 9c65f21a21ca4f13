// React test components, written with createElement (no JSX: the shared tsconfig and vitest
// config need no React settings).
import { describeError } from 'pam-client';
import type { PamClient } from 'pam-client/machines';
import { createElement as h, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import { useActor, useSelector, useSession } from '../../../src/bindings/react';
import type { FakeSessionClient } from '../../bindings/fake-session';
import type { counterMachine } from '../../bindings/fixtures';

/** The session panel every binding renders (see session-scenario.ts). */
export function SessionPanel({ client }: { client: FakeSessionClient | PamClient }): ReactNode {
  const { status, error, codeAttemptsLeft, retryAt, login, submitCode, cancel, logout } = useSession(client);
  const described = error ? describeError(error, { locale: 'pt-BR', retryAt }) : null;
  const button = (name: string, onClick: () => void) => h('button', { type: 'button', onClick }, name);
  return h(
    'div',
    null,
    h('p', { 'data-testid': 'status' }, status),
    described && h('p', { role: 'alert' }, described.title),
    codeAttemptsLeft !== null && h('p', { 'data-testid': 'attempts' }, `${codeAttemptsLeft} attempts left`),
    (status === 'signedOut' || status === 'failed') &&
      button('Sign in', () => login({ login: 'twofactor@example.com', password: 'Secret123!' })),
    status === 'twoFactorRequired' && button('Send code', () => submitCode('123456')),
    status !== 'signedOut' && status !== 'signedIn' && button('Cancel', () => cancel()),
    status === 'signedIn' && button('Sign out', () => logout()),
  );
}

/** useSelector over a running actor: renders the count, reports each render. */
export function CountProbe(props: { actor: Actor<typeof counterMachine>; onRender: () => void }): ReactNode {
  const count = useSelector(props.actor, (s) => s.context.count);
  props.onRender();
  return h('p', { 'data-testid': 'count' }, `count: ${count}`);
}

/** useActor given logic: the component owns the actor. */
export function OwnCounter(props: {
  logic: typeof counterMachine;
  onActor: (actor: Actor<typeof counterMachine>) => void;
}): ReactNode {
  const { snapshot, send, actorRef } = useActor(props.logic);
  props.onActor(actorRef);
  return h(
    'div',
    null,
    h('p', { 'data-testid': 'own-count' }, `count: ${snapshot.context.count}`),
    h('button', { type: 'button', onClick: () => send({ type: 'INC' }) }, 'Add'),
  );
}
