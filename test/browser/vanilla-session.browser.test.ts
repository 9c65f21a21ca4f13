// onSessionChange (pam-client/vanilla) in Chromium: plain DOM rendering, one render function for
// the first paint and every change.
import { describeError, type PamError } from 'pam-client';
import type { PamClient } from 'pam-client/machines';
import { createPamClient } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { onSessionChange } from '../../src/bindings/vanilla';
import { type FakeSessionClient, fakeSessionClient } from '../bindings/fake-session';
import { walkRealSession, walkSession } from './session-scenario';

let root: HTMLElement | undefined;
afterEach(() => root?.remove());

/** A panel with the same DOM contract as the framework ones, rendered by hand. */
function mountPanel(client: FakeSessionClient | PamClient): () => void {
  root = document.createElement('div');
  document.body.append(root);
  const el = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    text: string,
    attrs: Record<string, string> = {},
  ) => {
    const node = document.createElement(tag);
    node.textContent = text;
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    return node;
  };
  const button = (name: string, onClick: () => void) => {
    const b = el('button', name, { type: 'button' });
    b.addEventListener('click', onClick);
    return b;
  };
  return onSessionChange(client, (view) => {
    const { status, codeAttemptsLeft } = view;
    const nodes: HTMLElement[] = [el('p', status, { 'data-testid': 'status' })];
    if (view.error) {
      const { title } = describeError(view.error as PamError, { locale: 'pt-BR', retryAt: view.retryAt });
      nodes.push(el('p', title, { role: 'alert' }));
    }
    if (codeAttemptsLeft !== null)
      nodes.push(el('p', `${codeAttemptsLeft} attempts left`, { 'data-testid': 'attempts' }));
    if (status === 'signedOut' || status === 'failed') {
      nodes.push(
        button('Sign in', () => client.login({ login: 'twofactor@example.com', password: 'Secret123!' })),
      );
    }
    if (status === 'twoFactorRequired') nodes.push(button('Send code', () => client.submitCode('123456')));
    if (status !== 'signedOut' && status !== 'signedIn') nodes.push(button('Cancel', () => client.cancel()));
    if (status === 'signedIn') nodes.push(button('Sign out', () => client.logout()));
    root!.replaceChildren(...nodes);
  });
}

describe('onSessionChange rendering plain DOM', () => {
  it('paints at once, then follows login, 2FA, cancel, logout and a 429', async () => {
    const client = fakeSessionClient();
    const stop = mountPanel(client);
    expect(root!.querySelector('[data-testid="status"]')?.textContent).toBe('signedOut'); // painted synchronously
    await walkSession(client);
    stop();
    expect(client.listeners()).toBe(0);
  });

  it('follows the real client signing in with the 2FA step and out again', async () => {
    const kit = createReferenceFetch({ baseURL: `http://vanilla-session-${Date.now()}.test` });
    const client = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      timeout: 5000,
      environment: { channel: null },
    });
    const stop = mountPanel(client);
    try {
      await walkRealSession(client, kit.seed.twoFactor);
    } finally {
      stop();
      client.stop();
    }
  });
});
