// Review 124, probe 3 (held): a password change never puts the old or new password (or the captcha
// token) into an error, its body, fieldErrors, JSON, stack or util.inspect, even when a hostile
// back end (a node:http server in front of the reference server) echoes them in a 422 or a 500, in
// plain, JSON-\u, URI- and HTML-escaped forms, in messages and in keys; through createPamClient,
// neither in the mutationOutcomeUnknown event, the inspector, the debug log nor the view.
import { inspect as nodeInspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfetchAdapter, createUserModule } from '../../src/index';
import { usePamClients } from '../support/clients';
import { until } from '../support/event-loop';
import { useReferenceServer } from '../support/server';
import { type Answer, hostileProxy } from './hostile-proxy';

const ctx = useReferenceServer();
const { keep, signIn } = usePamClients(ctx);
const OLD = 'Old-Secr3t#pass';
const NEW = 'N3w&Secret<pass>';
const CAPTCHA = 'captcha-tok-0123456789abcdef';
const LEAKS = [OLD, NEW, CAPTCHA, encodeURIComponent(OLD), encodeURIComponent(NEW), 'N3w&amp;Secret'];

const u = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const echo422: Answer = (m, p, body) =>
  m === 'POST' && p.startsWith('/users/change-password/')
    ? {
        status: 422,
        body: `{"message":"old ${OLD} new ${u(NEW)} captcha ${CAPTCHA}","errors":{"password":["${html(NEW)} is weak","${encodeURIComponent(NEW)}"],"${OLD}":["key"],"old_password":["${encodeURIComponent(OLD)} wrong"]},"sent":${body}}`,
      }
    : undefined;
const echo500: Answer = (m, p, body) =>
  m === 'POST' && p.startsWith('/users/change-password/')
    ? {
        status: 500,
        body: `<pre>Whoops ${body} ${html(NEW)} ${encodeURIComponent(OLD)}</pre>`,
        headers: { 'content-type': 'text/html' },
      }
    : undefined;

function everything(value: unknown): string {
  const seen = new WeakSet();
  const json = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'function') return `fn`;
    if (v && typeof v === 'object') {
      if (seen.has(v)) return '[cycle]';
      seen.add(v);
      if (v instanceof Error)
        return {
          ...v,
          message: v.message,
          stack: v.stack,
          json: (v as { toJSON?: () => unknown }).toJSON?.(),
        };
    }
    return v;
  });
  return `${json}\n${nodeInspect(value, { depth: 12, showHidden: true })}`;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

const payload = { old_password: OLD, password: NEW, password_confirmation: NEW, captcha_token: CAPTCHA };

describe('review 124: a password change never leaks the passwords (held)', () => {
  it.each([
    ['422', echo422],
    ['500', echo500],
  ])('createUserModule: a %s echoing them', async (status, answer) => {
    const proxy = await hostileProxy(() => ctx.server.url, answer);
    closers.push(proxy.close);
    const token = ctx.server.issueToken(ctx.server.seed.plain.id);
    const user = createUserModule(createOfetchAdapter({ baseURL: proxy.url, getAccessToken: () => token }));
    const error = await user.changePassword(ctx.server.seed.plain.id, payload).catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(Number(status));
    expect(proxy.hits.filter((h) => h.path.startsWith('/users/change-password/'))).toHaveLength(1);
    const text = everything(error);
    for (const leak of LEAKS) expect(text).not.toContain(leak);
  });

  it('createPamClient: a 500 echoing them, seen by events, inspector, debug log and view', async () => {
    const proxy = await hostileProxy(() => ctx.server.url, echo500);
    closers.push(proxy.close);
    const seen: unknown[] = [];
    const lines: unknown[] = [];
    const client = keep(
      (await import('../../machines/index')).createPamClient({
        baseURL: proxy.url,
        timeout: 10_000,
        environment: { channel: null },
        inspect: (e) =>
          seen.push({
            type: e.type,
            event: (e as { event?: unknown }).event,
            snap: (e as { snapshot?: { context?: unknown } }).snapshot?.context,
          }),
        debug: (line, detail) => lines.push([line, detail]),
      }),
    );
    const outcome: unknown[] = [];
    client.on('mutationOutcomeUnknown', (e) => outcome.push(e));
    await signIn(client);
    const error = await client.user
      .changePassword(ctx.server.seed.plain.id, payload)
      .catch((e: unknown) => e);
    expect((error as { status?: number }).status).toBe(500);
    await until(() => outcome.length === 1, 'the outcome re-read');
    const text = [error, outcome, seen, lines, client.view].map(everything).join('\n');
    expect(text).toContain('mutationOutcomeUnknown');
    for (const leak of LEAKS) expect(text).not.toContain(leak);
  });
});
