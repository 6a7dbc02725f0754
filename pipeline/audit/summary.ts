// What an auditor reads: counts per guard and action, and per record what changed where and why.
// Pure: the summary is built from values, and each renderer is a function of the summary.
import { recordKind, type RedactionRecord } from "../../guards/index.js";
import type { AuditLog } from "./read-log.js";
import { type ChainBreak, type ChainVerdict, describeBreak } from "./verify-chain.js";

export interface AuditRow {
  seq: number;
  guard: string;
  rule: string;
  action: string;
  field: string;
  /** The text before the change; for a match record, a one-line summary of the match. */
  before: string;
  /** The text after the change ("" when it was removed); for a match record, the match after it. */
  after: string;
  /** Set when `before` and `after` are JSON values (an entry, a contact detail put back), not text. */
  json?: true;
  reason: string;
}

/** The stable `--json` shape. */
export interface AuditSummary {
  log: string;
  chain: { ok: boolean; firstBad?: ChainBreak };
  counts: { total: number; byGuard: Record<string, number>; byAction: Record<string, number> };
  records: AuditRow[];
}

export function summarize(log: Pick<AuditLog, "path" | "records">, chain: ChainVerdict): AuditSummary {
  return {
    log: log.path,
    chain: chain.ok ? { ok: true } : { ok: false, firstBad: chain.firstBad },
    counts: {
      total: log.records.length,
      byGuard: countBy(log.records, (r) => r.guard),
      byAction: countBy(log.records, (r) => r.action),
    },
    records: log.records.map(toRow),
  };
}

/** Counts keyed in sorted order, so the JSON is the same for the same log. */
function countBy(records: readonly RedactionRecord[], key: (r: RedactionRecord) => string) {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(key(record), (counts.get(key(record)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function toRow(record: RedactionRecord): AuditRow {
  const kind = recordKind(record);
  const isMatch = kind === "match";
  return {
    seq: record.seq,
    guard: record.guard,
    rule: record.rule,
    action: record.action,
    field: record.field,
    before: isMatch ? describeMatch(record.original) : record.original,
    after: isMatch ? describeMatch(record.replacement) : record.replacement,
    ...(kind === "structure" ? { json: true as const } : {}),
    reason: record.reason,
  };
}

/** A match record holds a whole match as JSON: `LLM integration: openai (verified)` says what matters. */
export function describeMatch(json: string): string {
  if (json === "") return "";
  try {
    const match = JSON.parse(json) as { requirement?: unknown; technology?: unknown; status?: unknown };
    const technology = typeof match.technology === "string" ? `: ${match.technology}` : "";
    return `${String(match.requirement)}${technology} (${String(match.status)})`;
  } catch {
    return json;
  }
}

const MAX_SHOWN = 120;

function shown(value: string, emptyAs: string, json = false): string {
  if (value === "") return emptyAs;
  const cut = value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN - 1)}…` : value;
  return json ? cut : JSON.stringify(cut);
}

/** Plain text for a terminal: the chain status, the counts, then one block per record. */
export function renderText(summary: AuditSummary): string {
  const { counts, chain } = summary;
  const list = (byKey: Record<string, number>) =>
    Object.entries(byKey)
      .map(([key, n]) => `${key} ${n}`)
      .join(", ") || "none";
  const lines = [
    `redaction log: ${summary.log}`,
    chain.ok
      ? `chain intact: ${counts.total} records`
      : `chain BROKEN: ${describeBreak(summary.log, chain.firstBad!)}`,
    `by guard:  ${list(counts.byGuard)}`,
    `by action: ${list(counts.byAction)}`,
  ];
  for (const row of summary.records) {
    lines.push(
      "",
      `#${row.seq}  ${row.guard}/${row.rule}  ${row.action}  ${row.field}`,
      `    ${shown(row.before, "(nothing)", row.json)} → ${shown(row.after, "(removed)", row.json)}`,
      `    ${row.reason}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The `--json` output: the summary, indented. */
export function renderJson(summary: AuditSummary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}

const CSV_COLUMNS = ["seq", "guard", "rule", "action", "field", "before", "after", "reason"] as const;

/**
 * RFC 4180: a header row, CRLF line ends, fields quoted when they hold a comma, quote, CR or LF. A cell a
 * spreadsheet would run as a formula is neutralised (csvField).
 */
export function renderCsv(summary: AuditSummary): string {
  const rows = [
    CSV_COLUMNS.join(","),
    ...summary.records.map((row) => CSV_COLUMNS.map((c) => csvField(String(row[c]))).join(",")),
  ];
  return `${rows.join("\r\n")}\r\n`;
}

/**
 * One CSV cell. A value starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`
 * (OWASP CSV injection), so Excel, LibreOffice or Sheets show it as text instead of running it.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
