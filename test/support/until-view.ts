// REVIEW29A: the view once it matches (the public entries only).
import type { SessionView } from 'pam-client/machines';

interface Viewed {
  readonly view: SessionView;
  subscribe(listener: (view: SessionView) => void): () => void;
}

/** Resolves with the view once `pred` holds (checked at once and on every change); rejects after `ms`. */
export function until(
  client: Viewed,
  pred: (view: SessionView) => boolean,
  ms = 10_000,
): Promise<SessionView> {
  return new Promise((resolve, reject) => {
    if (pred(client.view)) return resolve(client.view);
    const timer = setTimeout(() => {
      off();
      reject(new Error(`view never matched; last: ${JSON.stringify(client.view).slice(0, 400)}`));
    }, ms);
    const off = client.subscribe((view) => {
      if (!pred(view)) return;
      clearTimeout(timer);
      off();
      resolve(view);
    });
  });
}
