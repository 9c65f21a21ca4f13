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
/**
 * A self-exclusion's length as the sentence says it: `for 3 months`; -1 has no end date:
 * "indefinitely" (pt-BR "por prazo indeterminado").
 */
export const exclusionLabel = (months: number) => (months === -1 ? 'indefinitely' : `for ${months} months`);
/** The confirmation of a pause (it takes effect at once and is not lifted early). */
export const confirmPauseText = (days: number) =>
  `Pause your account for ${pauseLabel(days)}? You cannot bet until it ends, and it cannot be ended early.`;
/** The confirmation of a self-exclusion: irreversible from the site, and said so. */
export const confirmExclusionText = (months: number) =>
  months === -1
    ? 'Exclude yourself indefinitely? This has no end date and you cannot undo it from this site.'
    : `Exclude yourself ${exclusionLabel(months)}? You cannot undo it from this site before it ends.`;
/** A limit's period as the player reads it (the API's `daily` is "per day"). */
export const PERIOD_LABEL: Record<LimitPeriod, string> = {
  daily: 'per day',
  weekly: 'per week',
  monthly: 'per month',
};

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
  user_limit_loss: 'Loss limit',
  user_limit_loss_period: 'Period',
  user_limit_time: 'Time limit',
  user_limit_time_period: 'Period',
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
  // Each thing said once (issue 30.10): a field's message the title already says is not repeated.
  const said = (line: string) => title.toLowerCase().includes(line.replace(/[.!]+$/, '').toLowerCase());
  const lines = Object.entries(fields).flatMap(([field, messages]) =>
    messages.filter((m) => !said(m)).map((m) => `${labelOf(field)}: ${m}`),
  );
  return [...new Set([title, ...lines])];
}

/** Why nobody is signed in, when the player should be told (issue 19: the session expired). */
export function signedOutNotice(reason: 'logout' | 'expired' | 'remote' | null): string | null {
  if (reason === 'expired') return 'Your session expired. Please log in again.';
  if (reason === 'remote') return 'You logged out in another tab.';
  return null;
}

// In the reader's locale (the browser's language), on Brasília time: the rules' days are
// Brazilian days (docs/responsible-gaming.md), so the zone is named.
const dateFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});
export const formatDate = (ms: number | null | undefined) =>
  ms == null ? '—' : `${dateFormat.format(ms)} (Brasília time)`;

const KIND_LABEL: Record<Restriction['kind'], string> = {
  underAge: 'Under 18: betting is not allowed',
  betLimitZero: 'Your bet limit is 0',
  lossLimitZero: 'Your loss limit is 0',
  timeLimitZero: 'Your time limit is 0',
  pause: 'Paused',
  selfExclusion: 'Self-excluded',
  operatorExclusion: 'Excluded by the operator',
  spaExclusion: 'Barred by the SPA (Secretaria de Prêmios e Apostas)',
};
const BY_LABEL: Record<Restriction['imposedBy'], string> = {
  self: 'by you',
  operator: 'by the operator',
  spa: 'by the SPA',
  law: 'by law (Lei 14.790/2023)',
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
    const end = x.permanent
      ? 'with no end date'
      : x.indefinite
        ? 'until it is lifted'
        : `until ${formatDate(x.until)}`;
    const since = pending ? `from ${formatDate(x.since)}` : `since ${formatDate(x.since)}`;
    // Only worth saying when it is before the end.
    const lift =
      x.earliestLiftAt != null && (x.until == null || x.earliestLiftAt < x.until)
        ? `; may be lifted from ${formatDate(x.earliestLiftAt)}`
        : '';
    return {
      key: `${pending ? 'p' : 'f'}${i}-${x.kind}`,
      kind: x.kind,
      // The SPA's and the operator's name are in the kind's label already: said once.
      text: `${pending ? 'Pending: ' : ''}${KIND_LABEL[x.kind]}${x.imposedBy === 'self' ? ` ${BY_LABEL.self}` : ''}, ${since}, ${end}${lift}`,
      note: x.note,
      pending,
    };
  };
  return [...r.inForce.map((x, i) => line(x, false, i)), ...r.pending.map((x, i) => line(x, true, i))];
}

/** What a limit counts: money (BRL) for deposit, bet and loss; minutes for time. */
export type LimitUnit = 'BRL' | 'min';
const brl = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'BRL' });

/** An amount and period in words: `R$ 250.00 per week`, `60 min per day`. */
export function amountText(amount: number, period: string | null, unit: LimitUnit = 'BRL'): string {
  const value = unit === 'BRL' ? brl.format(amount) : `${amount} min`;
  const per = PERIOD_LABEL[period as LimitPeriod];
  return per ? `${value} ${per}` : value;
}

/** A limit in force: `R$ 250.00 per week`, or 'No limit set' (inactive, or no amount). */
export function limitText(limit: LimitState | null | undefined, unit: LimitUnit = 'BRL'): string {
  if (!limit || limit.amount == null || !limit.active) return 'No limit set';
  return amountText(limit.amount, limit.period, unit);
}

/** A pending change of a limit: `R$ 300.00 per month from 24 Nov 2026, 00:00 (Brasília time)`, or null. */
export function pendingLimitText(
  limit: LimitState | null | undefined,
  unit: LimitUnit = 'BRL',
): string | null {
  const change = limit?.pendingChange;
  if (!change) return null;
  const what =
    change.active === false
      ? 'no limit'
      : change.amount == null
        ? 'a new limit'
        : amountText(change.amount, change.period, unit);
  return `${what} from ${formatDate(change.effectiveAt)}`;
}

/** The limits the examples let the player set: deposit, and the mandatory loss and time (Portaria SPA/MF 2.579/2025). */
export type EditableLimit = 'deposit' | 'loss' | 'time';
export const LIMIT_UNIT: Record<EditableLimit, LimitUnit> = { deposit: 'BRL', loss: 'BRL', time: 'min' };

/**
 * The payload for `client.user.updateLimits`: always an ACTIVE limit of `kind`. An amount that is
 * not a number is passed on as NaN, so the schema rejects it with a RequestValidationError and
 * nothing is sent.
 */
export function limitPayload(kind: EditableLimit, amount: string, period: string): UpdateLimitsPayload {
  return {
    [`user_limit_${kind}`]: amount.trim() === '' ? Number.NaN : Number(amount),
    [`user_limit_${kind}_active`]: 1,
    [`user_limit_${kind}_period`]: period as LimitPeriod,
  } as UpdateLimitsPayload;
}

/** The deposit limit's payload (`limitPayload('deposit', …)`). */
export const depositLimitPayload = (amount: string, period: string): UpdateLimitsPayload =>
  limitPayload('deposit', amount, period);

/**
 * What a saved limit change says: a looser one waits, so it names the date it takes effect (from
 * the profile's pending change) instead of a bare "saved" (issue 30.8).
 */
export function savedLimitText(limit: LimitState | null | undefined, unit: LimitUnit = 'BRL'): string {
  const pending = pendingLimitText(limit, unit);
  return pending
    ? `Saved: ${pending}. Until then the limit in force holds.`
    : 'Saved: the new limit is in force now.';
}

/** Minutes and seconds, for the play-time alert: `12 s` under a minute, `4 min 5 s`, `2 min`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const [min, sec] = [Math.floor(s / 60), s % 60];
  if (min === 0) return `${sec} s`;
  return sec === 0 ? `${min} min` : `${min} min ${sec} s`;
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
          : 'no report yet';
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
