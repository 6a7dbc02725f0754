// The cue list: core/use-cues.yaml's schema, and its phrases compiled into patterns (on the text as written
// and, where every phrase folds, on a folded ASCII copy). Read once; pure besides that read.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { checkDocument } from "../document.js";
import { lazy } from "../lazy.js";
import { assetPath } from "../paths.js";
import { foldedNext, foldedPrevious, foldedWordsPattern, isFoldable } from "./folded.js";

/** What the words a cue governs are: after it, before it, both, or its whole clause. */
export type CueScope = "after" | "before" | "around" | "clause";

const phraseList = z.array(z.string().min(1));

const cueSchema = z
  .object({
    phrase: z.string().min(1),
    scope: z.enum(["after", "before", "around", "clause"]),
    tight: z.boolean().optional(),
    until: phraseList.optional(),
    "unless-next": phraseList.optional(),
    "unless-previous": phraseList.optional(),
    "not-in-instructions": z.boolean().optional(),
    "unless-earlier": phraseList.optional(),
    lists: z.boolean().optional(),
  })
  .strict();

const fileSchema = z
  .object({
    families: z.record(
      z.string().regex(/^[a-z-]+$/),
      z
        .object({
          says: z.string().min(1),
          "only-in": z.enum(["doc-claims"]).optional(),
          headings: phraseList.optional(),
          cues: z.array(cueSchema).min(1),
        })
        .strict(),
    ),
    boundaries: phraseList,
    "clause-starters": phraseList,
    verbs: phraseList,
    "not-verbs": phraseList,
    instructions: z.string().min(1),
  })
  .strict();

/** The cue list as written in the data file. */
export type UseCueData = z.output<typeof fileSchema>;

export interface Cue {
  family: string;
  /** The phrase's pattern source. */
  source: string;
  /** Its patterns on a folded copy of the text, when its phrases fold. */
  fold: FoldedCue | undefined;
  says: string;
  scope: CueScope;
  tight: boolean;
  notInInstructions: boolean;
  /** The phrase, global and sticky-free, for `matchAll`. */
  pattern: RegExp;
  /** Anchored at the start of the text after the cue. */
  unlessNext?: RegExp;
  /** Anchored at the end of the text before the cue. */
  unlessPrevious?: RegExp;
  /** This cue's own scope ends (whole words, anywhere in a gap). */
  until?: RegExp;
  /** Earlier in the clause, these turn the cue into a double negation ("nothing ships without tests"). */
  unlessEarlier?: RegExp;
  /** Governs the whole list after it, across commas and a colon ("Works with Astro, Remix and SolidStart"). */
  lists: boolean;
}

/** A cue's patterns on a folded copy of the text. */
interface FoldedCue {
  pattern: RegExp;
  unlessNext?: RegExp;
  unlessPrevious?: RegExp;
}

interface FoldedCues {
  /** Every cue's phrase in one pattern: where it finds nothing, no cue is there (one search, not one a cue). */
  any: RegExp;
  /** By the index of the cue. */
  cues: FoldedCue[];
}

/** Headings of a family that make the section under them a list the family governs ("Supported frameworks"). */
interface ListHeading {
  family: string;
  says: string;
  /** Matches a whole heading. */
  pattern: RegExp;
}

/** A compiled cue list: build one with `compileUseCues`, or use the shipped one (`defaultUseCues`). */
export interface UseCues {
  readonly cues: readonly Cue[];
  /** The cues' patterns for a folded copy of the text (use-cues/folded.ts), when every phrase folds. */
  readonly folded: FoldedCues | undefined;
  readonly boundary: RegExp;
  /** `boundary`, global, to find every one. */
  readonly boundaries: RegExp;
  readonly starters: ReadonlySet<string>;
  readonly verbs: ReadonlySet<string>;
  readonly notVerbs: ReadonlySet<string>;
  readonly instruction: RegExp;
  /** Headings whose sections are lists a family governs (`listLeadIn`); none in the default list. */
  readonly headings: readonly ListHeading[];
}

/** Which families a compiled list has: every list has the general ones; doc claims add their own. */
export interface UseCueOptions {
  /**
   * Add the families marked `only-in: doc-claims` (a library's docs listing what it supports: "works with
   * Astro, Remix"): they say a README claims nothing, not that a person or a project never used it.
   */
  docClaims?: boolean;
}

const WORD_BEFORE = String.raw`(?<![\p{L}\p{N}_])`;
const WORD_AFTER = String.raw`(?![\p{L}\p{N}_])`;

/** A phrase of the data file as a regular expression source: spaces are any white space, `'` either apostrophe. */
function phraseSource(phrase: string): string {
  return phrase
    .trim()
    .replace(/\s+/g, String.raw`\s+`)
    .replace(/'/g, "['’]");
}

