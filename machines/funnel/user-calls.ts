// The funnel's eyes on `client.user`: the step-up prompt of each sensitive change (started, each
// wrong password, the outcome), the responsible-gaming changes asked for and their answers, and
// the income report from its request to its file. It wraps the module the client already has;
// the values the calls carry (payloads, answers, report ids) never leave this file.

import type { UserModule } from 'pam-client';
import { wrapCalls } from '../client/outcome';
import { SENSITIVE, type StepUpPrompt } from '../client/step-up';
import { type EmitFunnel, errorFields, oneOf, type RgChange, type StepUpChange } from './events';

export interface UserCallsOptions {
  emit: EmitFunnel;
  now(): number;
  nextRun(): number;
  /** The player now (the app's pseudonym, or none): a run's, named when it begins. */
  player?(): { player?: string };
  /** The client's step-up prompt (`createPamClient({ onStepUp })`), for calls without their own. */
  prompt: StepUpPrompt | undefined;
  /** A responsible-gaming change asked: the function returned is called once it is answered (after its `rg.changeAccepted` or `rg.changeFailed`). */
  hold?(): () => void;
}

type Call = (...args: unknown[]) => Promise<unknown>;
interface Open {
  type: 'stepUp' | 'incomeReport' | 'rg';
  run: number;
  startedAt: number;
  who?: { player?: string };
  change?: StepUpChange;
}

/**
 * The sensitive changes (`SENSITIVE`, the client's step-up list: `wrapCalls` tells where each
 * takes its options), each reported by its name less its verb (`updateEmail`:
 * `email`), a pause by `pause`.
 */
const changeOf = (name: string) =>
  (name === 'setTimeoutLimits'
    ? 'pause'
    : name.replace(/^[a-z]+(.)/, (_, c: string) => c.toLowerCase())) as StepUpChange;
/** A field of a caller's payload, undefined when it cannot be read (the call itself refuses it). */
const field = (payload: unknown, key: string): unknown => {
  try {
    return (payload as Record<string, unknown> | null)?.[key];
  } catch {}
};
/** The responsible-gaming changes: a step-up reports them by the same names. */
const RG_CHANGES: readonly StepUpChange[] = ['limits', 'pause', 'selfExclusion'];

/**
 * The user module's calls as funnel events, and the runs still open when the client stops.
 *
 * @example
 * const calls = userCalls({ emit, now, nextRun, prompt: onStepUp });
 * const user = calls.wrap(client.user);
 */
