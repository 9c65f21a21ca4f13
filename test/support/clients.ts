import { afterEach } from 'vitest';
import { createPamClient, type PamClient } from '../../machines/index';
import type { ServerFixture } from './server';

/**
 * Clients of the reference server, each stopped after its test: `client()` makes one (the
 * operator preset, a 2 s timeout, no channel), `keep(c)` stops one made otherwise.
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
  const client = (): PamClient =>
    keep(createPamClient({ baseURL: ctx.server.url, timeout: 2000, environment: { channel: null } }));
  return { client, keep };
}
