// Where the review book files each step's picture: by the whole path (its slug names the path's
// events with their payloads and outcomes), so two paths that share their first events never
// share a picture, and the picture shows the account and the message of its own path.

import type { Lang } from './book-words';
import type { BookPath } from './paths';

/**
 * The picture of step `index` of `path`, relative to the book root: `shots/<machine>/<slug>/<index>.png`
 * (the crop under review; `…/<index>-full.png` is the whole page); the app in pt-BR under
 * `shots/pt-BR/`.
 *
 * @example
 * pictureFile(path, 2); // 'shots/login/scenario-2fa-success/2.png'
 * pictureFile(path, 2, false, 'pt-BR'); // 'shots/pt-BR/login/scenario-2fa-success/2.png'
 */
export function pictureFile(path: BookPath, index: number, whole = false, lang: Lang = 'en'): string {
  return `shots/${lang === 'en' ? '' : `${lang}/`}${path.machine}/${path.slug}/${index}${whole ? '-full' : ''}.png`;
}
