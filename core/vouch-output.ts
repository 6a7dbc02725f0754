// How a folder of vouch's own outputs is known: its report.json, which every run writes with the rest of
// the set (all or nothing). Readers of evidence skip such a folder, so a run never grounds itself on an
// earlier run's resume.
export const REPORT_FILE = "report.json";

/** Bytes of a report.json enough to tell vouch's from another file of that name. */
export const REPORT_HEAD_BYTES = 256;

/** vouch writes `format` first, then `runId` (pipeline/outputs/report.ts): another tool's report.json does not. */
const REPORT_HEAD = /^\s*\{\s*"format"\s*:\s*\d+\s*,\s*"runId"\s*:\s*"[^"]+"/;

/** Whether the first bytes of a report.json are vouch's. */
export function isVouchReport(head: string): boolean {
  return REPORT_HEAD.test(head);
}
