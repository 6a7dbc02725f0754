// The chain alone cannot show that records were cut from the end of a log. report.json, written with the
// log, anchors it: how many records the run wrote and the last one's hash. Records after the anchor may only
// be overrides an auditor appended.
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { RedactionRecord } from "../../guards/record.js";

export interface Anchor {
  records: number;
  lastHash: string | null;
}

/** The anchor in report.json beside the log; undefined when there is no report (a bare log file). */
export async function readAnchor(logPath: string): Promise<Anchor | undefined> {
  const text = await readFile(join(dirname(logPath), "report.json"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const chain = (JSON.parse(text) as { chain?: Anchor }).chain;
    return chain && Number.isInteger(chain.records) ? chain : undefined;
  } catch {
    return undefined;
  }
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
