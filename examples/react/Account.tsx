// The signed-in screen, drawn from the session view: profile, restriction banner, play-time
// alert, deposit limit (current and pending), pause and self-exclusion (each confirmed first),
// the step-up prompt, the income report and logging out.
import { useSession } from 'pam-client/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { accountView } from '../shared/account';
import {
  EXCLUSION_MONTHS,
  exclusionLabel,
  LIMIT_PERIODS,
  PAUSE_DAYS,
  pauseLabel,
  problemLines,
  savedLimitText,
} from '../shared/app';
import { client, rg } from './client';
import { IncomeReport } from './IncomeReport';
import { Lines } from './Lines';
import { StepUpPrompt } from './StepUpPrompt';

/** False once the screen is left: answers that come later are not shown. */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

export function Account() {
  const session = useSession(client);
  const shown = accountView(session);
  const mounted = useMounted();

  const [amount, setAmount] = useState('');
  const [chosenPeriod, setPeriod] = useState<string | null>(null);
  const period = chosenPeriod ?? shown.depositPeriod ?? 'monthly';
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState('');
  const [limitErrors, setLimitErrors] = useState<string[]>([]);

  async function saveLimit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setSaved('');
    try {
      await rg.saveDepositLimit(amount, period);
      if (!mounted.current) return;
      setLimitErrors([]);
      setSaved('saved');
    } catch (error) {
      if (mounted.current) setLimitErrors(problemLines(error));
    } finally {
      if (mounted.current) setSaving(false);
    }
  }

  const [pauseDays, setPauseDays] = useState<number>(PAUSE_DAYS[0]);
  const [months, setMonths] = useState<number>(EXCLUSION_MONTHS[0]);
  const [confirming, setConfirming] = useState<{ text: string; run: () => Promise<unknown> } | null>(null);
  const [breakErrors, setBreakErrors] = useState<string[]>([]);
  const [breakSaved, setBreakSaved] = useState('');

  function ask(text: string, run: () => Promise<unknown>) {
    setBreakSaved('');
    setConfirming({ text, run });
  }
  async function confirmBreak() {
    const run = confirming?.run;
    setConfirming(null);
    if (!run) return;
    try {
      await run();
      if (!mounted.current) return;
      setBreakErrors([]);
      setBreakSaved('Saved.');
    } catch (error) {
      if (mounted.current) setBreakErrors(problemLines(error));
    }
  }

  return (
    <>
      <section data-testid="profile">
        <header>
          <h2>Profile</h2>
          <button
            type="button"
            className="secondary"
            disabled={session.status === 'signingOut'}
            data-testid="logout"
            onClick={() => session.logout()}
          >
            Log out
          </button>
        </header>
        <dl>
          <dt>Name</dt>
          <dd data-testid="profile-name">{shown.name}</dd>
          <dt>E-mail</dt>
          <dd data-testid="profile-email">{shown.email}</dd>
        </dl>
      </section>

      {shown.restrictions.length > 0 && (
        <section className="card banner" role="status" data-testid="restriction-banner">
          <h2>Restrictions</h2>
          <ul>
            {shown.restrictions.map((line) => (
              <li key={line.key} data-kind={line.kind}>
                {line.text}
                {line.note && <q>{line.note}</q>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className={shown.standing.canBet ? 'notice' : 'warning'} data-testid="bet-status">
        {shown.standing.text}
      </p>
      {shown.timeAlert && (
        <p className="notice" role="alert" data-testid="time-alert">
          {shown.timeAlert.text}
        </p>
      )}

      <form className="card" noValidate data-testid="limits-form" onSubmit={saveLimit}>
        <h2>Responsible gaming</h2>
        <p>
          Current deposit limit: <strong data-testid="deposit-limit">{shown.depositLimit}</strong>
        </p>
        {shown.depositPending && <p data-testid="deposit-pending">{shown.depositPending}</p>}
        <div className="row">
          <label>
            Deposit limit (BRL){' '}
            <input
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              type="number"
              min="0"
              step="any"
              required
              data-testid="limit-amount"
            />
          </label>
          <label>
            Period{' '}
            <select value={period} onChange={(e) => setPeriod(e.target.value)} data-testid="limit-period">
              {LIMIT_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={saving} data-testid="limit-submit">
            Save limit
          </button>
        </div>
        <Lines lines={limitErrors} testId="limit-errors" />
        <p className="notice" role="status" data-testid="limit-saved">
          {saved && savedLimitText(session.restrictions?.limits.deposit)}
        </p>
      </form>

      <section className="card" data-testid="breaks">
        <h2>Take a break</h2>
        <div className="row">
          <label>
            Pause for{' '}
            <select
              value={pauseDays}
              onChange={(e) => setPauseDays(Number(e.target.value))}
              data-testid="pause-days"
            >
              {PAUSE_DAYS.map((d) => (
                <option key={d} value={d}>
                  {pauseLabel(d)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid="pause-submit"
            onClick={() =>
              ask(`Pause your account for ${pauseLabel(pauseDays)}? You cannot bet until it ends.`, () =>
                rg.pause(pauseDays),
              )
            }
          >
            Pause my account
          </button>
        </div>
        <div className="row">
          <label>
            Self-exclusion{' '}
            <select
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
              data-testid="exclusion-months"
            >
              {EXCLUSION_MONTHS.map((m) => (
                <option key={m} value={m}>
                  {exclusionLabel(m)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="danger"
            data-testid="exclusion-submit"
            onClick={() =>
              ask(`Exclude yourself ${exclusionLabel(months)}? This cannot be undone from here.`, () =>
                rg.selfExclude(months),
              )
            }
          >
            Exclude me
          </button>
        </div>
        {confirming && (
          <div className="notice" data-testid="confirm">
            <p data-testid="confirm-text">{confirming.text}</p>
            <div className="row">
              <button type="button" className="danger" data-testid="confirm-yes" onClick={confirmBreak}>
                Yes, I confirm
              </button>
              <button
                type="button"
                className="secondary"
                data-testid="confirm-no"
                onClick={() => setConfirming(null)}
              >
                Cancel
              </button>
            </div>
          </div>
        )}
        <Lines lines={breakErrors} testId="break-errors" />
        <p className="notice" role="status" data-testid="break-saved">
          {breakSaved}
        </p>
      </section>

      <StepUpPrompt />
      <section data-testid="report">
        <IncomeReport />
      </section>
    </>
  );
}
