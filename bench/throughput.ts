// Section 1 of the benchmark: the client against bare `fetch` + `JSON.parse` of the same routes,
// over loopback, the reference server in ITS OWN PROCESS (bench/suite.ts starts it), so the
// server's work does not share this process's event loop or heap with the client's.
//
// Two pairs, each with its floor (ofetch, a timeout and the schemas, nothing of ours: `floorOf`):
// `user.getLoginHistory()` (one validated GET), and the sign-in pair (`auth.login` then
// `auth.getUserProfile()`, what an app does when a player signs in: two requests, a password in
// the body, a token read from the answer). Each at 0 ms and with the server answering after
// 10 ms. Each figure is the MEDIAN of `rounds` (>= 7) rounds; in a round the two paths are
// interleaved operation by operation (order alternating), each timed, and the ratio is
// bare time / client time (trimmed means). The 1-minute load average is printed beside each
// figure: the machine is shared, and a loaded one lowers the 0 ms ratios most. Beside it, the same
// ratio of this process's CPU time per operation (`process.cpuUsage`): what the client itself
// costs, which waiting for a busy CPU does not inflate; the goals stay on the wall-clock ratio.

import { loadavg } from 'node:os';
import { createFetch } from 'ofetch';
import { createAuthModule, createOfetchAdapter, createUserModule } from 'pam-client';
import { LoginHistoryResponse, LoginPayload, LoginResponse, UserProfileResponse } from 'pam-client/schemas';

export interface PairResult {
  name: string;
  latencyMs: number;
  median: number;
  rounds: number[];
  /**
   * The same ratio of this process's CPU time (user + system) per operation: the client's own
   * cost, which a loaded machine's queue for the CPU does not add to (the server is another process).
   */
  cpuMedian: number;
  /** The 1-minute load average at the start of each round. */
  loads: number[];
  target: number;
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

const PLAYER = { login: 'player@example.com', password: 'Secret123!' };
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

interface Pair {
  name: string;
  bare: () => Promise<unknown>;
  client: () => Promise<unknown>;
  /** Targets at 0 ms and at 10 ms (issue 22). */
  targets: [number, number];
}

/**
 * What any client bound by the design card must do for one call, with nothing of ours around it:
 * ofetch with the adapter's options, a timeout (its signal and timer: the request must abort), and
 * the answer checked by its schema (`read`); a body (`payload`) checked by its own first. A floor
 * pair below its goal proves the goal out of reach of any pipeline that keeps these three.
 */
function floorOf(baseURL: string) {
  const $fetch = createFetch({ fetch: (input, init) => globalThis.fetch(input, init) });
  return async (
    path: string,
    token: string | null,
    read: (value: unknown) => unknown,
    payload?: [(value: unknown) => unknown, unknown],
  ) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 15_000);
    try {
      const r = await $fetch.raw<string, 'text'>(`${baseURL}${path}`, {
        method: payload ? 'POST' : 'GET',
        headers: token ? { accept: 'application/json', authorization: `Bearer ${token}` } : JSON_HEADERS,
        ...(payload && { body: JSON.stringify(payload[0](payload[1])) }),
        signal: controller.signal,
        redirect: 'manual',
        responseType: 'text',
        retry: 0,
        ignoreResponseError: true,
      });
      return read(JSON.parse(r._data as string));
    } finally {
      clearTimeout(timer);
    }
  };
}

