// The chain writes every finding's reason from its guard's messages (ESLint's messageId + data), so a
// guard's words live in its `meta.messages` and nowhere else.
import type { DraftFinding, GuardMeta, MatchFinding, MessageData, Reported, TextFinding } from "./types.js";

/** Fill a message template's `{{placeholders}}`; one the data lacks stays as written, for the tester to see. */
export function formatMessage(template: string, data: MessageData): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => data[key] ?? whole);
}

type AnyReport = Reported<TextFinding> | Reported<MatchFinding> | Reported<DraftFinding>;

/** A report's reason: its message filled with its data. A message id the guard lacks is the guard's bug. */
export function reasonOf(meta: GuardMeta, report: AnyReport): string {
  const id = report.messageId ?? report.rule;
  const template = meta.messages[id];
  if (template === undefined)
    throw new Error(`${meta.id} reported "${id}", which is not one of its messages`);
  return formatMessage(template, report.data);
}

/**
 * A text guard's reports as findings, each with its reason. Written out field by field, in a loop: a long
 * text has thousands of findings, and rest and spread are slow enough in V8 to dominate it.
 */
export function sayText(meta: GuardMeta, reports: readonly Reported<TextFinding>[]): TextFinding[] {
  const findings: TextFinding[] = new Array<TextFinding>(reports.length);
  for (let i = 0; i < reports.length; i++) {
    const r = reports[i]!;
    const finding: TextFinding = {
      guard: r.guard,
      rule: r.rule,
      action: r.action,
      field: r.field,
      reason: reasonOf(meta, r),
      actual: r.actual,
      evidence: r.evidence,
    };
    if (r.expected !== undefined) finding.expected = r.expected;
    if (r.edit !== undefined) finding.edit = r.edit;
    if (r.removeItem !== undefined) finding.removeItem = r.removeItem;
    findings[i] = finding;
  }
  return findings;
}

/** A match guard's reports as findings; a changed match carries its finding's reason as its note. */
export function sayMatches(meta: GuardMeta, reports: readonly Reported<MatchFinding>[]): MatchFinding[] {
  return reports.map((report) => {
    const { messageId: _id, data: _data, ...finding } = report;
    const reason = reasonOf(meta, report);
    return {
      ...finding,
      reason,
      replacement: finding.replacement && { ...finding.replacement, note: reason },
    };
  });
}

/** A draft guard's reports as findings, each with its reason. */
export function sayDraft(meta: GuardMeta, reports: readonly Reported<DraftFinding>[]): DraftFinding[] {
  return reports.map((report) => {
    const { messageId: _id, data: _data, ...finding } = report;
    return { ...finding, reason: reasonOf(meta, report) };
  });
}
