// (Not a test: helpers.) A play-time tab on a page's storage and a simulated clock.
import { createLocalStoragePlayClock, playTimeMachine, selectPlayTime } from 'pam-client/machines';
import { createActor, type SimulatedClock } from 'xstate';

export const S = 1000;
export const MIN = 60 * S;
export const KEY = 'pam-client.play-time:7';

export function page() {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
  return { data, storage };
}

export function tab(
  clock: SimulatedClock,
  storage: ReturnType<typeof page>['storage'],
  period: 'daily' | 'weekly' | 'monthly' = 'daily',
  now = () => clock.now(),
) {
  return createActor(playTimeMachine, {
    clock,
    input: {
      limit: { amount: 600, period, active: true },
      store: createLocalStoragePlayClock(KEY, storage),
      now,
    },
  }).start();
}

export const run = (clock: SimulatedClock, ms: number) => {
  for (let t = 0; t < ms; t += S) clock.increment(S);
};

export const used = (a: ReturnType<typeof tab>) => selectPlayTime(a.getSnapshot())?.usedMs ?? Number.NaN;
