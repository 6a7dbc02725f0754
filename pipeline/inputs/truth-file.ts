// A saved `vouch extract --json` result (`--truth FILE`), checked for the fields later stages read.
import { z } from "zod";
import type { ExtractResult } from "../../core/truth.js";
import { readDocument } from "../../core/document.js";

const evidence = z.looseObject({
  repo: z.string(),
  path: z.string(),
  line: z.number().int().optional(),
  kind: z.string(),
});

const truthSchema = z.looseObject({
  repos: z.array(z.looseObject({ name: z.string() })),
  technologies: z.array(
    z.looseObject({ id: z.string(), name: z.string(), status: z.string(), evidence: z.array(evidence) }),
  ),
  docClaims: z
    .array(z.looseObject({ repo: z.string(), path: z.string(), line: z.number().int(), stale: z.boolean() }))
    .default([]),
  warnings: z.array(z.unknown()).default([]),
});

/** Read the output of `vouch extract --json`; a bad file names the line and field. */
export async function readTruthFile(path: string): Promise<ExtractResult> {
  const truth = await readDocument(path, truthSchema, {
    syntax: "json",
    hint: "expected the output of vouch extract --json",
  });
  return truth as unknown as ExtractResult;
}
