// REVIEW137 probes (hold): pam-client/svelte's sessionStore under Svelte 5's server renderer
// (`svelte/server` render of a component compiled here with `generate: 'server'`), given the live
// client (createPamClient, reference server over a socket, a player signed in): render after render
// leaves no listener on the client, and the HTML holds the view, never the access token.
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createPamClient, type SessionView } from 'pam-client/machines';
import { compile } from 'svelte/compiler';
import { render } from 'svelte/server';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionStore } from '../../src/bindings/svelte';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';

const ctx = useReferenceServer();
const file = fileURLToPath(new URL('./.generated-session-panel.js', import.meta.url));
afterAll(() => rmSync(file, { force: true }));

const SOURCE = `<script>let { session } = $props();</script>
<p>{$session.status}:{$session.user?.email ?? '-'}:{String($session.restrictions?.canBet)}:{JSON.stringify($session)}</p>`;

describe('sessionStore in a Svelte server render', () => {
  it('no listener left after renders, the view in the HTML and no token', async () => {
    writeFileSync(file, compile(SOURCE, { generate: 'server', filename: 'SessionPanel.svelte' }).js.code);
    // biome-ignore lint/suspicious/noExplicitAny: a component compiled at run time
    const Panel = (await import(/* @vite-ignore */ pathToFileURL(file).href)).default as any;
    const c = createPamClient({
      baseURL: ctx.server.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
    });
    try {
      await until(() => c.view.status === 'signedOut');
      c.login({ login: ctx.server.seed.plain.email, password: ctx.server.seed.plain.password });
      await until(
        () => c.view.restrictions?.status === 'current',
        () => c.view.status,
      );
      const token = (await c.tokens.get())?.accessToken;
      expect(token).toBeTruthy();
      let live = 0;
      const counted = {
        get view() {
          return c.view;
        },
        subscribe(listener: (v: SessionView) => void) {
          live++;
          const off = c.subscribe(listener);
          return () => {
            live--;
            off();
          };
        },
        login: c.login,
        register: c.register,
        submitCode: c.submitCode,
        cancel: c.cancel,
        logout: c.logout,
      };
      for (let i = 0; i < 5; i++) {
        const { body } = render(Panel, { props: { session: sessionStore(counted) } });
        expect(body).toContain(`signedIn:${ctx.server.seed.plain.email}:true`);
        expect(body).not.toContain(token!);
      }
      expect(live).toBe(0);
    } finally {
      c.stop();
    }
  });
});
