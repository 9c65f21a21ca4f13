// Review 122: an answer of a hostile API (real sockets) relayed by the server session's proxy to a
// signed-in browser (a password change, as review 118), the text the browser gets.
import { APP, type HostileAPI, json, loginOk, pamFor, signIn } from '../server/hostile';

export async function through(api: HostileAPI, upstream: unknown) {
  api.handler = (req, res) => {
    if (req.url?.startsWith('/auth/login')) return json(res, 200, loginOk());
    if (req.url === '/auth/logout') return json(res, 204, '');
    return json(res, 200, upstream);
  };
  const pam = pamFor(api, { origin: APP });
  const cookie = await signIn(pam);
  const answer = (await pam.handle(
    new Request(`${APP}/pam/users/change-password/1`, {
      method: 'POST',
      headers: { cookie, 'x-pam-client': '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        old_password: 'Old12345!',
        password: 'New12345!',
        password_confirmation: 'New12345!',
      }),
    }),
  ))!;
  return { status: answer.status, text: await answer.text() };
}

/** Whether the browser's text holds `value` (read as JSON: escapes such as `\ud83d` undone). */
export const holds = (text: string, value: string): boolean => deepHas(JSON.parse(text), value);

function deepHas(v: unknown, value: string): boolean {
  if (typeof v === 'string') return v.includes(value);
  if (typeof v !== 'object' || v === null) return false;
  return Object.values(v).some((x) => deepHas(x, value));
}
