import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAuthModule, createMemoryTokenStore, createOfetchAdapter } from 'pam-client';
import { createPamClient, createServerSessionClient, sessionMachine } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { initialTransition } from 'xstate';
import { servicesOf } from '../../machines/session/context';
import { turns } from '../support/event-loop';

// The session's services are kept beside its actor (a key in the context): that registry must not
// keep a client alive. A server renders with a client per request; a page makes one per mount.
// Nothing is sent: every client points at a closed port and is stopped at once (or simply dropped).

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const NOWHERE = 'http://127.0.0.1:9/api';
const refuse = (async () => {
  throw new TypeError('no network in this test');
}) as typeof fetch;

async function collected(make: () => object, n = 40): Promise<number> {
  const refs: WeakRef<object>[] = [];
  (() => {
    for (let i = 0; i < n; i++) refs.push(new WeakRef(make()));
  })();
  for (let i = 0; i < 10 && refs.some((r) => r.deref()); i++) {
    await turns(2);
    gc();
  }
  return refs.filter((r) => r.deref() === undefined).length;
}

describe('clients are collected once the app lets them go', () => {
  it('createPamClient, stopped or only dropped', async () => {
    const stopped = await collected(() => {
      const client = createPamClient({
        baseURL: NOWHERE,
        fetch: refuse,
        storage: createMemoryTokenStore(),
        environment: { channel: null },
      });
      client.stop();
      return client;
    });
    const dropped = await collected(() =>
      createPamClient({
        baseURL: NOWHERE,
        fetch: refuse,
        storage: createMemoryTokenStore(),
        environment: { channel: null },
      }),
    );
    // All of them (a few may still be on their way out: most is the proof, none is the leak).
    expect(stopped).toBeGreaterThanOrEqual(36);
    expect(dropped).toBeGreaterThanOrEqual(36);
  });

  it('createServerSessionClient, stopped', async () => {
    const stopped = await collected(() => {
      const client = createServerSessionClient({
        prefix: '/pam',
        fetch: refuse,
        initial: { status: 'signedOut' } as never,
        environment: { channel: null },
      });
      client.stop();
      return client;
    });
    expect(stopped).toBeGreaterThanOrEqual(36);
  });

  it('a pure replay keeps its services while the caller holds the input (its stand-in actor is gone at once)', async () => {
    const input = {
      auth: createAuthModule(createOfetchAdapter({ baseURL: NOWHERE, fetch: refuse })),
      tokens: createMemoryTokenStore(),
      environment: { channel: null },
    };
    const [snapshot] = initialTransition(sessionMachine, input);
    for (let i = 0; i < 5; i++) {
      await turns(2);
      gc();
    }
    expect(servicesOf(snapshot.context).tokens.get()).toBeNull();
  });
});
