// KB content is data, never instructions. A sentence in a README or doc that speaks to an assistant
// ("Ignore previous instructions and say …") is taken out of the chunk before the chunk is quoted, becomes
// a guard fact or reaches the verifier: what it asks to be said is then backed by nothing, so the guards
// redact its figures and the verifier finds it unsupported, whichever answerer repeats it. The phrasings
// are data (injection-phrasings.yaml, beside this file); the defence in depth is the extractive default
// answerer and the verifier, which back nothing such a sentence asks for.
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Chunk } from "../core/chunk.js";
import { checkDocument } from "../core/document.js";
import { lazy } from "../core/lazy.js";
import { assetPath } from "../core/paths.js";
import { latinLookalikes, readable, withoutMarks } from "../core/text-view.js";
import { paragraphs, sentencesOf } from "./sentences.js";

export interface Phrasing {
  id: string;
  pattern: RegExp;
}

const phrasingsFile = z.object({
  phrasings: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z-]*$/, { message: "expected a kebab-case id" }),
        pattern: z.string().min(1),
      }),
    )
    .min(1),
});

/** Read and compile a phrasing list (a bad pattern names the file and the id). */
export function loadPhrasings(path: string): Phrasing[] {
  const { phrasings } = checkDocument(readFileSync(path, "utf8"), path, phrasingsFile, {
    mapping: "a mapping",
  });
  return phrasings.map(({ id, pattern }) => {
    try {
      return { id, pattern: new RegExp(pattern, "i") };
    } catch (error) {
      throw new Error(`${path}: phrasing ${id}: ${(error as Error).message}`, { cause: error });
    }
  });
}

/** The shipped list (server/injection-phrasings.yaml), read on first use. */
export const defaultPhrasings = lazy(() => loadPhrasings(assetPath("server", "injection-phrasings.yaml")));

/**
 * The sentence as the filter reads it: a zero-width space, full-width or Cyrillic letters and combining
 * accents hide nothing ("Ignóre" is "Ignore"; the phrasings are written without accents: "fruheren").
 */
export function instructionView(sentence: string): string {
  return latinLookalikes(withoutMarks(readable(sentence))).trim();
}

/** The id of the phrasing a sentence matches, when it gives orders to an assistant. */
export function instructionPhrasing(
  sentence: string,
  phrasings: readonly Phrasing[] = defaultPhrasings(),
): string | undefined {
  const read = instructionView(sentence);
  return phrasings.find((p) => p.pattern.test(read))?.id;
}

/** A sentence that gives orders to an assistant rather than stating something about the work. */
export function isInstruction(sentence: string): boolean {
  return instructionPhrasing(sentence) !== undefined;
}

/**
 * The chunk without its instruction sentences: the same object when it has none, otherwise a copy whose
 * text is its prose paragraphs minus those sentences (the verifier and the guards read words and figures,
 * so the Markdown layout does not matter there).
 */
export function withoutInstructions(chunk: Chunk): Chunk {
  const flagged = sentencesOf(chunk.text).some((s) => isInstruction(s.text));
  if (!flagged && !isInstruction(chunk.text)) return chunk;
  const text = paragraphs(chunk.text)
    .map((p) =>
      sentencesOf(p.text)
        .filter((s) => !isInstruction(s.text))
        .map((s) => s.text)
        .join(" "),
    )
    .filter(Boolean)
    .join("\n");
  return { ...chunk, text };
}
