// REVIEW150 probes (hold): a server render (renderToString) with a LIVE, signed-in client kept in a
// module (createPamClient, reference server over a socket): useSession, useSelector(client.state)
// and useActor(incomeReportMachine) subscribe nothing, arm no timer, send nothing, and the HTML
// (each hook's whole value dumped into it) holds no password nor token.
import { createPamClient, incomeReportMachine, type PamClient } from 'pam-client/machines';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useActor, useSelector, useSession } from '../../src/bindings/react';
import { turns, until } from '../support/event-loop';
import { REAL_TIME_TIMEOUT_MS, useReferenceServer } from '../support/server';
import { countSubscriptions } from './counted';

const ctx = useReferenceServer();
const clients: PamClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.stop();
  vi.restoreAllMocks();
});

describe('React server render of a live client', () => {
  it('no subscription, timer or request; no secret in the HTML', async () => {
    const c = createPamClient({
      baseURL: ctx.server.url,
      timeout: REAL_TIME_TIMEOUT_MS,
      environment: { channel: null },
    });
    clients.push(c);
    const { email, password } = ctx.server.seed.plain;
    c.login({ login: email, password });
    await until(
      () => c.view.restrictions?.status === 'current',
      () => c.view.status,
    );
    const token = (await c.tokens.get())?.accessToken ?? '';
    expect(token.length).toBeGreaterThan(8);
    const count = countSubscriptions(c);
    const user = c.user!;
    await turns(5);
    const sent = ctx.server.requests.length;
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    const intervals = vi.spyOn(globalThis, 'setInterval');

    const Page = () => {
      const view = useSession(c);
      const canBet = useSelector(c.state, (v) => v.restrictions?.canBet);
      const { snapshot } = useActor(incomeReportMachine, { input: { user } });
      return createElement(
        'pre',
        null,
        JSON.stringify({ view, canBet, report: { value: snapshot.value, context: snapshot.context } }),
      );
    };
    const html = renderToString(createElement(Page));
    const timersArmed = timeouts.mock.calls.length + intervals.mock.calls.length;
    timeouts.mockRestore();
    intervals.mockRestore();
    await turns(10);

    expect(html).toContain(email);
    expect(html).toContain('&quot;canBet&quot;:true');
    expect(count.made()).toBe(0);
    expect(timersArmed).toBe(0);
    expect(ctx.server.requests.length).toBe(sent);
    expect(html).not.toContain(password);
    expect(html).not.toContain(token);
  });
});
