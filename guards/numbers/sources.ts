// The allowed set: every figure the original profile, the grounding facts and the extracted truth back,
// and the durations the profile's dates imply. Built once per context and memoised.
import { proseSegments } from "../../core/sentences.js";
import type { Catalog } from "../../extractors/catalog.js";
import type { SourceNumber, SourceRef } from "./types.js";
import { type SentenceFigures, sentenceFigures } from "./derive.js";
import { NumberIndex } from "./ground.js";
import { addSourceNumbers, jsonNumber, mayStateFigures } from "./scan.js";
import { SECONDS_PER_MONTH } from "./units.js";
import { formatField, type JsonResume, type PathPart } from "../../core/resume.js";
import type { GuardContext } from "../types.js";

/** Sections of a JSON Resume whose items have `startDate` / `endDate`. */
const DATED_SECTIONS = ["work", "volunteer", "projects", "education"] as const;
const OPEN_END = /^(?:|present|current|now|ongoing|today)$/i;

interface SourceText {
  text: string;
  ref: SourceRef;
}

/** What one context's sources back, built once (a context is built once per run and never mutated). */
interface Sources {
  index: NumberIndex;
  /** The source texts that state two figures or more: the only ones a derivation can use. */
  multi: SourceText[];
  /** Their sentences with two figures or more, cut on first use (derive.ts). */
  sentences?: SentenceFigures[];
}

const cache = new WeakMap<GuardContext, Sources>();

function sourcesOf(context: GuardContext): Sources {
  let sources = cache.get(context);
  if (!sources) {
    const multi: SourceText[] = [];
    sources = { index: new NumberIndex(collectSources(context, multi)), multi };
    cache.set(context, sources);
  }
  return sources;
}

/** Every figure that may appear in AI-written text for this context, indexed for lookup. */
export function allowedNumbers(context: GuardContext): NumberIndex {
  return sourcesOf(context).index;
}

function collectSources(context: GuardContext, multi: SourceText[]): SourceNumber[] {
  const { catalog } = context;
  const out: SourceNumber[] = [];
  if (context.profile) profileNumbers(context.profile, [], catalog, out, multi);
  for (const source of evidenceTexts(context)) addFrom(source, catalog, out, multi);
  if (context.profile) for (const span of dateSpans(context.profile, asOfMonth(context, out))) out.push(span);
  return out;
}

/**
 * The texts beside the profile that back figures: the facts (but examples: an example chunk shows what
 * someone else's code does) and the lines truth cites. Truth cites hundreds of lines of code, most without
 * a figure: those cost one look and no reference.
 */
function* evidenceTexts(context: GuardContext): Generator<SourceText> {
  for (const fact of context.facts) {
    if (fact.kind === "example") continue;
    yield { text: fact.text, ref: { source: "fact", ref: fact.id } };
  }
  const truth = context.truth;
  const claims = truth?.docClaims ?? [];
  for (let i = 0; i < claims.length; i++) {
    const claim = claims[i]!;
    if (!mayStateFigures(claim.text)) continue;
    yield { text: claim.text, ref: { source: "truth", ref: `${claim.repo}/${claim.path}:${claim.line}` } };
  }
  const technologies = truth?.technologies ?? [];
  for (let i = 0; i < technologies.length; i++) {
    const evidence = technologies[i]!.evidence;
    for (let j = 0; j < evidence.length; j++) {
      const e = evidence[j]!;
      if (e.kind === "example" || !mayStateFigures(e.detail)) continue;
      const ref = `${e.repo}/${e.path}${e.line ? `:${e.line}` : ""}`;
      yield { text: e.detail, ref: { source: "truth", ref } };
    }
  }
}

/** Every figure of the document, strings and JSON numbers (`"gpa": 3.9`), in document order. */
function profileNumbers(
  node: unknown,
  path: PathPart[],
  catalog: Catalog,
  out: SourceNumber[],
  multi: SourceText[],
): void {
  if (typeof node === "string") {
    if (mayStateFigures(node))
      addFrom({ text: node, ref: { source: "profile", ref: formatField(path) } }, catalog, out, multi);
  } else if (typeof node === "number" && Number.isFinite(node)) {
    out.push(jsonNumber(node, { source: "profile", ref: formatField(path) }));
  } else if (Array.isArray(node)) {
    node.forEach((child, i) => profileNumbers(child, [...path, i], catalog, out, multi));
  } else if (node && typeof node === "object") {
    for (const [key, child] of Object.entries(node))
      profileNumbers(child, [...path, key], catalog, out, multi);
  }
}

