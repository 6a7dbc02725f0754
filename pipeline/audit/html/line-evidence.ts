// Why each kept line of the guarded resume can be believed, asked of the same modules the guards decide
// with: the profile string it repeats, what backs each technology it names (guards/backing), and where
// each figure comes from (guards/numbers: a source figure, or two figures it is derived from). Pure.
import { candidateEvidence, describeCommits } from "../../../core/truth.js";
import type { Chunk } from "../../../core/chunk.js";
import type { JsonResume } from "../../../core/resume.js";
import {
  eachNumber,
  type GuardContext,
  MAX_EVIDENCE,
  placeOf as numberPlace,
  profileStrings,
  type SourceNumber,
  technologyBacking,
  technologyName,
  truthEvidence,
  verdict,
} from "../../../guards/index.js";
import { type BlockOptions, resumeBlocks } from "../../render/blocks.js";
import { DEFAULT_BLOCK_OPTIONS } from "../../render/review.js";
import { type PlaceBook, placeOf } from "./places.js";
import type { EvidenceItem, LineEvidence } from "./types.js";

export interface EvidenceSources {
  context: GuardContext;
  /** The grounding chunks of the run (a fact ref names one by id). */
  chunks: readonly Chunk[];
  profileName: string;
}

// Identity and contact are the profile's by record-provenance; they back no claim worth a note.
const NOT_CLAIMS = /^basics\.(name|email|phone|url)$|^basics\.profiles/;

const DERIVED_WORDS = {
  reduction: "the reduction from",
  increase: "the increase from",
  share: "the share of",
  ratio: "the ratio of",
  difference: "the difference between",
} as const;

/** Evidence for every field the rendered resume shows. */
export function lineEvidence(
  resume: JsonResume,
  sources: EvidenceSources,
  options: BlockOptions = DEFAULT_BLOCK_OPTIONS,
): LineEvidence {
  const { context } = sources;
  const book: PlaceBook = {
    repos: context.truth?.repos ?? [],
    chunks: new Map(sources.chunks.map((c) => [c.id, c])),
    profileName: sources.profileName,
  };
  const profile = profileStrings(context.profile);
  const out: LineEvidence = new Map();
  for (const block of resumeBlocks(resume, options)) {
    for (const segment of block.segments) {
      if (!segment.field || NOT_CLAIMS.test(segment.field)) continue;
      const items = [
        ...profileItems(segment.field, segment.text, profile, book),
        ...technologyItems(segment.text, context, book),
        ...figureItems(segment.field, segment.text, context, book),
      ];
      out.set(segment.field, items);
    }
  }
  return out;
}

function profileItems(
  field: string,
  text: string,
  profile: readonly { field: string; text: string }[],
  book: PlaceBook,
): EvidenceItem[] {
  const same = profile.filter((p) => p.text.trim() === text.trim());
  if (same.length === 0) return [];
  const here = same.find((p) => p.field === field) ?? same[0]!;
  return [
    {
      kind: "profile",
      subject: "the line",
      summary: `The profile states this, word for word (${here.field}).`,
      places: [placeOf({ source: "profile", ref: here.field }, book)],
    },
  ];
}

function technologyItems(text: string, context: GuardContext, book: PlaceBook): EvidenceItem[] {
  return context.catalog.firstMentions(text).map((mention) => {
    const backing = technologyBacking(mention.id, context);
    // Stated in the profile is enough for the guards; the page also shows the code that ships it.
    const technology = context.truth?.technologies.find((t) => t.id === mention.id);
    const code =
      backing.basis === "production" || !technology
        ? []
        : candidateEvidence(technology)
            .filter((e) => e.kind === "production")
            .slice(0, MAX_EVIDENCE)
            .map(truthEvidence);
    const others =
      technology?.status === "others-only" && backing.basis === "profile"
        ? ` The portfolio's code uses it (${technology.evidence
            .slice(0, MAX_EVIDENCE)
            .map(truthEvidence)
            .map((e) => e.ref)
            .join(", ")}), but none of that code is the candidate's.`
        : "";
    const commits = technology?.authored ? ` History: ${describeCommits(technology.authored)}.` : "";
    const inCode =
      (code.length ? ` Production code uses it too: ${code.map((e) => e.ref).join(", ")}.` : "") +
      others +
      (backing.backed ? commits : "");
    return {
      kind: "technology",
      subject: technologyName(mention.id, context),
      summary: backing.backed ? `${backing.why}${inCode}` : `Not backed: ${backing.why}`,
      places: [...backing.by, ...(backing.backed ? code : [])].map((e) => placeOf(e, book)),
    };
  });
}

function figureItems(field: string, text: string, context: GuardContext, book: PlaceBook): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  const place = numberPlace({ field, text, role: "prose" }, context);
  eachNumber(text, context.catalog, (m) => {
    const g = verdict(m, place);
    if (g.status === "grounded") {
      items.push({
        kind: "figure",
        subject: m.raw,
        summary: `${m.raw} is stated by a source (${figure(g.source)}).`,
        places: [placeOf(g.source, book)],
      });
    } else if (g.status === "derived") {
      const [a, b] = g.derivation.from;
      items.push({
        kind: "derived",
        subject: m.raw,
        summary: `${m.raw} is derived: ${DERIVED_WORDS[g.derivation.how]} ${figure(a)} and ${figure(b)} (${round(g.derivation.value)}).`,
        places: [placeOf(a, book), placeOf(b, book)],
      });
    } else {
      items.push({
        kind: "figure",
        subject: m.raw,
        summary: `${m.raw} is not stated by any source the run had (${g.status}).`,
        places: [],
      });
    }
  });
  return items;
}

/** A source figure in words: its value and unit. */
function figure(s: SourceNumber): string {
  const value = round(s.value);
  if (s.unit === null) return value;
  if (s.unit === "%") return `${value}%`;
  if (s.unit === "s" && s.value < 1) return `${round(s.value * 1000)} ms`;
  return `${value} ${s.unit}`;
}

function round(value: number): string {
  return String(Math.round(value * 100) / 100);
}
