// Section 1 of the benchmark: a validated call (`user.getLoginHistory()`) vs bare `fetch` +
// `JSON.parse` of the same route, over loopback against the reference server in a worker thread.
// Each ratio is the MEDIAN of `rounds` (>= 5) independent rounds; the spread (min..max) is printed
// beside it. Run at zero latency and with the server answering after 10 ms (a user's reality).

import { createOfetchAdapter, createUserModule } from 'pam-client';

export interface ThroughputResult {
  sequential: number;
  concurrent: number;
  sequentialRounds: number[];
  concurrentRounds: number[];
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
/** Mean of the fastest 95 %: drops GC pauses and scheduler hiccups (the machine is shared). */
const trimmedMean = (xs: number[]) => {
  const kept = [...xs].sort((a, b) => a - b).slice(0, Math.ceil(xs.length * 0.95));
  return kept.reduce((a, b) => a + b, 0) / kept.length;
};

/**
 * @param baseURL the reference server (answering at once, or after a delay)
 * @param latencyMs the server's delay, for the labels and the sample sizes
 */
export async function throughput(
  baseURL: string,
  latencyMs: number,
  { rounds = 5, quick = false } = {},
): Promise<ThroughputResult> {
  const login = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ login: 'player@example.com', password: 'Secret123!' }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token }));
  const url = `${baseURL}/bff/users/login-history?page=1`;
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const bare = async () => JSON.parse(await (await fetch(url, { headers })).text());
  const client = () => user.getLoginHistory(1);

  // Sample sizes: at 10 ms a request costs ~10 ms whatever the client does, so fewer pairs give
  // the same precision (and keep the run short).
  const pairs = latencyMs > 0 ? (quick ? 60 : 150) : quick ? 400 : 1500;
  const blocks = quick ? 6 : 12;
  const perBlock = 96;
  const concurrency = 16;

  const timed = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  /** One round, sequential: the two paths interleaved request by request (order alternating). */
  const sequentialRound = async () => {
    const times = { bare: [] as number[], client: [] as number[] };
    for (let i = 0; i < pairs; i++) {
      if (i % 2 === 0) {
        await timed(bare, times.bare);
        await timed(client, times.client);
      } else {
        await timed(client, times.client);
        await timed(bare, times.bare);
      }
    }
    return trimmedMean(times.bare) / trimmedMean(times.client); // = client rate / bare rate
  };
  /** One round, 16 in flight: alternating blocks of each path, median of the block rates. */
  const concurrentRound = async () => {
    const block = async (fn: () => Promise<unknown>) => {
      let left = perBlock;
      const worker = async () => {
        while (left-- > 0) await fn();
      };
      const t0 = performance.now();
      await Promise.all(Array.from({ length: concurrency }, worker));
      return perBlock / ((performance.now() - t0) / 1000);
    };
    const rate = { bare: [] as number[], client: [] as number[] };
    for (let r = 0; r < blocks; r++) {
      if (r % 2 === 0) {
        rate.bare.push(await block(bare));
        rate.client.push(await block(client));
      } else {
        rate.client.push(await block(client));
        rate.bare.push(await block(bare));
      }
    }
    return median(rate.client) / median(rate.bare);
  };

  for (let i = 0; i < (latencyMs > 0 ? 40 : 200); i++) await Promise.all([bare(), client()]); // warm-up
  const sequentialRounds: number[] = [];
  const concurrentRounds: number[] = [];
  for (let r = 0; r < rounds; r++) {
    sequentialRounds.push(await sequentialRound());
    concurrentRounds.push(await concurrentRound());
  }
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(3)}..${Math.max(...xs).toFixed(3)}`;
  console.table([
    {
      server: latencyMs > 0 ? `answers after ${latencyMs} ms` : 'answers at once',
      mode: 'sequential',
      rounds,
      'median ratio client/bare': median(sequentialRounds).toFixed(3),
      'rounds min..max': spread(sequentialRounds),
      target: latencyMs > 0 ? '>= 0.98' : '>= 0.86',
    },
    {
      server: latencyMs > 0 ? `answers after ${latencyMs} ms` : 'answers at once',
      mode: `${concurrency} in flight`,
      rounds,
      'median ratio client/bare': median(concurrentRounds).toFixed(3),
      'rounds min..max': spread(concurrentRounds),
      target: '-',
    },
  ]);
  return {
    sequential: median(sequentialRounds),
    concurrent: median(concurrentRounds),
    sequentialRounds,
    concurrentRounds,
  };
}
