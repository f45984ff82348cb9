import type { ClientError } from '@warraq/contracts';
import { t } from '@/i18n';
import { formatDateTime } from '@/lib/format/format';
import { PagedLog } from '@/ui/PagedLog';
import { Cell, STACKED_TABLE, StackedTable } from '@/ui/stacked-table';
import { ADMIN_KEYS, fetchClientErrors } from './system-api';

const text = t.logs.errors;

/** One report: the message with its stack and browser folded under it. */
function ErrorMessage({ report }: { report: ClientError }) {
  return (
    <details className="w-full min-w-0">
      <summary className="cursor-pointer list-inside">
        <span dir="ltr" className="font-mono text-xs break-all">
          {report.message}
        </span>
      </summary>
      <div className="mt-2 flex flex-col gap-2">
        <p className="text-xs">
          <span className="badge badge-ghost badge-sm">{text.sources[report.source]}</span>
        </p>
        {report.stack ? (
          <div>
            <p className="text-xs font-semibold">{text.stack}</p>
            <pre
              dir="ltr"
              className="max-h-64 overflow-auto rounded-box bg-base-200 p-2 text-start text-xs whitespace-pre-wrap break-all"
            >
              {report.stack}
            </pre>
          </div>
        ) : (
          <p className="text-xs opacity-70">{text.noStack}</p>
        )}
        {report.userAgent && (
          <p className="text-xs break-all opacity-70">
            {text.userAgent}: <span dir="ltr">{report.userAgent}</span>
          </p>
        )}
      </div>
    </details>
  );
}

/** Browser errors reported by the site's pages: message, page, user, time; newest first, paged. */
export function ClientErrorsSection() {
  const columns = text.columns;
  return (
    <PagedLog
      keyFor={ADMIN_KEYS.clientErrors}
      fetchPage={fetchClientErrors}
      label={text.tab}
      intro={text.intro}
      empty={text.empty}
    >
      {(reports: ClientError[]) => (
        <StackedTable
          label={text.tab}
          className="table-sm"
          columns={[columns.message, columns.path, columns.user, columns.time]}
        >
          {reports.map((report) => (
            <tr key={report.id} className={`${STACKED_TABLE.row} align-top`} data-testid="client-error-row">
              <Cell label={columns.message} className="sm:min-w-56" data-testid="client-error-message">
                <ErrorMessage report={report} />
              </Cell>
              <Cell label={columns.path} className="sm:max-w-48" data-testid="client-error-path">
                <span dir="ltr" className="min-w-0 font-mono text-xs break-all">
                  {report.path}
                </span>
              </Cell>
              <Cell label={columns.user} className="whitespace-nowrap">
                {report.username ? (
                  <span dir="auto">{report.username}</span>
                ) : (
                  <span className="opacity-70">{text.guest}</span>
                )}
              </Cell>
              <Cell label={columns.time} className="whitespace-nowrap">
                {formatDateTime(report.created_at)}
              </Cell>
            </tr>
          ))}
        </StackedTable>
      )}
    </PagedLog>
  );
}
