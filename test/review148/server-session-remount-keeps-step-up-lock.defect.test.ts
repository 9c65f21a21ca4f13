// Review 148: review 136 kept the server-session client's accepted records and play clocks per page
// (`pageOf`), so a client made again in the same page (a remount, a hot reload) keeps them without
// `localStorage`. The step-up count was left per client: its memory was keyed by the token store,
// and the server-session client has none, so the core counted per adapter (`memoryOf`, a new one
// per client): three wrong passwords locked, the remounted client sent more for the same player.
import { afterEach, describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { browserProfile, runningClock, usePam } from '../server-session/support';
import { until } from '../support/event-loop';

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients: ServerSessionClientBase[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

type WithUser = ServerSessionClientBase & {
  user: { updateEmail(p: { email: string; password_check: string }): Promise<unknown> };
};

function open(fetch: typeof globalThis.fetch, prefix?: string) {
  const c = createServerSessionClient({
    fetch,
    ...(prefix && { prefix }),
    flows: [userModule()],
    environment: { channel: null },
  });
  clients.push(c);
  return c as WithUser;
}

const sentPasswords = () =>
  ref.server.requests.filter((r) => r.body && typeof r.body === 'object' && 'password_check' in r.body)
    .length;

const wrong = (c: WithUser, n: number) =>
  c.user.updateEmail({ email: `x${n}@example.com`, password_check: `wrong-${n}` }).then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

describe('review 148: a server-session client remounted in the same page keeps the step-up lock', () => {
  it('no localStorage: three wrong passwords lock; the next client (same page, same player) sends none', async () => {
    expect((globalThis as { localStorage?: unknown }).localStorage).toBeUndefined();
    const profile = browserProfile(fx.served.url);
    const a = open(profile.fetch);
    await a.ready;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.restrictions?.status === 'current', 'signed in, restrictions read');
    const before = sentPasswords();
    for (let n = 0; n < 3; n++) await wrong(a, n);
    expect(sentPasswords() - before).toBe(3);
    expect(await wrong(a, 3)).toBe('step_up_locked');
    a.stop();
    const b = open(profile.fetch);
    await b.ready;
    await until(() => b.view.status === 'signedIn', 'the cookie session taken');
    expect(await wrong(b, 4)).toBe('step_up_locked');
    expect(sentPasswords() - before).toBe(3);
  });

  it('another page (its own fetch) keeps its own count: its first wrong password is sent', async () => {
    const one = browserProfile(fx.served.url);
    const a = open(one.fetch);
    await a.ready;
    const { plain } = ref.server.seed;
    a.login({ login: plain.email, password: plain.password });
    await until(() => a.view.restrictions?.status === 'current', 'signed in');
    for (let n = 0; n < 3; n++) await wrong(a, n);
    expect(await wrong(a, 3)).toBe('step_up_locked');
    const other = browserProfile(fx.served.url);
    const b = open(other.fetch);
    await b.ready;
    b.login({ login: plain.email, password: plain.password });
    await until(() => b.view.restrictions?.status === 'current', 'signed in in the other page');
    const before = sentPasswords();
    expect(await wrong(b, 4)).not.toBe('step_up_locked');
    expect(sentPasswords() - before).toBe(1);
  });
});
