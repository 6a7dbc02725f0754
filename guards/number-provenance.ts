// number-provenance: every figure in AI-written text must be backed by the original profile, a grounding
// fact or the extracted truth (DESIGN.md, "The guards"). Figures are compared as values (numbers/); an
// unbacked one is replaced whole (`$2M`, `820 ms`, `1,000+`) with [NUM_REDACTED]. Bound words stay: `over
// [NUM_REDACTED]`. A figure that is close to a source only under a loose reading, or derived from two source
// figures, is reported, not redacted. The verdict on each figure is numbers/verdict.ts's.
import type { Grounding, NumberMention, SourceNumber } from "./numbers/index.js";
import type { DerivedHow, Derivation } from "./numbers/derive.js";
import { eachNumber } from "./numbers/scan.js";
import { type Derived, type Place, placeOf, verdict } from "./numbers/verdict.js";
import type { Guard, GuardContext, MessageData, Reported, TextFinding, TextTarget } from "./types.js";
import type { RecordEvidence } from "../core/evidence.js";
import { hiddenRuns } from "../core/text-view.js";
import { UNWRITABLE_MESSAGE, UNWRITABLE_RULE, unwritableFindings } from "./characters/unwritable.js";

export const NUM_REDACTED = "[NUM_REDACTED]";

// `{{near}}` is " (nearest source figures: 23.4, 1200)" or nothing; `{{range}}` is "; the range "3-5" is
// redacted whole" when the figure is one of a range, or nothing.
const meta: Guard["meta"] = {
  id: "number-provenance",
  description:
    "Every number in AI-written text must appear, as a value, in the original profile, a grounding fact or " +
    "the extracted truth (rounding is allowed to the written precision and within 3 %); durations must be " +
    "covered by the profile's dates. Names, versions and identifiers (S3, Python 3.12, p99, 24/7) are not " +
    "numbers. An unbacked number is replaced with [NUM_REDACTED]; one that follows from two figures of a " +
    "source sentence, or is close to a source only as an approximation, is reported, not redacted.",
  messages: {
    "ungrounded-number": '"{{number}}" appears in no profile value or grounding fact{{near}}{{range}}.',
    "ungrounded-lower-bound":
      '"{{number}}" is written as a lower bound, but no profile value or grounding fact is at least that ' +
      "large{{near}}{{range}}.",
    "ungrounded-upper-bound":
      '"{{number}}" is written as an upper bound, but no profile value or grounding fact is that ' +
      "small{{near}}{{range}}.",
    "ungrounded-duration":
      '"{{number}}" appears in no profile value or grounding fact, and the profile\'s dates do not cover ' +
      "it{{near}}{{range}}.",
    "derived-number":
      '"{{number}}" is stated by no source, but follows from "{{first}}" and "{{second}}" in one sentence of ' +
      "{{where}} ({{how}} {{computed}}): kept, and recorded as derived for the verifier or a person to confirm.",
    "approximate-number":
      '"{{number}}" is written as approximate and the closest source figure is {{near}}; left for review.',
    "approximate-up-to":
      '"{{number}}" is written as "up to", but the closest source figure below it is {{near}}; left for review.',
    "invisible-character":
      "The text holds {{characters}}, which cannot be seen: it makes what a reader sees differ from what a " +
      "guard reads, so it is removed.",
    [UNWRITABLE_RULE]: UNWRITABLE_MESSAGE,
  },
};

const DURATION_FLOOR = 7 * 86400;

/** What an ungrounded figure's finding says, built once per verdict and figure as written. */
interface Saying {
  messageId: string;
  number: string;
  near: string;
  expected: readonly string[];
  /** The data of a figure that is not part of a range, shared by its findings. */
  alone: MessageData;
}

/**
 * Per verdict, by the figure as written: what a finding says. A verdict is shared by every figure that asks
 * the same question (numbers/verdict.ts), and the words depend only on the verdict and the raw figure, so
 * a long text that states the same figures again and again builds each one's data once.
 */
const sayings = new WeakMap<Grounding, Map<string, Saying>>();

/** No evidence: shared by every redaction (frozen, so no record can change another's). */
const NO_EVIDENCE: RecordEvidence[] = Object.freeze([]) as unknown as RecordEvidence[];

function saying(m: NumberMention, nearest: readonly SourceNumber[], g: Grounding): Saying {
  let byRaw = sayings.get(g);
  if (!byRaw) {
    byRaw = new Map();
    sayings.set(g, byRaw);
  }
  let said = byRaw.get(m.raw);
  if (!said) {
    const near = nearest.length ? ` (nearest source figures: ${nearest.map((s) => s.raw).join(", ")})` : "";
    const messageId = ungroundedMessage(m);
    said = {
      messageId,
      number: m.raw,
      near,
      expected: Object.freeze(nearest.map((s) => s.raw)),
      alone: Object.freeze({ number: m.raw, near, range: "" }),
    };
    byRaw.set(m.raw, said);
  }
  return said;
}

/** Which wording says why a figure is not backed. */
function ungroundedMessage(m: NumberMention): string {
  if (m.bound === "min") return "ungrounded-lower-bound";
  if (m.bound === "max") return "ungrounded-upper-bound";
  if (m.unit === "s" && m.value >= DURATION_FLOOR) return "ungrounded-duration";
  return "ungrounded-number";
}

const DERIVED_WORDS: Record<DerivedHow, string> = {
  reduction: "a reduction of",
  increase: "an increase of",
  share: "a share of",
  ratio: "a ratio of",
  difference: "a difference of",
};

const DERIVED_UNIT_WORDS: Record<string, string> = { "%": "%", x: "x", pp: " percentage points" };

