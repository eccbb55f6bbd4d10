import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/Button";
import { toast } from "../../components/ui/toast-store";
import { runDetached } from "../../lib/detached";
import type { Cell } from "./csv";
import { errorMessage } from "./error-message";

/** What an export writes: the file's name, its columns in order, and one record a row. */
interface CsvFile {
  name: string;
  columns: readonly string[];
  rows: Record<string, Cell>[];
}

interface ExportCsvButtonProps {
  label: string;
  /** Shown while the rows are read and the file is written; the label by default. */
  busyLabel?: string;
  /** True while there is nothing to export. */
  disabled: boolean;
  /** Reads what to export (the screen's data, or a fresh read of every matching row). */
  file: () => CsvFile | Promise<CsvFile>;
  /** The toast once the file is saved, given how many rows it has. */
  saved: (count: number) => { title: string; description?: string };
  /** The toast's title when the export fails; without it the failure is only logged. */
  failed?: string;
}

/**
 * A screen's 'Export CSV': builds the file, writes it with ./csv.ts (loaded on the first export)
 * and saves it through the browser's download, then says so.
 */
export function ExportCsvButton({ label, busyLabel = label, disabled, file, saved, failed }: ExportCsvButtonProps) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const [csv, { name, columns, rows }] = await Promise.all([import("./csv"), file()]);
      csv.downloadCsv(csv.toCsv(columns, rows), name);
      toast({ ...saved(rows.length), variant: "success" });
    } catch (error) {
      if (!failed) throw error;
      toast({ title: failed, description: errorMessage(error), variant: "error" });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => runDetached(exportCsv(), "Exporting the CSV")}
      disabled={exporting || disabled}
    >
      <Download aria-hidden="true" className="h-4 w-4" />
      {exporting ? busyLabel : label}
    </Button>
  );
}
