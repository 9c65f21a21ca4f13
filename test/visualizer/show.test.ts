// What the visualizer prints of a context and of XState's internal events.

import { secret, UnexpectedError } from 'pam-client';
import { loginMachine, sessionMachine, tokenRefreshMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { describeMachine } from '../../tools/diagrams/graph';
import { show } from '../../visualizer/show';
import { eventInWords } from '../../visualizer/words';

class TokenStore {
  refreshToken = 'rt';
  read() {
    return null;
  }
}

describe('show', () => {
  it('prints services as [service], hides environment internals, writes epoch times as dates', () => {
    const auth = { refreshToken: () => 'x', login: () => null };
    // The refresh cycle's `auth` holds one function, named like a secret.
    const refreshOnly = { refreshToken: () => 'x' };
    const context = {
      auth,
      refresh: { auth: refreshOnly, failures: 0 },
      tokens: new TokenStore(),
      environment: { online: true, subscribe: () => () => {} },
      timers: { setTimeout, clearTimeout },
      now: () => 1,
      savedAt: Date.UTC(2026, 10, 23, 10, 0, 0),
      attempts: 3,
      password: secret('canary-PASSWORD-7f3a9'),
      user: { id: 1712345678901, email: 'ana@example.com', token: 'canary-TOKEN-c0ffee' },
    };
    const text = show(context);
    const parsed = JSON.parse(text);
    expect(parsed.auth).toBe('[service]');
    expect(parsed.refresh).toEqual({ auth: '[service]', failures: 0 });
    expect(parsed.tokens).toBe('[service]');
    expect(parsed).not.toHaveProperty('environment');
    expect(parsed).not.toHaveProperty('timers');
    expect(parsed).not.toHaveProperty('now');
    expect(parsed.savedAt).toBe('2026-11-23T10:00:00.000Z');
    expect(parsed.attempts).toBe(3);
    expect(parsed.password).toBe('[redacted]');
    expect(parsed.user).toEqual({ id: 1712345678901, email: 'ana@example.com', token: '[redacted]' });
    expect(text).not.toContain('canary');
  });

  it('prints an error as its name, code and message', () => {
    const error = new UnexpectedError('Invalid credentials.');
    expect(JSON.parse(show({ error })).error).toMatchObject({
      name: 'UnexpectedError',
      code: 'unexpected',
      message: 'Invalid credentials.',
    });
    // An error that is no PamError is hidden whole (review 115: its message is its thrower's).
    const foreign = Object.assign(new Error('token abc expired'), { name: 'HttpError', code: 'http' });
    expect(JSON.parse(show({ error: foreign }))).toEqual({ error: '[redacted]' });
  });
});

describe('eventInWords', () => {
  const graphs = [sessionMachine, loginMachine, tokenRefreshMachine].map(describeMachine);

  it('names invoked actors by what they run and where', () => {
    const signingOut = graphs[0]!.states.find((s) => s.path === 'signingOut')!;
    expect(signingOut.invokes[0]?.src).toBeTruthy();
    expect(eventInWords('xstate.done.actor.0.session.signingOut', graphs)).toBe(
      `${signingOut.invokes[0]!.src} finished (in signingOut)`,
    );
    expect(eventInWords('xstate.error.actor.login', graphs)).toBe('login failed');
    expect(eventInWords('xstate.after.nextCheck.tokenRefresh.active.idle', graphs)).toBe(
      'timer nextCheck elapsed (in active.idle)',
    );
    expect(eventInWords('LOGIN', graphs)).toBe('LOGIN');
  });
});
