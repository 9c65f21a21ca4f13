// A browser profile's fetch whose next login answers (`/auth/login`) have their body cut off once
// their head is in (the cookie stored): the connection reset mid-body (reviews 50 and 51).
import type { browserProfile } from '../server-session/support';

/** `profile.fetch`, the next `armed` login answers (more with `arm()`) cut off after their head. */
export function bodyCutOff(profile: ReturnType<typeof browserProfile>, armed = 0) {
  const cut = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const res = await profile.fetch(input, init);
    if (!armed || !url.endsWith('/auth/login')) return res;
    armed--;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new TypeError('network error: connection reset'));
      },
    });
    return new Response(body, { status: res.status, headers: res.headers });
  }) as typeof fetch;
  return { fetch: cut, arm: () => armed++ };
}
