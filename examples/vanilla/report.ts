// The income report: `incomeReportMachine` generates it and polls until it is done.
import { INCOME_REPORT_STATUS } from 'pam-client';
import { incomeReportMachine, type PamClient } from 'pam-client/machines';
import { subscribeTo } from 'pam-client/vanilla';
import { createActor, type SnapshotFrom } from 'xstate';
import { downloadReport, problemLines, REPORT_POLL_INTERVAL_MS, reportView } from '../shared/app';
import { field, h, showLines } from './dom';

/** The words for each moment of the report's making (the machine's states). */
const PROGRESS: [Parameters<SnapshotFrom<typeof incomeReportMachine>['matches']>[0], string][] = [
  ['generating', 'Requesting the report…'],
  [{ polling: 'waiting' }, 'Waiting for the next check…'],
  [{ polling: 'fetching' }, 'Checking the report…'],
  [{ polling: 'waitingForSession' }, 'Waiting for your session to be renewed…'],
  [{ polling: 'paused' }, 'Paused while the page is hidden or offline: checking resumes when you are back.'],
];

export function mountReport(root: HTMLElement, client: PamClient): () => void {
  const actor = createActor(incomeReportMachine, {
    input: { user: client.user, pollIntervalMs: REPORT_POLL_INTERVAL_MS },
  });

  const year = h('select', { 'data-testid': 'report-year' });
  const delivery = h(
    'select',
    { 'data-testid': 'report-delivery' },
    h('option', { value: 'download' }, 'download'),
    h('option', { value: 'email' }, 'e-mail'),
  );
  const generate = h('button', { type: 'submit', 'data-testid': 'report-generate' }, 'Generate');
  const form = h(
    'form',
    {},
    h('div', { class: 'row' }, field('Year', year), field('Delivery', delivery), generate),
  );
  const progress = h('progress', { max: INCOME_REPORT_STATUS.completed, value: 0 });
  const status = h('span', { 'data-testid': 'report-status' });
  // What the machine is doing while the report is made: each polling state says it in words.
  const note = h('p', { class: 'muted', role: 'status', 'data-testid': 'report-progress' });
  const download = h(
    'a',
    { href: '#', hidden: true, 'data-testid': 'report-download' },
    'Download the report',
  );
  const cancel = h(
    'button',
    { type: 'button', class: 'secondary', 'data-testid': 'report-cancel' },
    'Cancel',
  );
  const retry = h('button', { type: 'button', 'data-testid': 'report-retry' }, 'Retry');
  const reset = h(
    'button',
    { type: 'button', class: 'secondary', 'data-testid': 'report-reset' },
    'New report',
  );
  const errors = h('ul', { class: 'errors', role: 'alert', 'data-testid': 'report-errors' });
  root.append(
    h('h2', {}, 'Income report'),
    form,
    progress,
    h('p', {}, 'Status: ', status),
    note,
    h('p', {}, download),
    h('div', { class: 'row' }, cancel, retry, reset),
    errors,
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const deliveryType = delivery.value as 'download' | 'email';
    actor.send({ type: 'GENERATE', referenceYear: Number(year.value), deliveryType });
  });
  cancel.addEventListener('click', () => actor.send({ type: 'CANCEL' }));
  retry.addEventListener('click', () => actor.send({ type: 'RETRY' }));
  reset.addEventListener('click', () => actor.send({ type: 'RESET' }));
  download.addEventListener('click', (event) => {
    event.preventDefault();
    const view = reportView(actor.getSnapshot());
    if (!view.downloadUrl) return;
    downloadReport(client, view.downloadUrl, view.year).catch((error) =>
      showLines(errors, problemLines(error)),
    );
  });

  let shownYears: number[] | null = null;
  function render(s: SnapshotFrom<typeof incomeReportMachine>) {
    const { years } = s.context;
    if (years && years !== shownYears) {
      shownYears = years;
      year.replaceChildren(...[...years].reverse().map((y) => h('option', { value: y }, String(y))));
    }
    const view = reportView(s);
    generate.disabled = !view.canGenerate;
    cancel.hidden = !view.canCancel;
    retry.hidden = !view.canRetry;
    reset.hidden = !view.canReset;
    progress.value = view.progress;
    status.textContent = view.status;
    status.className = view.statusClass;
    note.textContent = PROGRESS.find(([state]) => s.matches(state))?.[1] ?? '';
    download.hidden = !view.downloadUrl;
    download.href = view.downloadUrl ?? '#';
    showLines(errors, view.errors);
  }

  const unsubscribe = subscribeTo(actor, (s) => s, render);
  actor.start();
  render(actor.getSnapshot());
  return () => {
    unsubscribe();
    actor.stop(); // aborts a poll in flight
  };
}
