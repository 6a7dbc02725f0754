// A saved `vouch extract --json` result (`--truth FILE`), checked for the fields later stages read.
import { z } from "zod";
import type { ExtractResult } from "../core/truth.js";
import { InputError } from "../core/errors.js";
import { fieldPath, readJsonFile } from "../core/json-file.js";

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

/** Read the output of `vouch extract --json`; a bad file names the field. */
export async function readTruthFile(path: string): Promise<ExtractResult> {
  const parsed = truthSchema.safeParse(await readJsonFile(path));
  if (parsed.success) return parsed.data as unknown as ExtractResult;
  const issue = parsed.error.issues[0];
  const field = fieldPath(issue?.path ?? []) || "(the whole file)";
  throw new InputError(
    `${path}: field "${field}": ${issue?.message ?? "invalid"} (expected the output of vouch extract --json).`,
  );
}
