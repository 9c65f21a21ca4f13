import { afterEach, describe, expect, it } from 'vitest';
import { createCustomPamClient, userModule } from '../../machines/index';
import { acceptedStoreOf } from '../../machines/session/accepted-store';
import { createReferenceFetch } from '../../src/testing/index';
import { until } from '../support/event-loop';

// A pause accepted through `client.user` is kept for its player beside the client's token store
// (O-8, O-12), also in a client whose only flow is the user module (no profile or tabs flow to
// make the store): the user module finds it beside the session's token store when it needs it,
// so a client without the user module does not bundle it.

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('an accepted pause kept with the user module alone', () => {
  it('is in the accepted store of the client token store, for the player, on the server clock', async () => {
    const kit = createReferenceFetch();
    const c = createCustomPamClient({
      baseURL: kit.baseURL,
      fetch: kit,
      environment: { channel: null },
      retry: 0,
      flows: [userModule()],
    });
    stops.push(c.stop);
    expect(acceptedStoreOf(c.tokens).recall(1, 0)).toBeNull();
    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(() => c.view.status === 'signedIn', 'signed in');
    const userId = c.view.user!.id as number;
    await c.user.setTimeoutLimits({ user_pause: 7, reason: 1, password_check: kit.seed.plain.password });
    const kept = acceptedStoreOf(c.tokens).recall(userId, c.environment.serverNow());
    expect(kept).toMatchObject({ kind: 'pause' });
    expect(acceptedStoreOf(c.tokens).recall(userId + 1, c.environment.serverNow())).toBeNull();
  });
});
