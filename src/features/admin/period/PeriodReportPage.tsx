import type { ReactNode } from "react";
import { useState } from "react";
import { AdminScreenHeader } from "../AdminPageHeader";
import type { Cell } from "../csv";
import { AdminDataView, EmptyState, type AdminQuery } from "../DataStates";
import { ExportCsvButton } from "../ExportCsvButton";
import { periodFileName, periodOf, type Period } from "./period";
import { PeriodForm } from "./PeriodForm";

/** What a report screen says. */
interface ReportCopy {
  seoTitle: string;
  heading: string;
  intro: string;
  export: string;
  exported: string;
  loading: string;
  error: string;
  empty: string;
}

/**
 * A report screen by period (Campaigns, Traffic): its header with the CSV export of what is shown,
 * the period form (the last 30 days to start with), and the report in the shared data states.
 */
export function PeriodReportPage<T>({
  path,
  name,
  copy,
  useReport,
  isEmpty,
  csv,
  after,
  children,
}: {
  path: string;
  /** The start of the CSV file's name: `traffic` gives `traffic-<first day>-to-<last day>.csv`. */
  name: string;
  copy: ReportCopy;
  useReport: (period: Period) => AdminQuery<T>;
  isEmpty: (report: T) => boolean;
  csv: { columns: readonly string[]; rows: (report: T) => Record<string, Cell>[] };
  children: (report: T, period: Period) => ReactNode;
  /**
   * What follows the report on the screen, shown once the report has first come in or failed: shown
   * before it, it would be pushed down the screen by a report of any length arriving above it.
   */
  after?: ReactNode;
}) {
  const [period, setPeriod] = useState<Period>(() => periodOf("30", "", "")!);
  const report = useReport(period);
  const shown = report.isError ? undefined : report.data;
  // Kept once set: a later period's report loads in the place of the one shown, below the form.
  const [reportSettled, setReportSettled] = useState(false);
  if (!reportSettled && (report.data !== undefined || report.isError)) setReportSettled(true);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminScreenHeader
        path={path}
        copy={copy}
        actions={
          <ExportCsvButton
            label={copy.export}
            disabled={!shown || isEmpty(shown)}
            file={() => ({
              name: periodFileName(name, period),
              columns: csv.columns,
              rows: shown ? csv.rows(shown) : [],
            })}
            saved={() => ({ title: copy.exported })}
          />
        }
      />

      <PeriodForm onPeriod={setPeriod} />

      <AdminDataView
        query={report}
        loading={copy.loading}
        error={copy.error}
        isEmpty={isEmpty}
        empty={<EmptyState message={copy.empty} />}
      >
        {(data) => children(data, period)}
      </AdminDataView>
      {reportSettled ? after : null}
    </div>
  );
}
