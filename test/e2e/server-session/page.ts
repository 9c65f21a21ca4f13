// A page of a server-rendered app in server-session mode: the client starts from the seed the
// server rendered into the page (`window.__PAM_SEED__`), and the page keeps, for the test, every
// answer it received (bodies and headers a script can read) and every message on the tabs channel.

import type { PamSessionSeed } from 'pam-client';
import { createServerSessionClient, userModule } from 'pam-client/machines';

declare global {
  interface Window {
    __PAM_SEED__?: PamSessionSeed;
    pam: unknown;
  }
}

const answers: string[] = [];
const heard: unknown[] = [];
// Another end of the client's channel: it hears everything the client posts.
new BroadcastChannel('pam-client:server-session:/pam').addEventListener('message', (e) => heard.push(e.data));

const client = createServerSessionClient({
  initial: window.__PAM_SEED__ ?? null,
  flows: [userModule()],
  fetch: async (input, init) => {
    const res = await fetch(input, init);
    const text = await res.clone().text();
    answers.push(`${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${text}`);
    return res;
  },
});

window.pam = {
  client,
  firstStatus: client.view.status,
  view: () => client.view,
  ready: () => client.ready.then((v) => v.status),
  login: (login: string, password: string) => client.login({ login, password }),
  submitCode: (code: string) => client.submitCode(code),
  logout: () => client.logout(),
  token: () => client.tokens.get(),
  answers: () => answers,
  heard: () => heard,
  storage: () => ({
    local: JSON.stringify({ ...localStorage }),
    session: JSON.stringify({ ...sessionStorage }),
    cookie: document.cookie,
  }),
  /** `n` calls at once: profile reads and login-history pages; the player ids each answer names. */
  async burst(n: number) {
    const calls = Array.from({ length: n }, (_, i) =>
      i % 2 === 0
        ? client.auth.getUserProfile().then((p) => [p.user.id as number])
        : client.user.getLoginHistory().then(() => [] as number[]),
    );
    const settled = await Promise.allSettled(calls);
    return settled.map((s) => (s.status === 'fulfilled' ? s.value : `error:${String(s.reason?.code)}`));
  },
};
