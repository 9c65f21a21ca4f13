// REVIEW103 — severity MEDIUM.
// What happens: a login answer whose `user` carries a token in one of the nested objects the
// schemas keep open (`user.document.token`, `user.country_data.token`, `user.wallet.real.token`)
// puts that token in `client.view.user`, hence in every binding (Vue refs, Svelte store, vanilla
// listener, React's `useSession`), the `signedIn` event and `JSON.stringify(view)`. It stays there until a profile
// read replaces `user` (never, while that read fails). The login path drops `user.token` only
// (machines/login/request.ts `withoutUserToken`); the profile and tabs paths drop every key
// ending in `token` at any depth (`withoutTokens`, review 67).
// What should happen: API.md "The view never holds a secret or a token": the login answer's `user`
// (and `userInfo`) go through the same `withoutTokens` rule as a profile's before they reach the
// session's context, so no view, snapshot or binding ever shows one.
import { createPamClient, type SessionView } from 'pam-client/machines';
import { createReferenceFetch } from 'pam-client/testing';
import { get } from 'svelte/store';
import { afterEach, describe, expect, it } from 'vitest';
import { effectScope } from 'vue';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { useSession } from '../../src/bindings/vue';
import { until } from '../support/event-loop';

const SECRETS = ['DOC-TOKEN-5a1b', 'COUNTRY-TOKEN-6c2d', 'WALLET-TOKEN-7e3f'];
const stops: (() => void)[] = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

describe('a login answer with a token nested in the player', () => {
  it('never reaches the view or a binding', async () => {
    const kit = createReferenceFetch();
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const res = await kit(input, init);
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes('/auth/login') || res.status !== 200) return res;
      const body = (await res.json()) as { user?: Record<string, Record<string, unknown>> };
      if (body.user) {
        body.user.document = { ...body.user.document, token: SECRETS[0] };
        body.user.country_data = { ...body.user.country_data, token: SECRETS[1] };
        const wallet = body.user.wallet as { real?: Record<string, unknown> } | undefined;
        if (wallet?.real) wallet.real.token = SECRETS[2];
      }
      return new Response(JSON.stringify(body), { status: 200, headers: res.headers });
    };
    // The profile read fails (a 5xx): the login answer's player is what the view keeps.
    kit.faults.add({ path: '/auth/user-profile', status: 503, body: { message: 'down' } });
    const c = createPamClient({ baseURL: kit.baseURL, fetch, environment: { channel: null }, retry: 0 });
    stops.push(() => c.stop());
    const seen: SessionView[] = [];
    const events: unknown[] = [];
    stops.push(c.on('signedIn', (e) => events.push(e)));
    stops.push(onSessionChange(c, (v) => seen.push(v)));
    const store = sessionStore(c);
    const scope = effectScope();
    stops.push(() => scope.stop());
    const vue = scope.run(() => useSession(c))!;
    await until(() => c.view.status === 'signedOut');

    c.login({ login: kit.seed.plain.email, password: kit.seed.plain.password });
    await until(
      () => c.view.status === 'signedIn' && c.view.restrictions?.error != null,
      () => c.view.status,
    );
    const shown =
      JSON.stringify(c.view) +
      seen.map((v) => JSON.stringify(v)).join('') +
      JSON.stringify(get(store)) +
      JSON.stringify(vue.view.value) +
      JSON.stringify(vue.user.value) +
      JSON.stringify(events);
    for (const secret of SECRETS) expect(shown).not.toContain(secret);
  });
});
