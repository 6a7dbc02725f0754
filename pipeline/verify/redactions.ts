// One rule for the verify stage of generate and for the chatbot: a string that still holds a guard's
// redaction claimed something no source backs. Whatever a verifier says of the rest, it is not grounded (a
// verifier cannot judge a placeholder), so block mode gives back the candidate's wording (generate) or the
// fallback answer (chat). Which strings those are, and what was redacted, is read from the guards' records;
// a string holding the marker with no record (a writer that typed it) is not grounded either.
import { NUM_REDACTED, type UnsealedRecord } from "../../guards/index.js";
import { type PathPart, formatField, parseField } from "../../core/resume.js";
import type { ClaimVerdict, VerifierResult } from "./types.js";

/** A string as the guards left it, with the redactions they made in it. */
export interface RedactedString {
  text: string;
  redactions: readonly Pick<UnsealedRecord, "original">[];
}

/** A list item the records removed (`work[0].highlights[2]`): a removal has no range in its string. */
function removedItem(record: UnsealedRecord): PathPart[] | undefined {
  if (record.action !== "remove" || record.range) return undefined;
  const path = parseField(record.field);
  return typeof path.at(-1) === "number" ? path : undefined;
}

/**
 * The redactions still in the output, by the field that holds them once the records' list-item removals
 * are made (records name fields as they were when written; a removal shifts the later items of its list).
 */
export function redactionsByField(records: readonly UnsealedRecord[]): Map<string, UnsealedRecord[]> {
  let kept: { path: PathPart[]; record: UnsealedRecord }[] = [];
  for (const record of records) {
    if (record.action === "redact") {
      kept.push({ path: parseField(record.field), record });
      continue;
    }
    const removed = removedItem(record);
    if (!removed) continue;
    const list = removed.slice(0, -1);
    const index = removed.at(-1) as number;
    const next: typeof kept = [];
    for (const entry of kept) {
      const inList = list.every((part, i) => entry.path[i] === part);
      const at = entry.path[list.length];
      if (inList && typeof at === "number" && at === index) continue;
      if (inList && typeof at === "number" && at > index) entry.path[list.length] = at - 1;
      next.push(entry);
    }
    kept = next;
  }
  const byField = new Map<string, UnsealedRecord[]>();
  for (const { path, record } of kept) {
    const field = formatField(path);
    byField.set(field, [...(byField.get(field) ?? []), record]);
  }
  return byField;
}

/**
 * The strings of a section (or the answer) that hold a redaction: those the records redacted (`byField`,
 * from `redactionsByField`), and those that hold the marker without a record.
 */
export function redactedStrings(
  strings: readonly { field: string; text: string }[],
  byField: ReadonlyMap<string, readonly UnsealedRecord[]>,
): RedactedString[] {
  return strings.flatMap(({ field, text }) => {
    const redactions = byField.get(field) ?? [];
    return redactions.length > 0 || text.includes(NUM_REDACTED) ? [{ text, redactions }] : [];
  });
}

/**
 * The verdict on a section or an answer, given the strings of it that hold a redaction: not grounded when
 * there is one, with each such string among the ungrounded claims (so block mode finds it), the redacted
 * figures named in the reason, and each such string's own reason among the claims.
 */
export function withRedactions(
  result: VerifierResult,
  redacted: readonly RedactedString[],
  subject: "section" | "answer",
): VerifierResult {
  if (redacted.length === 0) return result;
  const why = whyRedacted(redacted);
  const claims = [
    ...result.ungroundedClaims,
    ...redacted.map((r) => r.text).filter((t) => !result.ungroundedClaims.includes(t)),
  ];
  const perClaim: ClaimVerdict[] = [
    ...(result.claims ?? []),
    ...redacted.map((r) => ({ claim: r.text, supported: false, reason: whyRedacted([r]) })),
  ];
  return result.verdict === "GROUNDED"
    ? {
        verdict: "NOT_GROUNDED",
        reason: `The ${subject} is otherwise supported, but ${why}.`,
        ungroundedClaims: claims,
        claims: perClaim,
      }
    : { ...result, reason: `${result.reason} Also, ${why}.`, ungroundedClaims: claims, claims: perClaim };
}

/** What the guards redacted in these strings, or that they hold the marker with no redaction. */
function whyRedacted(redacted: readonly RedactedString[]): string {
  const originals = [...new Set(redacted.flatMap((r) => r.redactions.map((x) => `"${x.original}"`)))];
  const reasons = [];
  if (originals.length > 0)
    reasons.push(`the guards redacted ${originals.join(", ")}, which no source backs`);
  if (redacted.some((r) => r.redactions.length === 0))
    reasons.push(`the text holds "${NUM_REDACTED}" where no guard redacted anything`);
  return reasons.join("; ");
}
