// The chunks the verifier checks a draft against: what retrieval found for the job, every profile entry,
// every production fact of the truth, and two summaries the template writer's sentences rest on.
import type { ExtractResult } from "../extractors/types.js";
import type { JsonResume } from "../guards/resume.js";
import type { Chunk } from "./chunk.js";
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

/** Facts computed from the inputs: the span of the work dates and the list of production technologies. */
function derivedChunks(input: GroundingInput): Chunk[] {
  const out: Chunk[] = [];
  const span = experienceYears(input.profile, input.asOf);
  const basics = input.profile.basics;
  if (span.from) {
    const who = [basics?.name, basics?.label].filter(Boolean).join(", ");
    out.push({
      id: "derived:experience",
      uri: `${input.profilePath}#${span.from.field}`,
      kind: "profile",
      title: "Experience",
      text: `${who ? `${who}: ` : ""}work history from ${span.from.value} to ${input.asOf}, ${Math.floor(span.years)} years of experience.`,
    });
  }
  const production = (input.truth?.technologies ?? [])
    .filter((t) => t.status === "production")
    .map((t) => t.name);
  if (production.length > 0) {
    out.push({
      id: "derived:production",
      uri: "truth",
      kind: "truth",
      title: "Production technologies",
      text: `Production experience shown by the code: ${production.join(", ")}.`,
    });
  }
  return out;
}
