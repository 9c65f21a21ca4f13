import fc from 'fast-check';
import type { FunnelEvent } from 'pam-client/machines';
import { describe, expect, it } from 'vitest';
import { S, useWorld } from '../support/world';
import { funnelTab } from './record';

// Issue 34: no personal data in any funnel event. Random flows (logins by e-mail and CPF, codes,
// registrations, cancels, logouts, sensitive changes with step-up passwords, reports, server
// errors that echo the request) with random marker-tagged inputs of at least 8 characters: none
// of the markers, nor any identifying piece of the service's answers (the player record, the
// notes, tokens, report URLs), is in any event; and every event has only allowlisted keys and,
// as strings, only words of closed sets (or the app's listed source).

const world = useWorld({ reportStepMs: S });

const KEYS = new Set([
  'type',
  'at',
  'player',
  'run',
  'method',
  'appSource',
  'attempt',
  'durationMs',
  'codeAsked',
  'code',
  'status',
  'reason',
  'remote',
  'change',
  'inForce',
  'pending',
  'canBet',
  'accountBlocked',
  'missingMandatoryLimits',
  'limit',
  'pendingUntil',
  'level',
  'percent',
  'delivery',
]);
const WORDS = new Set(
  [
    'email cpf web other cancelled loggedOut restarted otherTab stopped logout expired current stale unknown',
    'pause selfExclusion operatorExclusion spaExclusion deposit bet loss time stricter looser same warning reached',
    'download profile phone address limits invalid_request invalid_response http unauthorized step_up_required',
    'network timeout aborted configuration storage report_failed two_factor_rejected unexpected step_up_locked',
  ]
    .join(' ')
    .split(' '),
);

/** A marker: a tag and random text, at least 8 characters (`alnum` for fields the spec checks). */
const marker = fc.string({ minLength: 5, maxLength: 12 }).map((s) => `Zq~${s}`);
const alnum = fc.stringMatching(/^[a-z0-9]{5,10}$/).map((s) => `zq${s}x`);
const digits = fc.stringMatching(/^[0-9]{9}$/).map((s) => `98${s}`);

type Cmd =
  | {
      kind: 'login';
      account: 'plain' | 'twoFactor' | 'cancelled' | 'paused' | 'operatorExcluded' | 'spaBarred';
      by: 'email' | 'cpf' | 'junk';
      rightPassword: boolean;
      password: string;
      appSource: string | null;
      captcha: string | null;
      echo: string | null;
    }
  | { kind: 'code'; right: boolean; code: string }
  | {
      kind: 'register';
      email: string;
      password: string;
      name: string;
      phone: string;
      source: string;
      affiliation: string;
    }
  | { kind: 'cancel' }
  | { kind: 'logout' }
  | { kind: 'wait'; ms: number }
  | {
      kind: 'change';
      op: 'email' | 'phone' | 'address' | 'limits' | 'pause' | 'exclusion';
      text: string;
      phone: string;
      password: string;
      right: boolean;
    }
  | { kind: 'report'; year: 2024 | 2025 }
  | { kind: 'expire' };

const loginCommand = fc.record({
  kind: fc.constant('login' as const),
  account: fc.constantFrom(
    'plain',
    'plain',
    'twoFactor',
    'cancelled',
    'paused',
    'operatorExcluded',
    'spaBarred',
  ),
  by: fc.constantFrom('email', 'cpf', 'junk'),
  rightPassword: fc.constantFrom(true, true, true, false),
  password: marker,
  appSource: fc.option(fc.oneof(marker, fc.constant('web')), { nil: null }),
  captcha: fc.option(marker, { nil: null }),
  echo: fc.option(marker, { nil: null }),
});
const command: fc.Arbitrary<Cmd> = fc.oneof(
  { arbitrary: loginCommand, weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('code' as const), right: fc.boolean(), code: marker }),
    weight: 2,
  },
  fc.record({
    kind: fc.constant('register' as const),
    email: alnum,
    password: marker,
    name: marker,
    phone: digits,
    source: marker,
    affiliation: marker,
  }),
  fc.constant({ kind: 'cancel' as const }),
  fc.constant({ kind: 'logout' as const }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(300, 2 * S, 70 * S) }),
  {
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      op: fc.constantFrom('email', 'phone', 'address', 'limits', 'pause', 'exclusion'),
      text: alnum,
      phone: digits,
      password: marker,
      right: fc.boolean(),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('report' as const), year: fc.constantFrom(2024 as const, 2025 as const) }),
  fc.constant({ kind: 'expire' as const }),
);

/** Every string a value holds (keys too), at any depth. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  return out;
}

/**
 * Every string a value holds, at any depth (not its keys). Numbers are left out: the answers'
 * identifying data are strings (CPF, phone, dates of birth, names, notes, URLs, tokens), and a
 * number such as a restriction's start can equal an event's `at` on simulated time.
 */
function values(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) values(v, out);
  return out;
}

/** The identifying pieces of an answer: its values of 8 characters or more, other than our words. */
const pieces = (value: unknown) =>
  values(value).filter((s) => s.length >= 8 && !WORDS.has(s) && !ANSWER_WORDS.has(s));
/** Words of closed sets in the answers (who imposed a restriction, a limit's period): not identifying. */
const ANSWER_WORDS = new Set(['operator', 'monthly', 'weekly', 'daily', 'self', 'spa']);

