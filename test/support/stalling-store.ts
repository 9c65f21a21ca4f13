// A store two `pam-client/server` instances share, and a view of it for one of them whose reads of
// keys under `prefix` stall for good once `stall.on` is set (`stall.hit` then true): an instance
// that dies mid-request (reviews 55, 56).
import { createStorage } from 'unstorage';
import { unstorageSessionStore } from '../../src/server/index';
import type { PamSessionStore } from '../../src/server/types';

/**
 * @example
 * const { shared, stalling, stall } = stallingStore(() => clock.now, 'rot:');
 * const x = await pam({ store: stalling }); // stalls once stall.on
 * const y = await pam({ store: shared });
 */
export function stallingStore(now: () => number, prefix: string) {
  const shared = unstorageSessionStore(createStorage(), { now, claimSettleMs: 0 });
  const stall = { on: false, hit: false };
  const stalling: PamSessionStore = {
    get: (key) => {
      if (!stall.on || !key.startsWith(prefix)) return shared.get(key);
      stall.hit = true;
      return new Promise<string | null>(() => {});
    },
    set: shared.set.bind(shared),
    claim: shared.claim.bind(shared),
  };
  return { shared, stalling, stall };
}
