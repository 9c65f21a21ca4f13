// What the four examples share, framework-agnostic: the client, the texts they derive from the
// session view (restrictions, limits) and from errors (describeError), the report's view and its
// download. Each app only renders. No error text is written here: every error goes through
// `describeError`.

import {
  describeError,
  INCOME_REPORT_STATUS,
  type IncomeReportStatus,
  type LimitState,
  type Restriction,
  type Restrictions,
  SELF_EXCLUSION_PLATFORM_URL,
  type UpdateLimitsPayload,
} from 'pam-client';
import { createPamClient, type incomeReportMachine, type PamClient } from 'pam-client/machines';
import type { SnapshotFrom } from 'xstate';

export { SELF_EXCLUSION_PLATFORM_URL };

/**
 * Same origin: the demo server proxies `/api/*` to the reference server (no CORS). Each app calls
 * this once, in its `client.ts` module, never in a component.
 */
export function createDemoClient(): PamClient {
  return createPamClient({ baseURL: `${location.origin}/api` });
}

/** The income report's first poll waits this long; the machine backs off from there. */
export const REPORT_POLL_INTERVAL_MS = 1000;

export const REPORT_STATUS_LABEL: Record<IncomeReportStatus, string> = {
  1: 'pending',
  2: 'processing',
  3: 'completed',
  4: 'failed',
};

export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const PAUSE_DAYS = [1, 7, 14, 30, 45] as const;
export const EXCLUSION_MONTHS = [3, 6, 12, 24, 36, 60, -1] as const;
export const pauseLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);
/** A self-exclusion's length; -1 has no end date: "indefinitely" (pt-BR "por prazo indeterminado"). */
export const exclusionLabel = (months: number) => (months === -1 ? 'indefinitely' : `${months} months`);

