// Review 112 (probe 5, held): the server-rendered seed. `getSession` against a hostile API whose
// profile holds the session's token (`user.token`, echoed in `name`), `</script>`, `<!--`, U+2028 /
// U+2029 and `__proto__` / `constructor` keys; then `serializeSeed` as a hand-written page inlines
// it, and the browser client's `parseSeed` of hostile seeds. Real sockets (the hostile API).
import { describe, expect, it } from 'vitest';
import { parseSeed } from '../../machines/server-session/seed';
import { serializeSeed } from '../../src/server/inline';
import { APP, fullInfo, json, loginOk, pamFor, signIn, TOKEN, useHostile, user } from '../server/hostile';

const hostile = useHostile();
const NAME = `</script><script>alert(1)</script><!-- \u2028\u2029 ${TOKEN}`;

describe('review 112: the seed a page inlines (held)', () => {
  it('no token, nothing that ends the element or runs, no prototype key; parses back', async () => {
    const api = await hostile.api();
    const profile = `{"user":${JSON.stringify(user({ name: NAME, address: '</SCRIPT >' })).slice(0, -1)},"__proto__":{"polluted":true}},"userInfo":${JSON.stringify({ ...(loginOk().userInfo as object), ...fullInfo() }).slice(0, -1)},"constructor":{"prototype":{"polluted":true}}}}`;
    api.handler = (req, res) => {
      if (req.url === '/auth/login') return json(res, 200, loginOk());
      if (req.url?.startsWith('/auth/user-profile')) return json(res, 200, profile);
      return json(res, 404, {});
    };
    const pam = pamFor(api);
    const cookie = await signIn(pam);
    const { initial, player } = await pam.getSession(new Request(`${APP}/`, { headers: { cookie } }));
    expect(initial.status).toBe('signedIn');
    const html = serializeSeed(initial);
    expect(html).not.toContain(TOKEN);
    expect(JSON.stringify(player)).not.toContain(TOKEN);
    expect(html.toLowerCase()).not.toContain('</script');
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/[<>&\u2028\u2029]/);
    expect(html).not.toContain('__proto__');
    const back = JSON.parse(html);
    expect(back).toEqual(JSON.parse(JSON.stringify(initial)));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // What the browser client makes of it: taken, no token field.
    expect(parseSeed(back)?.status).toBe('signedIn');
  });

  it('the browser client refuses a seed carrying a token key or __proto__ at any depth', () => {
    const base = { status: 'signedIn', loginId: 'l1', readAt: 1, expiresAt: 2, userInfo: {} };
    const hostileSeeds = [
      { ...base, user: { id: 1, token: TOKEN } },
      { ...base, user: { id: 1, meta: { Refresh_Token: TOKEN } } },
      JSON.parse(
        `{"status":"signedIn","loginId":"l1","readAt":1,"expiresAt":2,"userInfo":{},"user":{"id":1,"__proto__":{"isAdmin":true}}}`,
      ),
      { ...base, user: { id: 1 }, userInfo: { a: [{ b: { apiToken: TOKEN } }] } },
    ];
    for (const s of hostileSeeds) expect(parseSeed(s)).toBeNull();
    expect(parseSeed({ ...base, user: { id: 1 } })?.status).toBe('signedIn');
  });
});