/** The source's figures into `out`; the source into `multi` when it states two or more. */
function addFrom(source: SourceText, catalog: Catalog, out: SourceNumber[], multi: SourceText[]): void {
  const before = out.length;
  addSourceNumbers(source.text, source.ref, catalog, out);
  if (out.length - before >= 2) multi.push(source);
}

/**
 * The figures of each source sentence that states two or more, for derived figures (derive.ts).
 * Cut on first use per context: only a percentage or multiplier no source states asks for it.
 */
export function sentenceNumbers(context: GuardContext): readonly SentenceFigures[] {
  const sources = sourcesOf(context);
  if (!sources.sentences) {
    const sentences: SentenceFigures[] = [];
    for (const { text, ref } of sources.multi) addSentenceFigures(text, ref, context.catalog, sentences);
    sources.sentences = sentences;
  }
  return sources.sentences;
}

/** `out.push(...)` the figures of each sentence of `text` that states two or more. */
export function addSentenceFigures(
  text: string,
  ref: SourceRef,
  catalog: Catalog | undefined,
  out: SentenceFigures[],
): void {
  for (const { segment } of proseSegments(text)) {
    if (!mayStateFigures(segment)) continue;
    const figures = sentenceFigures(segment, ref, catalog);
    if (figures.figures.length >= 2) out.push(figures);
  }
}

/** A date as a month count (year * 12 + month - 1). A bare year is read as its December when it starts a span. */
function monthOf(value: unknown, edge: "start" | "end"): number | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^(\d{4})(?:-(\d{1,2}))?/.exec(value.trim());
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = m[2] ? Number(m[2]) : edge === "start" ? 12 : 1;
  return month >= 1 && month <= 12 ? year * 12 + month - 1 : undefined;
}

/**
 * The date an open end date (`present`) stands for: `context.asOf` when the caller provides one, otherwise
 * the latest date or year any source mentions (the guard has no clock). Conservative: a bare year counts
 * as its January.
 */
function asOfMonth(context: GuardContext, sources: readonly SourceNumber[]): number | undefined {
  const given: unknown = context.asOf;
  const explicit = monthOf(given, "end");
  if (explicit !== undefined) return explicit;
  let latest: number | undefined;
  for (const s of sources) {
    let month: number | undefined;
    if (s.kind === "date")
      month = Math.floor(s.value / 10000) * 12 + Math.max(0, (Math.floor(s.value / 100) % 100) - 1);
    else if (s.kind === "year") month = s.value * 12;
    if (month !== undefined && (latest === undefined || month > latest)) latest = month;
  }
  return latest;
}

/**
 * The duration a period written `2019-03 – 2023-05` spans, as a source (`four years` of that job); an open
 * end ("present") counts only with `asOf`. Undefined when the dates are not dates or run backwards.
 */
export function periodSpan(start: string, end: string, ref: string, asOf?: string): SourceNumber | undefined {
  const from = monthOf(start, "start");
  const to = OPEN_END.test(end.trim()) ? monthOf(asOf, "end") : monthOf(end, "end");
  if (from === undefined || to === undefined || to < from) return undefined;
  return spanSource(ref, to - from, `${start} – ${end}`);
}

function spanSource(ref: string, months: number, label: string): SourceNumber {
  return {
    source: "profile",
    ref,
    value: months * SECONDS_PER_MONTH,
    unit: "s",
    precision: SECONDS_PER_MONTH,
    bound: "exact",
    kind: "span",
    raw: label,
    text: label,
  };
}

/** The span of each dated item, and of the whole career (first work start to last work end). */
function dateSpans(profile: JsonResume, asOf: number | undefined): SourceNumber[] {
  const spans: SourceNumber[] = [];
  let first: number | undefined;
  let last: number | undefined;
  for (const section of DATED_SECTIONS) {
    const items = profile[section];
    if (!Array.isArray(items)) continue;
    items.forEach((item: unknown, i) => {
      if (!item || typeof item !== "object") return;
      const { startDate, endDate } = item as { startDate?: unknown; endDate?: unknown };
      const start = monthOf(startDate, "start");
      const open = endDate === undefined || (typeof endDate === "string" && OPEN_END.test(endDate.trim()));
      const end = open ? asOf : monthOf(endDate, "end");
      if (start === undefined || end === undefined || end < start) return;
      const label = `${String(startDate)} – ${open ? "present" : String(endDate)}`;
      spans.push(spanSource(`${section}[${i}]`, end - start, label));
      if (section === "work") {
        first = first === undefined ? start : Math.min(first, start);
        last = last === undefined ? end : Math.max(last, end);
      }
    });
  }
  if (first !== undefined && last !== undefined) spans.push(spanSource("work", last - first, "career span"));
  return spans;
}
