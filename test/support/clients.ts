import { afterEach } from 'vitest';
import { createPamClient, type PamClient, type PamClientOptions } from '../../machines/index';
import { until } from './event-loop';
import { REAL_TIME_TIMEOUT_MS, type ServerFixture } from './server';

/** A seeded account of the reference server (`ctx.server.seed`). */
type SeedAccount = keyof ServerFixture['server']['seed'];

/**
 * Clients of the reference server, each stopped after its test: `client(options?)` makes one (the
 * operator preset, a 10 s timeout, no channel, unless `options` says otherwise), `keep(c)` stops one
 * made otherwise, `signIn(c, who)` logs a client in as a seeded account and waits for `signedIn`.
 * The timeout runs on real time: generous ({@link REAL_TIME_TIMEOUT_MS}), so a login or a read the
 * test needs is never cut short on a loaded machine; a test of a timeout sets its own.
 */
export function usePamClients(ctx: ServerFixture) {
  const made: { stop(): void }[] = [];
  afterEach(() => {
    for (const c of made.splice(0)) c.stop();
  });
  const keep = <C extends { stop(): void }>(c: C): C => {
    made.push(c);
    return c;
  };
  const client = (options: Omit<Partial<PamClientOptions>, 'baseURL'> = {}): PamClient =>
    keep(
      createPamClient({
        baseURL: ctx.server.url,
        timeout: REAL_TIME_TIMEOUT_MS,
        ...options,
        environment: { channel: null, ...options.environment },
      }),
    );
  const signIn = async (c: PamClient, who: SeedAccount = 'plain') => {
    const { email, password } = ctx.server.seed[who];
    c.login({ login: email, password });
    await until(() => c.view.status === 'signedIn', 'signed in');
  };
  return { client, keep, signIn };
}