function alternatives(phrases: readonly string[]): string {
  return phrases.map(phraseSource).join("|");
}

function wordsPattern(phrases: readonly string[], flags = "giu"): RegExp {
  return new RegExp(`${WORD_BEFORE}(?:${alternatives(phrases)})${WORD_AFTER}`, flags);
}

/** Check and compile a cue list (the parsed data file); throws on a phrase that is not a valid pattern. */
export function compileUseCues(data: UseCueData, options: UseCueOptions = {}): UseCues {
  const cues: Cue[] = [];
  const headings: ListHeading[] = [];
  for (const [family, { says, cues: list, ...rest }] of Object.entries(data.families)) {
    if (rest["only-in"] === "doc-claims" && !options.docClaims) continue;
    for (const heading of rest.headings ?? []) {
      headings.push({ family, says, pattern: new RegExp(`^(?:${phraseSource(heading)})$`, "iu") });
    }
    for (const cue of list) {
      cues.push({
        family,
        source: phraseSource(cue.phrase),
        fold: foldCue(phraseSource(cue.phrase), cue["unless-next"], cue["unless-previous"]),
        says,
        scope: cue.scope,
        tight: cue.tight ?? false,
        notInInstructions: cue["not-in-instructions"] ?? false,
        lists: cue.lists ?? false,
        pattern: wordsPattern([cue.phrase]),
        ...(cue["unless-next"] && {
          unlessNext: new RegExp(`^\\s*(?:${alternatives(cue["unless-next"])})${WORD_AFTER}`, "iu"),
        }),
        ...(cue["unless-previous"] && {
          unlessPrevious: new RegExp(`${WORD_BEFORE}(?:${alternatives(cue["unless-previous"])})\\s*$`, "iu"),
        }),
        ...(cue.until && { until: wordsPattern(cue.until, "iu") }),
        ...(cue["unless-earlier"] && { unlessEarlier: wordsPattern(cue["unless-earlier"], "iu") }),
      });
    }
  }
  const lower = (words: readonly string[]) => new Set(words.map((w) => w.toLowerCase()));
  return {
    cues,
    folded: foldCues(cues),
    boundary: wordsPattern(data.boundaries, "iu"),
    boundaries: wordsPattern(data.boundaries, "giu"),
    starters: lower(data["clause-starters"]),
    verbs: lower(data.verbs),
    notVerbs: lower(data["not-verbs"]),
    instruction: new RegExp(`^(?:${phraseSource(data.instructions)})${WORD_AFTER}`, "iu"),
    headings,
  };
}

/** A cue's patterns on a folded copy of the text, or undefined when a phrase it reads does not fold. */
function foldCue(
  source: string,
  next?: readonly string[],
  previous?: readonly string[],
): FoldedCue | undefined {
  const nextSources = next?.map(phraseSource);
  const previousSources = previous?.map(phraseSource);
  if (![source, ...(nextSources ?? []), ...(previousSources ?? [])].every(isFoldable)) return undefined;
  return {
    pattern: foldedWordsPattern([source]),
    ...(nextSources && { unlessNext: foldedNext(nextSources) }),
    ...(previousSources && { unlessPrevious: foldedPrevious(previousSources) }),
  };
}

/** The folded patterns of a list whose every cue folds. */
function foldCues(cues: readonly Cue[]): FoldedCues | undefined {
  const folded = cues.map((cue) => cue.fold);
  if (!folded.every((fold) => fold !== undefined)) return undefined;
  const any = foldedWordsPattern(cues.length > 0 ? cues.map((cue) => cue.source) : ["(?!)"]);
  return { any, cues: folded };
}

/** Read and compile a cue list file. */
export function loadUseCues(path: string, options?: UseCueOptions): UseCues {
  return compileUseCues(readCueFile(path), options);
}

function readCueFile(path: string): UseCueData {
  return checkDocument(readFileSync(path, "utf8"), path, fileSchema, { mapping: "a mapping" });
}

/** The shipped data file, read once for both of its lists. */
const shippedCueData = lazy(() => readCueFile(assetPath("core", "use-cues.yaml")));

/** The shipped cue list (core/use-cues.yaml), read on first use. */
export const defaultUseCues = lazy(() => compileUseCues(shippedCueData()));

/**
 * The shipped cue list with the families only doc claims read (`only-in: doc-claims`): what a README lists as
 * supported ("works with Astro, Remix, SolidStart", "integrations for Django and Flask") is no claim of use.
 */
export const docClaimUseCues = lazy(() => compileUseCues(shippedCueData(), { docClaims: true }));