/** What the forms call the API's fields (a player never reads `two_factor_code` or `number`). */
const FIELD_LABEL: Record<string, string> = {
  login: 'E-mail or CPF',
  email: 'E-mail',
  password: 'Password',
  password_check: 'Password',
  two_factor_code: 'Code',
  number: 'CPF',
  birth_date: 'Birth date',
  name: 'Name',
  phone: 'Phone',
  user_limit_deposit: 'Deposit limit',
  user_limit_deposit_period: 'Period',
  user_pause: 'Pause',
  user_exclusion: 'Self-exclusion',
};
const labelOf = (field: string) =>
  FIELD_LABEL[field] ?? field.replace(/[._]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * The lines to show for an error (`describeError`'s title, then each field's messages under the
 * field's label, never its API key), empty without one. `retryAt` and `status` are the session
 * view's: the 429 wait, and a rejected code told from the last one allowed.
 */
export function problemLines(error: unknown, retryAt?: number | null, status?: string): string[] {
  if (error == null) return [];
  const { title, fields } = describeError(error, {
    locale: 'en',
    retryAt: retryAt ?? null,
    ...(status === undefined ? {} : { status }),
  });
  return [
    title,
    ...Object.entries(fields).flatMap(([field, messages]) => messages.map((m) => `${labelOf(field)}: ${m}`)),
  ];
}

/** Why nobody is signed in, when the player should be told (issue 19: the session expired). */
export function signedOutNotice(reason: 'logout' | 'expired' | 'remote' | null): string | null {
  if (reason === 'expired') return 'Your session expired. Please log in again.';
  if (reason === 'remote') return 'You logged out in another tab.';
  return null;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});
export const formatDate = (ms: number | null | undefined) => (ms == null ? '—' : dateFormat.format(ms));

const KIND_LABEL: Record<Restriction['kind'], string> = {
  pause: 'Paused',
  selfExclusion: 'Self-excluded',
  operatorExclusion: 'Excluded by the operator',
  spaExclusion: 'Barred by the SPA (Secretaria de Prêmios e Apostas)',
};
const BY_LABEL: Record<Restriction['imposedBy'], string> = {
  self: 'by you',
  operator: 'by the operator',
  spa: 'by the SPA',
};

export interface RestrictionLine {
  key: string;
  kind: Restriction['kind'];
  text: string;
  note: string | null;
  pending: boolean;
}

/** One line per restriction in force (then pending), as the banner shows it. */
export function restrictionLines(r: Restrictions | null | undefined): RestrictionLine[] {
  if (!r) return [];
  const line = (x: Restriction, pending: boolean, i: number): RestrictionLine => {
    const end = x.permanent ? 'permanent' : x.indefinite ? 'indefinite' : `until ${formatDate(x.until)}`;
    const since = pending ? `from ${formatDate(x.since)}` : `since ${formatDate(x.since)}`;
    // Only worth saying when it is before the end.
    const lift =
      x.earliestLiftAt != null && (x.until == null || x.earliestLiftAt < x.until)
        ? `; may be lifted from ${formatDate(x.earliestLiftAt)}`
        : '';
    return {
      key: `${pending ? 'p' : 'f'}${i}-${x.kind}`,
      kind: x.kind,
      text: `${pending ? 'Pending: ' : ''}${KIND_LABEL[x.kind]} ${BY_LABEL[x.imposedBy]}, ${since}, ${end}${lift}`,
      note: x.note,
      pending,
    };
  };
  return [...r.inForce.map((x, i) => line(x, false, i)), ...r.pending.map((x, i) => line(x, true, i))];
}

/** The deposit limit in force: `250 weekly`, `… (inactive)`, or 'none'. */
export function limitText(limit: LimitState | null | undefined): string {
  if (!limit || limit.amount == null) return 'none';
  const state = limit.active ? '' : ' (inactive)';
  return `${limit.amount} ${limit.period ?? ''}${state}`.replace(/\s+/g, ' ').trim();
}

/** A pending change of a limit: `300 monthly from 24 Nov 2026, 00:00`, or null. */
export function pendingLimitText(limit: LimitState | null | undefined): string | null {
  const change = limit?.pendingChange;
  if (!change) return null;
  const what =
    change.amount == null ? 'a change' : `${change.amount} ${change.period ?? ''}`.replace(/\s+$/, '');
  const off = change.active === false ? ' (switched off)' : '';
  return `${what}${off} from ${formatDate(change.effectiveAt)}`;
}

/**
 * The payload for `client.user.updateLimits`: always an ACTIVE limit. An amount that is not a
 * number is passed on as NaN, so the schema rejects it with a RequestValidationError and nothing is sent.
 */
export function depositLimitPayload(amount: string, period: string): UpdateLimitsPayload {
  return {
    user_limit_deposit: amount.trim() === '' ? Number.NaN : Number(amount),
    user_limit_deposit_active: 1,
    user_limit_deposit_period: period as LimitPeriod,
  };
}

/** Whole minutes and seconds, for the play-time alert. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}

/**
 * Downloads a completed report and saves it. Its `download_url` is on the API's origin and needs
 * the access token, so a plain link answers 401: `client.user.downloadIncomeReport` fetches it
 * through the client (token attached, same-origin rules of the adapter) as `{ blob, fileName }`.
 */
export async function downloadReport(client: PamClient, downloadUrl: string, year: number): Promise<void> {
  // Behind the demo's proxy (`/api`) the reference server names its own origin in download_url:
  // the same path is asked under the client's baseURL, with the token.
  const at = new URL(downloadUrl, location.href);
  const { blob, fileName } = await client.user.downloadIncomeReport({
    download_url: at.origin === location.origin ? downloadUrl : at.pathname,
    reference_year: year,
  });
  const href = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

type ReportSnapshot = SnapshotFrom<typeof incomeReportMachine>;

/** What the income report section shows for a snapshot of `incomeReportMachine`. */
export function reportView(s: ReportSnapshot) {
  const { report, error } = s.context;
  const status = s.matches('loadingYears')
    ? 'loading years'
    : s.matches('timedOut')
      ? 'timed out'
      : report
        ? REPORT_STATUS_LABEL[report.status]
        : s.matches('generating')
          ? 'requesting'
          : 'not started';
  return {
    status,
    statusClass: `status status-${status.replace(' ', '-')}`,
    /** 0..3 for a `<progress max="3">`; a failed report shows none. */
    progress: report && report.status !== INCOME_REPORT_STATUS.failed ? report.status : 0,
    canGenerate: s.matches('ready'),
    canCancel: s.matches('generating') || s.matches('polling'),
    canRetry: s.matches('failed'),
    canReset: s.matches('completed') || s.matches('failed') || s.matches('timedOut'),
    downloadUrl: s.matches('completed') ? (report?.download_url ?? null) : null,
    year: report?.reference_year ?? s.context.request?.referenceYear ?? 0,
    errors: problemLines(error),
  };
}
