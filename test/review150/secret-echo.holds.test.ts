// REVIEW150 probes (hold): a hostile server that echoes the login's body (password, 2FA code) into
// its refusals' message, field errors and every string it can: nothing a binding hands the app
// (vanilla's views, the Svelte store's values, React's useSession value and its server-rendered
// HTML) reaches the password or the code, by any own property (non-enumerable `cause`/`body` too).
import { createPamClient, type PamClient, type SessionView } from 'pam-client/machines';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { get } from 'svelte/store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '../../src/bindings/react';
import { sessionStore } from '../../src/bindings/svelte';
import { onSessionChange } from '../../src/bindings/vanilla';
import { until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS } from '../support/server';
import { reachableStrings } from './counted';
import { echoServer, json } from './echo-server';

let srv: Awaited<ReturnType<typeof echoServer>>;
beforeAll(async () => {
  srv = await echoServer();
});
afterAll(() => srv.close());
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
});

const PASSWORD = 'Pw-9f3kQz-secret';
const CODE = '482913';

const echo = (body: string) => ({
  message: `bad: ${body} ${PASSWORD}`,
  error: body,
  errors: {
    password: [`${body}`],
    login: [`no ${PASSWORD}`],
    two_factor_code: [CODE],
    other: [`x ${CODE} y`],
  },
});

describe('a server echoing the secrets', () => {
  it('no binding hands out the password or the 2FA code', async () => {
    srv.on((body, _path, res) => {
      if (body.includes('two_factor_code')) return json(res, 422, echo(body));
      if (body.includes('password'))
        return json(res, 200, { type: 'two_factor_code', message: body, hint: PASSWORD });
      json(res, 401, echo(body));
    });
    const c = createPamClient({
      baseURL: srv.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
    });
    clients.push(c);
    await until(
      () => c.view.status === 'signedOut',
      () => c.view.status,
    );
    const views: SessionView[] = [];
    const stop = onSessionChange(c, (v) => views.push(v));
    const store = sessionStore(c);
    const stored: SessionView[] = [];
    const off = store.subscribe((v) => stored.push(v));
    const html: string[] = [];
    const Page = () => {
      const s = useSession(c);
      return createElement('pre', null, JSON.stringify(s), String(s.error), s.error?.message ?? '');
    };
    html.push(renderToString(createElement(Page)));

    c.login({ login: 'player@example.com', password: PASSWORD });
    await until(
      () => c.view.status === 'twoFactorRequired',
      () => c.view.status,
    );
    html.push(renderToString(createElement(Page)));
    c.submitCode(CODE);
    await until(
      () => c.view.status === 'twoFactorRequired' && c.view.error !== null,
      () => c.view.status,
    );
    html.push(renderToString(createElement(Page)));
    expect(c.view.error).not.toBeNull();
    const all = [...views, ...stored, get(store)];
    const strings = all.flatMap((v) => reachableStrings(v));
    expect(strings.length).toBeGreaterThan(20);
    expect(strings.filter((s) => s.includes(PASSWORD) || s.includes(CODE))).toEqual([]);
    expect(html.filter((h) => h.includes(PASSWORD) || h.includes(CODE))).toEqual([]);
    stop();
    off();
  });
});
