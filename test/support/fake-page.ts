// A page whose visibility, focus and network a test flips.

import type { PamEnvironment } from '../../machines/environment';

/**
 * Visibility, focus and network that a test flips, with the listeners the client added.
 *
 * @example
 * const page = new FakePage();
 * const client = createPamClient({ baseURL, environment: { ...page.signals() } });
 * page.setHidden(true);
 */
export class FakePage {
  hidden = false;
  online = true;
  private visibility = new Set<(hidden: boolean) => void>();
  private focus = new Set<() => void>();
  private network = new Set<(online: boolean) => void>();

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    for (const fn of [...this.visibility]) fn(hidden);
  }

  setOnline(online: boolean): void {
    this.online = online;
    for (const fn of [...this.network]) fn(online);
  }

  fireFocus(): void {
    for (const fn of [...this.focus]) fn();
  }

  get listenerCount(): number {
    return this.visibility.size + this.focus.size + this.network.size;
  }

  signals(): Pick<PamEnvironment, 'visibility' | 'focus' | 'online'> {
    const sub =
      <T extends unknown[]>(set: Set<(...args: T) => void>) =>
      (fn: (...args: T) => void) => {
        set.add(fn);
        return () => set.delete(fn);
      };
    return {
      visibility: { isHidden: () => this.hidden, onChange: sub(this.visibility) },
      focus: { onFocus: sub(this.focus) },
      online: { isOnline: () => this.online, onChange: sub(this.network) },
    };
  }
}
