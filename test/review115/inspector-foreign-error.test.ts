// Review 115: a foreign error (an app's captcha provider, token store) reaches the view as an
// `UnexpectedError` without its message; the `inspect` option must not get the raw one either.
import { createMemoryTokenStore, type StoredSession, secret } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';

const world = useWorld();
const seenText = (events: unknown[]) =>
  events
    .map((e) => {
      const parts: string[] = [];
      const walk = (v: unknown, depth: number) => {
        if (depth > 8 || v === null || typeof v !== 'object') return;
        if (v instanceof Error) parts.push(v.message);
        for (const k of Object.keys(v)) {
          try {
            walk((v as Record<string, unknown>)[k], depth + 1);
          } catch {}
        }
      };
      walk(e, 0);
      return parts.join('|');
    })
    .join('\n');

describe('inspector: raw foreign errors', () => {
  it('a captcha provider that fails quoting its token: the view hides it, the inspector too', async () => {
    const TOKEN = 'captcha-tok-0123456789abcdef';
    const inspected: unknown[] = [];
    const tab = world.open({ inspect: (e) => void inspected.push(e) });
    await world.settle();
    tab.client.login({
      login: world.server.seed.plain.email,
      password: secret(world.server.seed.plain.password),
      captchaToken: () => Promise.reject(new Error(`token ${TOKEN} expired`)),
    });
    await world.advance(5 * S, 250);
    expect(tab.client.view.status).toBe('failed');
    expect(JSON.stringify(tab.client.view.error) + String(tab.client.view.error)).not.toContain(TOKEN);
    expect(seenText(inspected).includes(TOKEN)).toBe(false);
  });

  it('a token store whose write fails quoting the session: the access token never reaches the inspector', async () => {
    const inspected: unknown[] = [];
    const memory = createMemoryTokenStore();
    const storage = {
      ...memory,
      get: () => memory.get(),
      clear: () => memory.clear(),
      set: (s: StoredSession) => Promise.reject(new Error(`quota exceeded writing ${JSON.stringify(s)}`)),
    };
    const tab = world.open({ storage, inspect: (e) => void inspected.push(e) });
    await world.settle();
    tab.client.login({ login: world.server.seed.plain.email, password: world.server.seed.plain.password });
    await world.advance(5 * S, 250);
    const granted = world.server.requests.length > 0;
    expect(granted).toBe(true);
    expect(/accessToken/.test(seenText(inspected))).toBe(false);
  });
});
