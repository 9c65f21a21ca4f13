import { AbortedError, type IncomeReportData } from 'pam-client';
import { describe, expect, it } from 'vitest';
import { createServerSessionClient, type ServerSessionClientBase, userModule } from '../../machines/index';
import { until } from '../support/event-loop';
import { useMemoryLocalStorage } from '../support/memory-local-storage';
import { useClients } from './forged-support';
import { browserProfile, runningClock, usePam } from './support';

// REVIEW-AN AN-1 in server-session mode (the user flow of machines/client/flows.ts, shared with
// createPamClient): a report belongs to the login that asked for it. A poll answered after
// another player signed in is dropped (`unauthorized`: its login ended), and player 1's report (its id, its object) is
// refused under player 2 before anything is sent. Over real sockets: the reference server behind
// `pam-client/server`; the server's clock is set by the test (no wait).

const clock = runningClock();
const { ref, fx } = usePam(clock);
const clients = useClients();
useMemoryLocalStorage();

type ReportUser = {
  generateIncomeReport(p: object): Promise<IncomeReportData>;
  getIncomeReportStatus(id: number): Promise<IncomeReportData>;
  downloadIncomeReport(r: object): Promise<unknown>;
};

async function signIn(c: ServerSessionClientBase, who: 'plain' | 'pendingLimit') {
  const { email, password } = ref.server.seed[who];
  await c.ready;
  c.login({ login: email, password });
  await until(() => c.view.status === 'signedIn' && c.view.user?.id === ref.server.seed[who].id, `${who} in`);
}
async function switchToP2(c: ServerSessionClientBase) {
  c.logout();
  await until(() => c.view.status === 'signedOut', 'signed out');
  await signIn(c, 'pendingLimit');
}
const reportRequests = (id: number) =>
  ref.server.requests.filter((r) => r.path.startsWith(`/income-report/${id}`));

describe('server-session: a report belongs to the login that asked for it (REVIEW-AN AN-1)', () => {
  it("player 1's poll answered after player 2 signed in is dropped (unauthorized); player 1's report is refused under player 2, nothing sent", async () => {
    const profile = browserProfile(fx.served.url);
    let hold = false;
    let open!: () => void;
    let held = 0;
    const c = createServerSessionClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const res = await profile.fetch(input, init);
        const url = String(input instanceof Request ? input.url : input);
        if (hold && /\/income-report\/\d+$/.test(new URL(url, fx.served.url).pathname)) {
          held++;
          await new Promise<void>((r) => {
            open = r;
          });
        }
        return res;
      }) as typeof fetch,
      flows: [userModule()],
      environment: { channel: null },
    });
    clients.push(c);
    const user = c.user as unknown as ReportUser;
    await signIn(c, 'plain');
    const asked = await user.generateIncomeReport({ reference_year: 2025, type: 'download' });
    clock.now += 10_000;
    const report = await user.getIncomeReportStatus(asked.id);
    expect(report.status).toBe(3);
    // A poll of player 1 at the server, its (completed) answer held while player 2 signs in.
    hold = true;
    const poll = user.getIncomeReportStatus(asked.id).catch((e: unknown) => e);
    await until(() => held === 1, 'the poll at the server');
    hold = false;
    await switchToP2(c);
    open();
    // Its login ended while it was on its way: `unauthorized`, as any read of a login that ended
    // (FIXREPORT28); player 1's report asked for under player 2: `aborted`, nothing sent.
    expect(await poll).toMatchObject({ code: 'unauthorized' });
    const sent = reportRequests(asked.id).length;
    expect(await user.getIncomeReportStatus(asked.id).catch((e: unknown) => e)).toBeInstanceOf(AbortedError);
    expect(await user.downloadIncomeReport(report).catch((e: unknown) => e)).toBeInstanceOf(AbortedError);
    expect(await user.downloadIncomeReport({ ...report }).catch((e: unknown) => e)).toBeInstanceOf(
      AbortedError,
    );
    expect(reportRequests(asked.id).length).toBe(sent);
  });
});
