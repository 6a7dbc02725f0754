// `audit --json` and `--csv` with every field of every record (evidence, ts, hashes), so that a tool can
// rebuild the evidence view from them. The summary's rows keep their keys; the record's are added.
import type { RedactionRecord } from "../../../guards/index.js";
import { type AuditRow, type AuditSummary, csvField } from "../summary.js";

export type FullRow = AuditRow &
  Pick<RedactionRecord, "runId" | "ts" | "original" | "replacement" | "evidence" | "prevHash" | "hash"> &
  Partial<Pick<RedactionRecord, "range" | "outputRange">>;

export interface FullSummary extends Omit<AuditSummary, "records"> {
  records: FullRow[];
}

/** The summary with each row carrying its whole record (rows and records are in the same order). */
export function withRecordFields(summary: AuditSummary, records: readonly RedactionRecord[]): FullSummary {
  return {
    ...summary,
    records: summary.records.map((row, i) => {
      const r = records[i]!;
      return {
        ...row,
        runId: r.runId,
        ts: r.ts,
        ...(r.range ? { range: r.range } : {}),
        ...(r.outputRange ? { outputRange: r.outputRange } : {}),
        original: r.original,
        replacement: r.replacement,
        evidence: r.evidence,
        prevHash: r.prevHash,
        hash: r.hash,
      };
    }),
  };
}

// The summary's columns first, as before; the record's own fields after them.
const COLUMNS = [
  "seq",
  "guard",
  "rule",
  "action",
  "field",
  "before",
  "after",
  "reason",
  "runId",
  "ts",
  "range",
  "outputRange",
  "original",
  "replacement",
  "evidence",
  "prevHash",
  "hash",
] as const;

function cell(row: FullRow, column: (typeof COLUMNS)[number]): string {
  const value = row[column];
  if (value === undefined) return "";
  if (column === "range" || column === "outputRange") return (value as number[]).join("-");
  if (column === "evidence") return JSON.stringify(value);
  return String(value);
}

/** RFC 4180 like the summary's CSV (its csvField), with every record field; evidence as a JSON array. */
export function renderFullCsv(summary: FullSummary): string {
  const rows = [
    COLUMNS.join(","),
    ...summary.records.map((row) => COLUMNS.map((c) => csvField(cell(row, c))).join(",")),
  ];
  return `${rows.join("\r\n")}\r\n`;
}
