// pam-client/react on the server: useSession renders `client.view` (the server snapshot) and
// subscribes to nothing.
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SessionPanel } from '../browser/components/react-session';
import { fakeSessionClient } from './fake-session';

describe('useSession (React) on the server', () => {
  it('renders the current view and leaves no subscription behind', () => {
    const client = fakeSessionClient({ status: 'twoFactorRequired', codeAttemptsLeft: 3 });
    const html = renderToString(h(SessionPanel, { client }));
    expect(html).toContain('twoFactorRequired');
    expect(html).toContain('3 attempts left');
    expect(html).toContain('Send code');
    expect(client.listeners()).toBe(0);
  });
});
