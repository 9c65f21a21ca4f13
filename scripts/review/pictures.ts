// Where the review book files each step's picture: by the whole path (its slug names the path's
// events with their payloads and outcomes), so two paths that share their first events never
// share a picture, and the picture shows the account and the message of its own path.

import type { BookPath } from './paths';

/**
 * The picture of step `index` of `path`, relative to the book root: `shots/<machine>/<slug>/<index>.png`
 * (the crop under review; `…/<index>-full.png` is the whole page).
 *
 * @example
 * pictureFile(path, 2); // 'shots/login/scenario-2fa-success/2.png'
 */
export function pictureFile(path: BookPath, index: number, whole = false): string {
  return `shots/${path.machine}/${path.slug}/${index}${whole ? '-full' : ''}.png`;
}
