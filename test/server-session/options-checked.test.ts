// REVIEW-O 6 (server-session half, FIXOPTS's note): `createServerSessionClient` took an
// `environment`, `onStepUp` or a flow twice that cannot work, and failed later (or ran a part twice).
// It now shares the browser client's checks: a ConfigurationError naming the option, nothing sent.

import { ConfigurationError } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createServerSessionClient, playTime, userModule } from '../../machines/index';

const fetchSpy = () => {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return new Response('{"status":"signedOut"}', { headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
};

describe('createServerSessionClient options checked at creation', () => {
  it.each([
    ['environment', { environment: 'prod' }],
    ['environment.timers', { environment: { timers: {} } }],
    ['environment.chanel', { environment: { chanel: null } }],
    ['onStepUp', { onStepUp: 'x' }],
    ['flows[1]', { flows: [userModule(), userModule()] }],
    ['flows[1]', { flows: [playTime(), playTime()] }],
  ])('%s: ConfigurationError naming it, nothing sent', (name, bad) => {
    const { calls, fetch } = fetchSpy();
    let error: unknown;
    try {
      createServerSessionClient({ fetch, ...(bad as object) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain(name);
    expect(calls).toEqual([]);
  });

  it('good options still make a client', () => {
    const { fetch } = fetchSpy();
    const client = createServerSessionClient({ fetch, flows: [userModule()], onStepUp: async () => 'p' });
    expect(client.view.status).toBeTypeOf('string');
    client.stop();
  });
});