export function userCalls(o: UserCallsOptions) {
  const open = new Set<Open>();
  const reports = new Map<unknown, Open>();
  const took = (r: { startedAt: number }) => Math.max(0, o.now() - r.startedAt);
  const begin = (type: Open['type'], change?: StepUpChange): Open => {
    const r: Open = {
      type,
      run: o.nextRun(),
      startedAt: o.now(),
      who: o.player?.(),
      ...(change && { change }),
    };
    open.add(r);
    return r;
  };
  const finish = (r: Open, moment: string, fields: object = {}) => {
    if (!open.delete(r)) return;
    o.emit(
      {
        type: `${r.type}.${moment}`,
        run: r.run,
        ...(r.change && { change: r.change }),
        durationMs: took(r),
        ...fields,
      },
      r.who,
    );
  };

  function sensitive(original: Call, name: string, at: number): Call {
    const change = changeOf(name);
    return (...args) => {
      const rg = RG_CHANGES.includes(change) ? (change as RgChange) : undefined;
      // A run of its own, open until its answer (or the client's stop: `rg.changeAbandoned`).
      const asked = rg ? begin('rg', rg) : null;
      let answered: (() => void) | undefined;
      if (asked) {
        o.emit({ type: 'rg.changeRequested', run: asked.run, change: rg }, asked.who);
        answered = o.hold?.();
      }
      let stepUp: Open | null = null;
      let prompts = 0;
      let cancelled = false;
      let prompting = false;
      const options = args[at] as { onStepUp?: StepUpPrompt | null; signal?: AbortSignal };
      // (The call's own `null`: nobody asked, not even the client's prompt; `undefined`: not set.)
      const prompt = options.onStepUp === undefined ? o.prompt : options.onStepUp;
      const next = [...args];
      if (prompt) {
        next[at] = {
          ...options,
          onStepUp: async (error: Parameters<StepUpPrompt>[0]) => {
            if (!stepUp) {
              stepUp = begin('stepUp', change);
              o.emit({ type: 'stepUp.started', run: stepUp.run, change }, stepUp.who);
            } else
              o.emit(
                { type: 'stepUp.passwordRejected', run: stepUp.run, change, attempt: prompts },
                stepUp.who,
              );
            prompts++;
            prompting = true;
            const password = await prompt(error);
            prompting = false;
            cancelled = password == null;
            return password;
          },
        };
      }
      const rgDone = (moment: string, fields: object = {}) => {
        if (!asked) return;
        // The readings held meanwhile follow its answer (the account as barred by it, if it bars),
        // told even when its own event throws (an app clock that throws). A run the stop ended
        // already is told nothing more (`finish`).
        try {
          finish(asked, moment, fields);
        } finally {
          answered?.();
        }
      };
      return Promise.resolve()
        .then(() => original(...next))
        .then(
          (value) => {
            if (stepUp) finish(stepUp, 'completed');
            rgDone('changeAccepted');
            return value;
          },
          (error: unknown) => {
            // Aborted while the prompt was open: the app's signal, else its login ended (the
            // client's wait ends with either; a stop was told already).
            if (stepUp)
              finish(
                stepUp,
                ...((prompting && (error as { code?: unknown })?.code === 'aborted'
                  ? ['abandoned', { reason: options.signal?.aborted ? 'aborted' : 'loginEnded' }]
                  : cancelled
                    ? ['cancelled']
                    : ['failed', errorFields(error)]) as [string, object?]),
              );
            rgDone('changeFailed', errorFields(error));
            throw error;
          },
        );
    };
  }

  /** A report's status answer: completed or failed ends its run. */
  function statusOf(answer: unknown) {
    const a = answer as { id?: unknown; status?: unknown } | null;
    const r = reports.get(a?.id);
    if (!r) return;
    if (a?.status === 3 /* completed */) finish(r, 'completed');
    else if (a?.status === 4 /* failed */) finish(r, 'failed', { code: 'report_failed', status: null });
  }

  function wrap(user: UserModule): UserModule {
    const wrapped = wrapCalls(user, SENSITIVE, sensitive) as unknown as Record<string, unknown>;
    const generate = user.generateIncomeReport as unknown as Call;
    wrapped.generateIncomeReport = (...args: unknown[]) => {
      const r = begin('incomeReport');
      const delivery = oneOf(field(args[0], 'type'), ['download', 'email'], 'other');
      o.emit({ type: 'incomeReport.requested', run: r.run, delivery }, r.who);
      return Promise.resolve()
        .then(() => generate(...args))
        .then(
          (answer) => {
            reports.set((answer as { id?: unknown } | null)?.id, r);
            statusOf(answer);
            return answer;
          },
          (error: unknown) => {
            finish(r, 'failed', errorFields(error));
            throw error;
          },
        );
    };
    const poll = user.getIncomeReportStatus as unknown as Call;
    wrapped.getIncomeReportStatus = (...args: unknown[]) =>
      poll(...args).then((answer) => {
        statusOf(answer);
        return answer;
      });
    const download = user.downloadIncomeReport as unknown as Call;
    wrapped.downloadIncomeReport = (...args: unknown[]) =>
      download(...args).then((file) => {
        const r = reports.get(field(args[0], 'id'));
        o.emit({ type: 'incomeReport.downloaded', run: r ? r.run : null }, r?.who);
        return file;
      });
    return wrapped as unknown as UserModule;
  }

  /**
   * The client stopped: every step-up, responsible-gaming change and report still open is
   * abandoned, the latest first (a change's step-up before the change, as its answer would).
   */
  function stop() {
    for (const r of [...open].reverse())
      finish(r, r.type === 'rg' ? 'changeAbandoned' : 'abandoned', { reason: 'stopped' });
  }

  /**
   * The player's login ended (signed out, or another player signed in): the reports still being
   * made are abandoned (`loggedOut`): never polled, completed or ended in the next player's session
   * (review 157: A's report span stayed open through B's session, ended at the stop as B's).
   */
  function endLogin() {
    for (const r of [...open].reverse())
      if (r.type === 'incomeReport') finish(r, 'abandoned', { reason: 'loggedOut' });
  }

  return { wrap, stop, endLogin };
}
