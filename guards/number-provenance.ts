// number-provenance: every figure in AI-written text must be backed by the original profile, a grounding
// fact or the extracted truth (DESIGN.md, "The guards"). Figures are compared as values (numbers.ts); an
// unbacked one is replaced whole (`$2M`, `820 ms`, `1,000+`) with [NUM_REDACTED]. Bound words stay: `over
// [NUM_REDACTED]`. A figure that is close to a source only under a loose reading is reported, not redacted.
import {
  allowedNumbers,
  findNumbers,
  ground,
  type Grounding,
  NumberIndex,
  type NumberMention,
  sourceNumbers,
} from "./numbers.js";
import type { Guard, GuardContext, RecordEvidence, TextFinding, TextTarget } from "./types.js";

export const NUM_REDACTED = "[NUM_REDACTED]";

const meta: Guard["meta"] = {
  id: "number-provenance",
  description:
    "Every number in AI-written text must appear, as a value, in the original profile, a grounding fact or " +
    "the extracted truth; durations must be covered by the profile's dates. Names, versions and identifiers " +
    "(S3, Python 3.12, p99, 24/7) are not numbers. An unbacked number is replaced with [NUM_REDACTED].",
  messages: {
    "ungrounded-number":
      "{{number}} appears in no profile value, grounding fact or extracted truth at the precision it is " +
      "written with (rounding is allowed to the written precision and within 3 %), so it is replaced with " +
      "[NUM_REDACTED]. A bound (over, under, 1,000+) needs a source on the right side of it; a duration " +
      "needs the profile's dates to cover it.",
    "approximate-number":
      "{{number}} is written as approximate (about, ~, up to) and a source figure is close to it only under " +
      "that loose reading (within its coarse rounding and 10 %): it is reported for the verifier or a person " +
      "to decide, and not redacted, because the guard redacts only when there is clearly no evidence.",
  },
};

const DURATION_FLOOR = 7 * 86400;

function quoted(m: NumberMention): string {
  return `"${m.raw}"`;
}

/** Why a figure is not backed, as one sentence without its final period. */
function ungroundedReason(m: NumberMention, nearest: readonly { raw: string }[]): string {
  const near = nearest.length ? ` (nearest source figures: ${nearest.map((s) => s.raw).join(", ")})` : "";
  if (m.bound === "min") {
    return `${quoted(m)} is written as a lower bound, but no profile value or grounding fact is at least that large${near}`;
  }
  if (m.bound === "max") {
    return `${quoted(m)} is written as an upper bound, but no profile value or grounding fact is that small${near}`;
  }
  if (m.unit === "s" && m.value >= DURATION_FLOOR) {
    return `${quoted(m)} appears in no profile value or grounding fact, and the profile's dates do not cover it${near}`;
  }
  return `${quoted(m)} appears in no profile value or grounding fact${near}`;
}

function approximateReason(m: NumberMention, nearest: readonly { raw: string }[]): string {
  const near = nearest[0]?.raw ?? "none";
  return m.bound === "up-to"
    ? `${quoted(m)} is written as "up to", but the closest source figure below it is ${near}; left for review.`
    : `${quoted(m)} is written as approximate and the closest source figure is ${near}; left for review.`;
}

function evidenceOf(nearest: readonly { source: RecordEvidence["source"]; ref: string; text: string }[]) {
  return nearest.map(({ source, ref, text }) => ({ source, ref, text }));
}

/** Ground against the context's allowed set, then against the candidate's own wording for this place. */
function verdict(m: NumberMention, allowed: NumberIndex, local: NumberIndex | undefined): Grounding {
  const g = ground(m, allowed);
  if (g.status === "grounded" || !local) return g;
  const l = ground(m, local);
  return l.status === "grounded" || (l.status === "approximate" && g.status === "ungrounded") ? l : g;
}

function checkText(target: TextTarget, context: GuardContext): TextFinding[] {
  const mentions = findNumbers(target.text, context.catalog);
  if (mentions.length === 0) return [];
  const allowed = allowedNumbers(context);
  const local = target.original
    ? new NumberIndex(
        sourceNumbers(target.original, { source: "profile", ref: target.field }, context.catalog),
      )
    : undefined;
  const verdicts = mentions.map((m) => verdict(m, allowed, local));

  const findings: TextFinding[] = [];
  const { field } = target;
  const guard = meta.id;
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i]!;
    if (verdicts[i]!.status === "grounded" && !m.range) continue;
    // A range sharing one unit (`3-5 years`) is one expression: redacting half would change the other's unit.
    let last = i;
    while (m.range && mentions[last + 1]?.range?.[0] === m.range[0]) last++;
    const group = mentions.slice(i, last + 1).map((mention, k) => ({ mention, g: verdicts[i + k]! }));
    i = last;
    const missing = group.find((x) => x.g.status === "ungrounded");
    if (missing && missing.g.status === "ungrounded") {
      const range = m.range ?? m.span;
      const nearest = missing.g.nearest;
      // No object spread here: it is slow enough in V8 to dominate a large text.
      findings.push({
        guard,
        field,
        rule: "ungrounded-number",
        action: "redact",
        reason: m.range
          ? `${ungroundedReason(missing.mention, nearest)}; the range "${target.text.slice(range[0], range[1])}" is redacted whole.`
          : `${ungroundedReason(missing.mention, nearest)}.`,
        actual: target.text.slice(range[0], range[1]),
        expected: nearest.map((s) => s.raw),
        evidence: [],
        edit: { range: [range[0], range[1]], text: NUM_REDACTED },
      });
      continue;
    }
    for (const { mention, g } of group) {
      if (g.status !== "approximate") continue;
      findings.push({
        guard,
        field,
        rule: "approximate-number",
        action: "annotate",
        reason: approximateReason(mention, g.nearest),
        actual: mention.raw,
        expected: g.nearest.map((s) => s.raw),
        evidence: evidenceOf(g.nearest),
      });
    }
  }
  return findings;
}

export const numberProvenance: Guard = { meta, checkText };