/** The two pairs on one server (`baseURL`). */
async function pairsOn(baseURL: string): Promise<Pair[]> {
  const login = await fetch(`${baseURL}/auth/login`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(PLAYER),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const user = createUserModule(createOfetchAdapter({ baseURL, getAccessToken: () => token }));
  const historyURL = `${baseURL}/bff/users/login-history?page=1`;
  const authHeaders = { accept: 'application/json', authorization: `Bearer ${token}` };

  // The sign-in pair: the client reads the token it was just given, as an app's store does.
  let signedIn: string | null = null;
  const auth = createAuthModule(createOfetchAdapter({ baseURL, getAccessToken: () => signedIn }));
  const profileURL = `${baseURL}/auth/user-profile?check_spa_again=1`;
  const floor = floorOf(baseURL);
  const bareSignIn = async () => {
    const answer = await fetch(`${baseURL}/auth/login`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(PLAYER),
    });
    const { access_token } = JSON.parse(await answer.text()) as { access_token: string };
    const profile = await fetch(profileURL, {
      headers: { accept: 'application/json', authorization: `Bearer ${access_token}` },
    });
    return JSON.parse(await profile.text());
  };
  const bareHistory = async () =>
    JSON.parse(await (await fetch(historyURL, { headers: authHeaders })).text());
  return [
    {
      name: 'getLoginHistory',
      bare: bareHistory,
      client: () => user.getLoginHistory(1),
      targets: [0.87, 0.99],
    },
    {
      name: 'floor of getLoginHistory (ofetch, timeout, schema)',
      bare: bareHistory,
      client: () => floor('/bff/users/login-history?page=1', token, LoginHistoryResponse.parse),
      targets: [0.87, 0.99],
    },
    {
      name: 'sign-in pair (login + profile)',
      bare: bareSignIn,
      client: async () => {
        const answer = await auth.login(PLAYER);
        signedIn = 'access_token' in answer ? (answer.access_token ?? null) : null;
        return auth.getUserProfile();
      },
      targets: [0.8, 0.985],
    },
    {
      name: 'floor of the sign-in pair (ofetch, timeout, schemas)',
      bare: bareSignIn,
      client: async () => {
        const answer = (await floor('/auth/login', null, LoginResponse.parse, [
          LoginPayload.parse,
          PLAYER,
        ])) as {
          access_token: string;
        };
        return floor('/auth/user-profile?check_spa_again=1', answer.access_token, UserProfileResponse.parse);
      },
      targets: [0.8, 0.985],
    },
  ];
}

/**
 * Every pair against one server, `rounds` rounds each.
 *
 * @param baseURL the reference server (answering at once, or after a delay)
 * @param latencyMs the server's delay, for the labels, the targets and the sample sizes
 */
export async function throughput(
  baseURL: string,
  latencyMs: number,
  { rounds = 7, quick = false } = {},
): Promise<PairResult[]> {
  const results: PairResult[] = [];
  for (const pair of await pairsOn(baseURL)) {
    // At 10 ms an operation costs ~10 ms whatever the client does: fewer pairs, same precision.
    const count = latencyMs > 0 ? (quick ? 40 : 100) : quick ? 200 : 800;
    const times = { bare: [] as number[], client: [] as number[] };
    const cpu = { bare: [] as number[], client: [] as number[] };
    const timed = async (path: 'bare' | 'client') => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await pair[path]();
      times[path].push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu[path].push(c.user + c.system);
    };
    const round = async () => {
      for (const xs of [times.bare, times.client, cpu.bare, cpu.client]) xs.length = 0;
      for (let i = 0; i < count; i++) {
        const [first, second] = i % 2 === 0 ? (['bare', 'client'] as const) : (['client', 'bare'] as const);
        await timed(first);
        await timed(second);
      }
      // = client rate / bare rate
      return [
        trimmedMean(times.bare) / trimmedMean(times.client),
        trimmedMean(cpu.bare) / trimmedMean(cpu.client),
      ] as const;
    };
    for (let i = 0; i < (latencyMs > 0 ? 20 : 100); i++) await Promise.all([pair.bare(), pair.client()]); // warm-up
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const loads: number[] = [];
    for (let r = 0; r < rounds; r++) {
      loads.push(loadavg()[0]!);
      const [wall, ofCpu] = await round();
      ratios.push(wall);
      cpuRatios.push(ofCpu);
    }
    results.push({
      name: pair.name,
      latencyMs,
      median: median(ratios),
      rounds: ratios,
      cpuMedian: median(cpuRatios),
      loads,
      target: pair.targets[latencyMs > 0 ? 1 : 0],
    });
  }
  console.table(results.map(row));
  return results;
}

/** One printed row: the figure, its spread, the load it was measured under, the target. */
export function row(r: PairResult) {
  const spread = (xs: number[]) => `${Math.min(...xs).toFixed(3)}..${Math.max(...xs).toFixed(3)}`;
  return {
    figure: `${r.name} / bare fetch, ${r.latencyMs} ms (median of ${r.rounds.length})`,
    value: r.median.toFixed(3),
    'rounds min..max': spread(r.rounds),
    'load avg (1 min) min..max': `${Math.min(...r.loads).toFixed(2)}..${Math.max(...r.loads).toFixed(2)}`,
    'CPU-time ratio': r.cpuMedian.toFixed(3),
    target: `>= ${r.target}`,
    verdict: r.median >= r.target ? 'met' : 'not met',
  };
}
