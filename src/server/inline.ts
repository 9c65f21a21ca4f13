// The seed as a server render inlines it in its page.

import type { PamSessionSeed } from './types';

const UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * `initial` (a `PamSessionSeed`) as JSON safe to inline in an HTML `<script>` element, whether
 * `type="application/json"` or code (`window.pamSession = …`): `<`, `>`, `&`, U+2028 and U+2029
 * are written as `\uXXXX` escapes, so a player's name or address holding `</script>`, `<!--` or a
 * line separator can neither end the element nor run as script. `JSON.parse` of it gives the seed
 * back unchanged. The framework recipes (SvelteKit, Nuxt, Next) serialise safely on their own; a
 * hand-written page uses this.
 *
 * @example
 * const { initial } = await pam.getSession(request);
 * html += `<script id="pam-session" type="application/json">${serializeSeed(initial)}</script>`;
 * // in the browser:
 * createServerSessionClient({ initial: JSON.parse(document.getElementById('pam-session')!.textContent!) });
 */
export const serializeSeed = (initial: PamSessionSeed): string =>
  JSON.stringify(initial).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
