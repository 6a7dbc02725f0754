// The chain alone cannot show that records were cut from the end of a log. report.json, written with the
// log, anchors it: how many records the run wrote and the last one's hash. Records after the anchor may only
// be overrides an auditor appended.
import type { RedactionRecord } from "../../guards/index.js";

export interface Anchor {
  records: number;
  lastHash: string | null;
}

/** Why the log does not match its anchor, or undefined when it does. */
export function anchorProblem(records: readonly RedactionRecord[], anchor: Anchor): string | undefined {
  if (records.length < anchor.records) {
    return `report.json says the run wrote ${anchor.records} records but the log has ${records.length}: records were removed from its end`;
  }
  const last = anchor.records === 0 ? null : records[anchor.records - 1]!.hash;
  if (last !== anchor.lastHash) {
    return `record ${anchor.records} is not the last record report.json names: the log was rewritten`;
  }
  const extra = records.slice(anchor.records).find((r) => r.guard !== "override");
  return extra ? `seq ${extra.seq} was added after the run and is not an override` : undefined;
}
