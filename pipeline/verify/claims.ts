// An answer as claims: each list item and each sentence is one claim a source must support on its own.
import { BoundedMap } from "../../core/bounded-map.js";
import { proseSegments } from "../../core/sentences.js";

const LIST_MARKER = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const DIGIT_AFTER_STOP = /(?<=\p{L}[.!?])\s+(?=\d)/u;

export interface Claim {
  text: string;
  /** Offset of the claim in the answer. */
  start: number;
}

/** ICU's sentence segmenter is slow, and answers and chunks recur: each text is split once. */
const split = new BoundedMap<string, readonly Claim[]>(2_048);

/** Split on lines first (bullets, paragraphs), then into sentences with the platform's segmenter. */
export function splitClaims(answer: string): Claim[] {
  let claims = split.get(answer);
  if (!claims)
    split.set(answer, (claims = Object.freeze(segmentClaims(answer).map((c) => Object.freeze(c)))));
  return [...claims];
}

/**
 * ICU's sentences, joined where it broke inside a word: "C#, .NET 6" is cut after ".", which no space
 * follows; a sentence ends only where white space or the text's end follows its stop.
 */
function wholeSentences(body: string): { segment: string; index: number }[] {
  const out: { segment: string; index: number }[] = [];
  for (const { segment, index } of proseSegments(body)) {
    const last = out.at(-1);
    if (last && !/\s$/u.test(last.segment)) last.segment += segment;
    else out.push({ segment, index });
  }
  return out;
}

function segmentClaims(answer: string): Claim[] {
  const claims: Claim[] = [];
  let offset = 0;
  for (const line of answer.split("\n")) {
    const marker = LIST_MARKER.exec(line)?.[0].length ?? 0;
    const body = line.slice(marker);
    for (const { segment, index } of wholeSentences(body)) {
      // ICU keeps "Kubernetes. 8 years …" as one sentence; a full stop before a figure ends one too.
      for (const part of segment.split(DIGIT_AFTER_STOP)) {
        const text = part.trim();
        if (/\p{L}|\p{N}/u.test(text)) {
          claims.push({ text, start: offset + marker + index + segment.indexOf(text) });
        }
      }
    }
    offset += line.length + 1;
  }
  return claims;
}

/**
 * Where a summary's sentence joins two statements: before "; ", before a comma and a joining word (", and
 * an ELT platform", ", most recently rebuilding"), and before "and", "to" or "then" and a verb in -ing
 * ("and breaking up", "from agency work to building"). A leading phrase ("At Quillmark, Dana moved …") is
 * never cut off: it says where the rest happened.
 */
const CLAUSE_BREAK =
  /;\s+|,\s+(?=(?:and|while|then|(?:most\s+)?recently|now|later|before|after)\b)|\s+(?=(?:and|to|then|while)\s+\p{L}+ing\b)/giu;
const JOINING_WORDS = /^(?:(?:and|while|then|most|recently|now|later|before|after|to)\s+)+/iu;

/** A claim's clauses, for a summary that joins entries: the joining words left out. */
export function splitClauses(claim: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (const m of claim.matchAll(CLAUSE_BREAK)) {
    parts.push(claim.slice(from, m.index));
    from = m.index + m[0].length;
  }
  parts.push(claim.slice(from));
  return parts.map((p) => p.trim().replace(JOINING_WORDS, "").trim()).filter((p) => /\p{L}/u.test(p));
}
