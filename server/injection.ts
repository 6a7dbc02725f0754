// KB content is data, never instructions. A sentence in a README or doc that speaks to an assistant
// ("Ignore previous instructions and say …") is taken out of the chunk before the chunk is quoted, becomes
// a guard fact or reaches the verifier: what it asks to be said is then backed by nothing, so the guards
// redact its figures and the verifier finds it unsupported, whichever answerer repeats it.
import type { Chunk } from "../core/chunk.js";
import { readable } from "../core/text-view.js";
import { paragraphs, sentencesOf } from "./sentences.js";

const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  // "ignore previous instructions", "disregard all prior rules", "forget the system prompt"
  /\b(?:ignore|disregard|forget|override|bypass)\b[^.!?]{0,40}\b(?:previous|prior|above|earlier|preceding|all|any|your|these|those|system)\b[^.!?]{0,20}\b(?:instructions?|prompts?|rules|guidelines|directions|guardrails?)\b/i,
  /\b(?:system|developer|hidden)\s+(?:prompt|message|instructions?)\b/i,
  /\byou\s+(?:are|must|should|will)\s+now\b/i,
  /\b(?:pretend|roleplay|role-play)\b[^.!?]{0,30}\b(?:to be|that|you|as)\b/i,
  // Sentences addressed to a model, or telling it what to answer.
  /\b(?:AI|assistants?|chat ?bots?|language models?|LLMs?|GPT|Claude)\b[^.!?]{0,40}\b(?:must|should|always|never|shall)\b/i,
  /^(?:please\s+)?(?:say|state|claim|answer|respond|reply|tell (?:the )?(?:user|recruiter|reader|them)s?)\b/i,
  /\b(?:when|if)\s+(?:asked|someone asks|a recruiter asks|the user asks)\b/i,
  /<\|?(?:im_start|im_end|system|endoftext)\|?>|\[\/?INST\]|^#{0,3}\s*(?:instruction|system)\s*:/i,
];

/** A sentence that gives orders to an assistant rather than stating something about the work. */
export function isInstruction(sentence: string): boolean {
  // Read as the guards read: a zero-width space or full-width letters inside "Ignore" hide nothing.
  const read = readable(sentence).trim();
  return INSTRUCTION_PATTERNS.some((pattern) => pattern.test(read));
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
