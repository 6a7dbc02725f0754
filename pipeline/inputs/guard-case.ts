import { z } from "zod";
import type { ExtractResult } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import { MATCH_STATUSES, type Match } from "../../core/match.js";
import type { Fact } from "../../core/chunk.js";
import { readDocument } from "../../core/document.js";

const evidence = z.object({}).catchall(z.unknown());
const fact = z.union([
  z.string(),
  z.object({
    id: z.string(),
    text: z.string(),
    kind: z.enum(["production", "example", "stale-claim", "docs"]).optional(),
  }),
]);
const resume = z.object({}).catchall(z.unknown());
const truth = z
  .object({
    repos: z.array(
      z.object({ name: z.string(), languages: z.record(z.string(), z.number()) }).catchall(z.unknown()),
    ),
    technologies: z.array(
      z.object({ id: z.string(), status: z.string(), evidence: z.array(evidence) }).catchall(z.unknown()),
    ),
    docClaims: z
      .array(z.object({ technology: z.string(), stale: z.boolean() }).catchall(z.unknown()))
      .default([]),
    warnings: z.array(z.unknown()).default([]),
  })
  .catchall(z.unknown());

/** `vouch guard --case FILE` (DESIGN.md, "Guard case"). */
export const guardCaseSchema = z
  .object({
    text: z.string().optional(),
    draft: resume.optional(),
    sources: z
      .object({ profile: resume.optional(), facts: z.array(fact).optional(), truth: truth.optional() })
      .strict(),
    matches: z
      .array(
        z.object({
          requirement: z.string(),
          technology: z.string().optional(),
          status: z.enum(MATCH_STATUSES),
          evidence: z.array(evidence),
        }),
      )
      .optional(),
  })
  .strict()
  .refine((c) => (c.text === undefined) !== (c.draft === undefined), {
    message: 'give exactly one of "text" and "draft"',
    path: ["text"],
  });

export interface GuardCase {
  text?: string;
  draft?: JsonResume;
  sources: { profile?: JsonResume; facts?: (string | Fact)[]; truth?: ExtractResult };
  matches?: Match[];
}

/** Read and validate a guard case (JSON, whatever its name); a bad one names the file, line and field. */
export async function readGuardCase(path: string): Promise<GuardCase> {
  return (await readDocument(path, guardCaseSchema, { syntax: "json" })) as GuardCase;
}
