import { afterEach, describe, expect, it } from 'vitest';
import { sessionActorOf } from '../../machines/devtools';
import { createPamClient, type PamClient } from '../../machines/index';
import { createReferenceFetch } from '../../src/testing/index';
import { until } from '../support/event-loop';

// The limits an accepted `updateLimits` keeps (R-2, U-1) are its `user_limit_*` fields as sent:
// the payload's step-up fields (`password_check`) are sent but never kept, so the
// password reaches no snapshot of the session or its profile flow (the filter in
// `withProfileRecheck` is what drops them: the call's reader keeps them in what it sends).

const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

describe('an accepted limit change keeps its limit fields only', () => {
  it('no password_check in the profile flow or the session snapshot', async () => {
    const kit = createReferenceFetch();
    const c = createPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      environment: { channel: null },
      retry: 0,
    } as never);
    clients.push(c);
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(() => c.view.restrictions?.status === 'current', 'signed in, read');
    await c.user.updateLimits({
      user_limit_time: 1,
      user_limit_time_period: 'daily',
      password_check: kit.seed.plain.password,
    });
    const profile = (
      sessionActorOf(c).getSnapshot().children.profile!.getSnapshot() as unknown as {
        context: { limits?: { fields: Record<string, unknown> } };
      }
    ).context;
    const kept = profile.limits;
    expect(Object.keys(kept?.fields ?? {}).sort()).toEqual([
      'user_limit_time',
      'user_limit_time_active',
      'user_limit_time_period',
    ]);
    const seen = JSON.stringify([sessionActorOf(c).getSnapshot().context, profile], (_k, v) =>
      typeof v === 'function' ? undefined : v,
    );
    expect(seen).not.toContain(kit.seed.plain.password);
  });
});