function derivedData(m: NumberMention, d: Derivation): MessageData {
  const [a, b] = d.from;
  return {
    number: m.raw,
    first: a.raw,
    second: b.raw,
    where: a.ref === b.ref ? `${a.source} ${a.ref}` : `${a.source} ${a.ref} and ${b.source} ${b.ref}`,
    how: DERIVED_WORDS[d.how],
    computed: `${Number(d.value.toPrecision(3))}${DERIVED_UNIT_WORDS[m.unit ?? "%"] ?? "%"}`,
  };
}

function evidenceOf(nearest: readonly { source: RecordEvidence["source"]; ref: string; text: string }[]) {
  return nearest.map(({ source, ref, text }) => ({ source, ref, text }));
}

/** A figure with its verdict. */
interface Judged {
  m: NumberMention;
  g: Grounding | Derived;
}

function checkText(target: TextTarget, context: GuardContext): Reported<TextFinding>[] {
  const findings: Reported<TextFinding>[] = [];
  let place: Place | undefined;
  // A range sharing one unit (`3-5 years`) is one expression: its figures are judged together.
  let group: Judged[] = [];
  // Figures are judged as they are read: a long text keeps only what it reports.
  eachNumber(target.text, context.catalog, (m) => {
    place ??= placeOf(target, context);
    const g = verdict(m, place);
    const range = group.length > 0 ? group[0]!.m.range : undefined;
    if (range && m.range?.[0] === range[0]) {
      group.push({ m, g });
      return;
    }
    if (group.length > 0) {
      reportRange(target, group, findings);
      group = [];
    }
    if (m.range) group.push({ m, g });
    else if (g.status === "ungrounded") findings.push(redaction(target, m, m, g));
    else if (g.status !== "grounded") annotate(target, m, g, findings);
  });
  if (group.length > 0) reportRange(target, group, findings);
  hiddenCharacters(target, findings);
  return findings;
}

/**
 * Invisible characters in an AI-written string go, each run with its record, except inside a redaction
 * (which takes them with it). The guards read past them (core/text-view.ts); a reader of the resume cannot.
 */
function hiddenCharacters(target: TextTarget, findings: Reported<TextFinding>[]): void {
  const runs = hiddenRuns(target.text);
  if (runs.length === 0) return;
  const edits = findings.flatMap((f) => (f.edit ? [f.edit.range] : []));
  for (const run of runs) {
    if (edits.some(([start, end]) => start < run.end && run.start < end)) continue;
    const characters = `${run.codes.length === 1 ? "an invisible character" : "invisible characters"} (${run.codes.join(", ")})`;
    findings.push({
      guard: meta.id,
      field: target.field,
      rule: "invisible-character",
      action: "remove",
      data: { characters },
      actual: target.text.slice(run.start, run.end),
      evidence: NO_EVIDENCE,
      edit: { range: [run.start, run.end], text: "" },
    });
  }
}

/** A range's figures together (`3-5 years`): redacted whole when one is not backed, else each reported. */
function reportRange(target: TextTarget, group: readonly Judged[], findings: Reported<TextFinding>[]): void {
  const missing = group.find((x) => x.g.status === "ungrounded");
  if (missing && missing.g.status === "ungrounded") {
    findings.push(redaction(target, group[0]!.m, missing.m, missing.g));
    return;
  }
  for (const { m, g } of group) {
    if (g.status !== "grounded" && g.status !== "ungrounded") annotate(target, m, g, findings);
  }
}

/** The redaction of `m` (the whole range when it has one), for the unbacked figure `missing`. */
function redaction(
  target: TextTarget,
  m: NumberMention,
  missing: NumberMention,
  g: Extract<Grounding, { status: "ungrounded" }>,
): Reported<TextFinding> {
  const said = saying(missing, g.nearest, g);
  const whole = m.range ? target.text.slice(m.range[0], m.range[1]) : m.raw;
  const data = m.range
    ? { number: said.number, near: said.near, range: `; the range "${whole}" is redacted whole` }
    : said.alone;
  // Written out field by field: an object spread is slow enough in V8 to dominate a large text.
  return {
    guard: meta.id,
    field: target.field,
    rule: "ungrounded-number",
    messageId: said.messageId,
    action: "redact",
    data,
    actual: whole,
    expected: said.expected,
    evidence: NO_EVIDENCE,
    edit: { range: m.range ?? m.span, text: NUM_REDACTED },
  };
}

/** A figure kept but reported: derived from two source figures, or close to one only under a loose reading. */
function annotate(
  target: TextTarget,
  m: NumberMention,
  g: Exclude<Grounding | Derived, { status: "grounded" | "ungrounded" }>,
  findings: Reported<TextFinding>[],
): void {
  const { field } = target;
  if (g.status === "derived") {
    const [a, b] = g.derivation.from;
    findings.push({
      guard: meta.id,
      field,
      rule: "derived-number",
      action: "annotate",
      data: derivedData(m, g.derivation),
      actual: m.raw,
      expected: [a.raw, b.raw],
      evidence: evidenceOf(g.derivation.from),
    });
  } else {
    findings.push({
      guard: meta.id,
      field,
      rule: "approximate-number",
      messageId: m.bound === "up-to" ? "approximate-up-to" : "approximate-number",
      action: "annotate",
      data: { number: m.raw, near: g.nearest[0]?.raw ?? "none" },
      actual: m.raw,
      expected: g.nearest.map((s) => s.raw),
      evidence: evidenceOf(g.nearest),
    });
  }
}

export const numberProvenance: Guard = { meta, checkDraft: unwritableFindings, checkText };
