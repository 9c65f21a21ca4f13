// REVIEW103 probes (hold): the server-session client in server renders (no page, relative prefix).
// - Two players rendered at once in one process (Vue and React server renderers, interleaved):
//   each page shows its own player only, never free to bet, nothing sent, commands do nothing.
// - A seed carrying a token field anywhere is not believed (signed out), so no render shows it.
// - serializeSeed escapes a player's `</script>` so the inlined seed cannot end its element.
import type { PamSessionSeed } from 'pam-client';
import { createServerSessionClient } from 'pam-client/machines';
import { createElement as h } from 'react';
import { renderToString as renderReact } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createSSRApp, defineComponent, h as vh } from 'vue';
import { renderToString as renderVue } from 'vue/server-renderer';
import { useSession as useReactSession } from '../../src/bindings/react';
import { useSession as useVueSession } from '../../src/bindings/vue';
import { serializeSeed } from '../../src/server/index';
import { answeredUserInfo } from '../support/answered-user-info';

const seedOf = (id: number, email: string, over: Partial<PamSessionSeed> = {}): PamSessionSeed => ({
  status: 'signedIn',
  user: { id, email, cancelled_account: false } as PamSessionSeed['user'],
  userInfo: answeredUserInfo(),
  readAt: Date.now() - 500,
  loginId: `login-${id}`,
  expiresAt: Date.now() + 3_600_000,
  ...over,
});

const make = (initial: PamSessionSeed) => createServerSessionClient({ initial });
type Client = ReturnType<typeof make>;
const line = (v: Client['view']) =>
  `${v.status}|${v.user?.email ?? '-'}|${String(v.restrictions?.canBet ?? false)}`;

async function renderBoth(client: Client): Promise<string> {
  const V = defineComponent({
    setup() {
      const { view } = useVueSession(client);
      return () => vh('p', line(view.value));
    },
  });
  const R = () => h('p', null, line(useReactSession(client) as unknown as Client['view']));
  const vue = await renderVue(createSSRApp(V));
  await Promise.resolve();
  return `${vue}${renderReact(h(R))}`;
}

describe('server renders of the server-session client', () => {
  it('two players rendered at once each see their own player only, never free to bet', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (input: unknown) => {
      fetched.push(String(input));
      return Promise.reject(new Error('no request in a server render'));
    });
    const pages = await Promise.all(
      [
        [1, 'ana@example.com'],
        [2, 'bruno@example.com'],
        [1, 'ana@example.com'],
        [2, 'bruno@example.com'],
      ].map(async ([id, email]) => {
        await Promise.resolve();
        const client = make(seedOf(id as number, email as string));
        client.login({ login: 'other@example.com', password: 'x' });
        client.logout();
        const html = await renderBoth(client);
        client.stop();
        return { email: email as string, html };
      }),
    );
    for (const { email, html } of pages) {
      const other = email.startsWith('ana') ? 'bruno@example.com' : 'ana@example.com';
      expect(html).toContain(`signedIn|${email}|false`);
      expect(html).not.toContain(other);
      expect(html).not.toContain('|true');
    }
    expect(fetched).toEqual([]);
  });

  it('a seed with a token field anywhere renders signed out, the token nowhere', async () => {
    const seed = seedOf(3, 'carla@example.com', {
      user: {
        id: 3,
        email: 'carla@example.com',
        document: { type: 'cpf', number: '1', token: 'SEED-TOKEN-99' },
      } as unknown as PamSessionSeed['user'],
    });
    const client = make(seed);
    const html = await renderBoth(client);
    expect(html).not.toContain('SEED-TOKEN-99');
    expect(JSON.stringify(client.view)).not.toContain('SEED-TOKEN-99');
    expect(client.view.status).toBe('signedOut');
    client.stop();
  });

  it('serializeSeed: a name holding </script> cannot end the element, and parses back', () => {
    const seed = seedOf(4, 'd@example.com', {
      user: {
        id: 4,
        email: 'd@example.com',
        name: '</script><script>alert(1)</script>\u2028',
      } as PamSessionSeed['user'],
    });
    const text = serializeSeed(seed);
    expect(text).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(text)).toEqual(seed);
  });
});
