// One limit's form (deposit, loss or time): the limit in force, a pending change with the date it
// takes effect, and the new value. A looser limit waits (the server stores it pending, after the
// password): the saved line says until when, never only "saved".
import { compareLimit, type LimitState } from 'pam-client';
import type { SessionView } from 'pam-client/machines';
import {
  amountText,
  type EditableLimit,
  formatDate,
  LIMIT_PERIODS,
  LIMIT_UNIT,
  type LimitPeriod,
  limitText,
  PERIOD_LABEL,
  pendingLimitText,
  problemLines,
} from '../shared/app';
import { rg } from './client';
import { field, h, showLines } from './dom';

const TITLE: Record<EditableLimit, string> = {
  deposit: 'Deposit limit',
  loss: 'Loss limit',
  time: 'Play-time limit',
};
const INPUT: Record<EditableLimit, string> = {
  deposit: 'Deposit limit (BRL)',
  loss: 'Loss limit (BRL)',
  time: 'Play-time limit (minutes)',
};

/** The deposit form keeps the test ids the book has always used; the others are prefixed. */
const ids = (kind: EditableLimit) =>
  kind === 'deposit'
    ? {
        form: 'limits-form',
        current: 'deposit-limit',
        pending: 'deposit-pending',
        amount: 'limit-amount',
        period: 'limit-period',
        submit: 'limit-submit',
        errors: 'limit-errors',
        saved: 'limit-saved',
      }
    : {
        form: `${kind}-limit-form`,
        current: `${kind}-limit`,
        pending: `${kind}-pending`,
        amount: `${kind}-limit-amount`,
        period: `${kind}-limit-period`,
        submit: `${kind}-limit-submit`,
        errors: `${kind}-limit-errors`,
        saved: `${kind}-limit-saved`,
      };

interface Saved {
  looser: boolean;
  amount: number;
  period: string;
}

/** The form of one limit; `render` follows the session view, `isLeft` stops late answers. */
export function limitForm(kind: EditableLimit, isLeft: () => boolean) {
  const id = ids(kind);
  const unit = LIMIT_UNIT[kind];
  const current = h('strong', { 'data-testid': id.current }, '…');
  const pending = h('p', { hidden: true, 'data-testid': id.pending });
  const amount = h('input', {
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    'data-testid': id.amount,
  });
  const period = h(
    'select',
    { 'data-testid': id.period },
    ...LIMIT_PERIODS.map((p) => h('option', { value: p }, PERIOD_LABEL[p])),
  );
  const save = h('button', { type: 'submit', 'data-testid': id.submit }, 'Save limit');
  const errors = h('ul', { class: 'errors', role: 'alert', 'data-testid': id.errors });
  const saved = h('p', { class: 'notice', role: 'status', hidden: true, 'data-testid': id.saved });
  const form = h(
    'form',
    { class: 'limit', novalidate: true, 'data-testid': id.form },
    h('h3', {}, TITLE[kind]),
    h('p', {}, 'In force: ', current),
    pending,
    h('div', { class: 'row' }, field(INPUT[kind], amount), field('Period', period), save),
    errors,
    saved,
  );

  let state: LimitState | null = null;
  let last: Saved | null = null;
  const savedText = (view: SessionView | null): string => {
    if (!last) return '';
    if (!last.looser) return 'Saved: the new limit is in force now.';
    const change = view?.restrictions?.limits[kind].pendingChange;
    const what = amountText(last.amount, last.period, unit);
    return change && change.amount === last.amount && change.period === last.period
      ? `Saved: ${what} takes effect on ${formatDate(change.effectiveAt)}. Until then the limit in force holds.`
      : `Saved: ${what} is a looser limit and waits 24 hours. Until then the limit in force holds.`;
  };
  let lastView: SessionView | null = null;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    save.disabled = true;
    saved.hidden = true;
    last = null;
    const proposed = { amount: Number(amount.value), period: period.value as LimitPeriod, active: true };
    const looser = state !== null && compareLimit(state, proposed) === 'looser';
    try {
      await rg.saveLimit(kind, amount.value, period.value);
      if (isLeft()) return;
      showLines(errors, []);
      last = { looser, amount: proposed.amount, period: proposed.period };
      saved.textContent = savedText(lastView);
      saved.hidden = false;
    } catch (error) {
      if (!isLeft()) showLines(errors, problemLines(error));
    } finally {
      save.disabled = false;
    }
  });

  const render = (view: SessionView) => {
    lastView = view;
    state = view.restrictions?.limits[kind] ?? null;
    current.textContent = limitText(state, unit);
    const change = pendingLimitText(state, unit);
    pending.hidden = !change;
    pending.textContent = change ? `Pending change: ${change}. Until then the limit in force holds.` : '';
    if (state?.period && document.activeElement !== period) period.value = state.period;
    if (last) saved.textContent = savedText(view);
  };
  return { form, render };
}
