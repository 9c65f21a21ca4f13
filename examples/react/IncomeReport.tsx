// The income report: `incomeReportMachine` through useActor, which starts the actor on mount and
// stops it on unmount (aborting a poll in flight).
import { INCOME_REPORT_STATUS, type IncomeReportDeliveryType } from 'pam-client';
import { incomeReportMachine } from 'pam-client/machines';
import { useActor } from 'pam-client/react';
import { type FormEvent, type MouseEvent, useState } from 'react';
import { downloadReport, problemLines, REPORT_POLL_INTERVAL_MS, reportView } from '../shared/app';
import { client } from './client';
import { Lines } from './Lines';

export function IncomeReport() {
  const { snapshot, send } = useActor(incomeReportMachine, {
    input: { user: client.user, pollIntervalMs: REPORT_POLL_INTERVAL_MS },
  });
  const view = reportView(snapshot);
  const years = [...(snapshot.context.years ?? [])].reverse();
  const [chosen, setYear] = useState<number | null>(null);
  const year = chosen ?? years[0] ?? null;
  const [delivery, setDelivery] = useState<IncomeReportDeliveryType>('download');
  const [downloadErrors, setDownloadErrors] = useState<string[]>([]);

  function generate(event: FormEvent) {
    event.preventDefault();
    if (year !== null) send({ type: 'GENERATE', referenceYear: year, deliveryType: delivery });
  }
  function download(event: MouseEvent) {
    event.preventDefault();
    if (!view.downloadUrl) return;
    setDownloadErrors([]);
    downloadReport(client, view.downloadUrl, view.year).catch((error) =>
      setDownloadErrors(problemLines(error)),
    );
  }

  return (
    <>
      <h2>Income report</h2>
      <form onSubmit={generate}>
        <div className="row">
          <label>
            Year{' '}
            <select
              value={year ?? ''}
              onChange={(e) => setYear(Number(e.target.value))}
              data-testid="report-year"
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
          <label>
            Delivery{' '}
            <select
              value={delivery}
              onChange={(e) => setDelivery(e.target.value as IncomeReportDeliveryType)}
              data-testid="report-delivery"
            >
              <option value="download">download</option>
              <option value="email">e-mail</option>
            </select>
          </label>
          <button type="submit" disabled={!view.canGenerate} data-testid="report-generate">
            Generate
          </button>
        </div>
      </form>
      <progress max={INCOME_REPORT_STATUS.completed} value={view.progress} />
      <p>
        Status:{' '}
        <span className={view.statusClass} data-testid="report-status">
          {view.status}
        </span>
      </p>
      {view.downloadUrl && (
        <p>
          <a href={view.downloadUrl} data-testid="report-download" onClick={download}>
            Download the report
          </a>
        </p>
      )}
      <div className="row">
        {view.canCancel && (
          <button
            type="button"
            className="secondary"
            data-testid="report-cancel"
            onClick={() => send({ type: 'CANCEL' })}
          >
            Cancel
          </button>
        )}
        {view.canRetry && (
          <button type="button" data-testid="report-retry" onClick={() => send({ type: 'RETRY' })}>
            Retry
          </button>
        )}
        {view.canReset && (
          <button
            type="button"
            className="secondary"
            data-testid="report-reset"
            onClick={() => send({ type: 'RESET' })}
          >
            New report
          </button>
        )}
      </div>
      <Lines lines={[...view.errors, ...downloadErrors]} testId="report-errors" />
    </>
  );
}
