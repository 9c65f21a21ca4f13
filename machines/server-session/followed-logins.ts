// The app's own logins (`client.auth.login`, `registerSimplified`) set the cookie the page's
// session stands on: one that signs a player in is followed as another tab's login is (the
// session reads it; the other tabs are told), never left signed out over a live login.

import { serverSessionOf } from './auth';

/** `auth` whose logins, once an answer grants a login (`server_session.login_id`), call `follow` with it. */
export function followedLogins<A extends object>(auth: A, follow: (loginId: string) => void): A {
  const wrap =
    (name: 'login' | 'registerSimplified') =>
    (...args: unknown[]) =>
      (auth as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args).then((answer) => {
        const loginId = serverSessionOf(answer)?.login_id;
        if (loginId) follow(loginId);
        return answer;
      });
  return { ...auth, login: wrap('login'), registerSimplified: wrap('registerSimplified') };
}
