// The chunks the verifier checks a draft against: what retrieval found for the job, every profile entry,
// every production fact of the truth, and two summaries the template writer's sentences rest on.
import type { ExtractResult } from "../core/truth.js";
import type { JsonResume } from "../core/resume.js";
import type { Chunk } from "../core/chunk.js";
import { chunkDocument } from "./kb/chunker.js";
import { profileDocs, truthDocs } from "./kb/fact-docs.js";
import { experienceYears } from "./years.js";

export interface GroundingInput {
  profile: JsonResume;
  profilePath: string;
  truth?: ExtractResult;
  retrieved: readonly Chunk[];
  asOf: string;
}

export function groundingChunks(input: GroundingInput): Chunk[] {
  const docs = [
    ...profileDocs(input.profile, input.profilePath),
    ...(input.truth ? truthDocs(input.truth) : []),
  ];
  const own = docs.flatMap((doc) => chunkDocument(doc).parents);
  const byId = new Map<string, Chunk>();
  for (const chunk of [...input.retrieved, ...own, ...derivedChunks(input)]) {
    if (!byId.has(chunk.id)) byId.set(chunk.id, chunk);
  }
  return [...byId.values()];
}

/**
 * Facts computed from the inputs, in one chunk so that a sentence stating both is supported by a single
 * chunk: the span of the work dates and the production technologies of the truth.
 */
function derivedChunks(input: GroundingInput): Chunk[] {
  const span = experienceYears(input.profile, input.asOf);
  const basics = input.profile.basics;
  const who = [basics?.name, basics?.label].filter(Boolean).join(", ");
  const sentences: string[] = [];
  if (span.from) {
    sentences.push(
      `${who ? `${who}: ` : ""}work history from ${span.from.value} to ${input.asOf}, ${Math.floor(span.years)} years of experience.`,
    );
  }
  const production = (input.truth?.technologies ?? [])
    .filter((t) => t.status === "production")
    .map((t) => t.name);
  if (production.length > 0) sentences.push(`Production work shown by the code: ${production.join(", ")}.`);
  if (sentences.length === 0) return [];
  return [
    {
      id: "derived:candidate",
      uri: `${input.profilePath}#derived`,
      kind: "profile",
      title: "Experience and production technologies",
      text: sentences.join(" "),
    },
  ];
}