describe('funnel events: no personal data', () => {
  it('hold no marker of the inputs and no identifying piece of the answers, for random flows', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        loginCommand,
        fc.array(command, { minLength: 2, maxLength: 8 }),
        async (first, rest) => {
          const cmds: Cmd[] = [first, ...rest];
          world.renew();
          world.server.reset();
          const secrets = new Set<string>();
          const step: string[] = [];
          const tab = funnelTab(world, {
            funnel: { appSources: ['web'] },
            onStepUp: async () => step.shift() ?? null,
          });
          const other = funnelTab(world, { tabId: 'other' });
          const look = async () => {
            const v = tab.client.view;
            for (const p of pieces([v.user, v.userInfo, v.restrictions?.inForce])) secrets.add(p);
            const token = await tab.token();
            if (token) secrets.add(token);
          };
          await world.settle();
          for (const c of cmds) {
            const seed = world.server.seed;
            if (c.kind === 'login') {
              const a = seed[c.account];
              const login = c.by === 'email' ? a.email : c.by === 'cpf' ? a.cpf : `${c.password}@x.io`;
              for (const s of [c.password, c.appSource, c.captcha, c.echo])
                if (s && s !== 'web') secrets.add(s);
              if (c.echo)
                world.server.faults.add({
                  method: 'POST',
                  path: '/auth/login',
                  status: 422,
                  body: { message: c.echo, errors: { login: [`${login} ${c.echo}`] } },
                  times: 1,
                });
              tab.client.login({
                login,
                password: c.rightPassword ? a.password : c.password,
                ...(c.appSource ? { appSource: c.appSource } : {}),
                ...(c.captcha ? { captchaToken: c.captcha } : {}),
              });
            } else if (c.kind === 'code') {
              secrets.add(c.code);
              tab.client.submitCode(c.right ? (world.server.seed.twoFactor.twoFactorCode ?? '') : c.code);
            } else if (c.kind === 'register') {
              for (const s of [c.email, c.password, c.name, c.phone, c.source, c.affiliation]) secrets.add(s);
              tab.client.register({
                email: `${c.email}@example.com`,
                password: c.password,
                country: 'BR',
                nationalities: '["BR"]',
                optIn: true,
                name: c.name,
                ddi: '55',
                phone: c.phone,
                app_source: c.source,
                affiliation_code: c.affiliation,
              });
            } else if (c.kind === 'cancel') tab.client.cancel();
            else if (c.kind === 'logout') tab.client.logout();
            else if (c.kind === 'wait') await world.advance(c.ms, 100);
            else if (c.kind === 'expire') world.server.expireTokens();
            else if (c.kind === 'change' && tab.client.view.status === 'signedIn') {
              for (const s of [c.text, c.phone, c.password]) secrets.add(s);
              step.push(c.right ? seed.plain.password : c.password, seed.plain.password);
              const u = tab.client.user;
              const call =
                c.op === 'email'
                  ? u.updateEmail({ email: `${c.text}@example.com` })
                  : c.op === 'phone'
                    ? u.addPhone({ phone: c.phone, ddi: '55' })
                    : c.op === 'address'
                      ? u.updateAddress({ street: c.text, city: c.text, zip_code: c.phone } as never)
                      : c.op === 'limits'
                        ? u.updateLimits({
                            user_limit_loss: 50,
                            user_limit_loss_active: 1,
                            user_limit_loss_period: 'weekly',
                          })
                        : c.op === 'pause'
                          ? u.setTimeoutLimits({ user_pause: 2, reason: 1 })
                          : u.setSelfExclusion({ user_exclusion: 3, reason: 1 });
              await world.during(call.catch(() => {}));
            } else if (c.kind === 'report' && tab.client.view.status === 'signedIn') {
              const u = tab.client.user;
              const report = await world.during(
                u.generateIncomeReport({ reference_year: c.year, type: 'download' }).catch(() => null),
              );
              if (report) {
                await world.advance(3 * S, 500);
                const done = await world.during(u.getIncomeReportStatus(report.id).catch(() => null));
                if (done?.download_url) secrets.add(done.download_url);
                if (done?.status === 3) await world.during(u.downloadIncomeReport(done).catch(() => null));
              }
            }
            await world.advance(400, 100);
            await look();
          }
          tab.client.stop();
          other.client.stop();
          const events: FunnelEvent[] = [...tab.funnel, ...other.funnel];
          for (const event of events) {
            const keys = Object.keys(event);
            expect(keys.filter((k) => !KEYS.has(k))).toEqual([]);
            const words = Object.entries(event)
              .filter(([k]) => k !== 'type')
              .flatMap(([, v]) => (Array.isArray(v) ? v : [v]))
              .filter((v): v is string => typeof v === 'string');
            expect(words.filter((w) => !WORDS.has(w))).toEqual([]);
            const found = strings(event).filter((s) => [...secrets].some((secret) => s.includes(secret)));
            expect(found).toEqual([]);
          }
          for (const event of events) seen.add(event.type);
        },
      ),
      { numRuns: 30, seed: 2026_11_28, endOnFailure: true },
    );
    // The flows ran: the property is not vacuous.
    for (const type of [
      'signIn.started',
      'signIn.failed',
      'session.signedOut',
      'registration.started',
      'rg.restrictionsRead',
      'rg.changeRequested',
      'stepUp.started',
    ])
      expect(seen).toContain(type);
  }, 240_000);
});
