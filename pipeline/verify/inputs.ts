// The files of `vouch verify`: an answer (text) and its chunks (a JSON array of strings or { id, text }).
import { readFile, stat } from "node:fs/promises";
import { z } from "zod";
import type { Chunk } from "../../core/chunk.js";
import { InputError } from "../../core/errors.js";
import { readDocument } from "../../core/document.js";

/** Longer answers are not answers but documents: check them section by section. */
export const MAX_ANSWER_BYTES = 100 * 1024;

const chunksSchema = z
  .array(
    z.union([
      z.string().trim().min(1, { message: "empty chunk" }),
      z.object({
        id: z.string().min(1),
        text: z.string().trim().min(1, { message: "empty chunk" }),
        kind: z.enum(["production-doc", "example", "stale-claim", "profile", "truth"]).optional(),
        uri: z.string().optional(),
      }),
    ]),
  )
  .min(1, { message: "expected at least one chunk" });

export async function readAnswerFile(path: string): Promise<string> {
  const size = await stat(path).then(
    (s) => s.size,
    () => {
      throw new InputError(`${path}: no such file.`);
    },
  );
  if (size > MAX_ANSWER_BYTES) {
    throw new InputError(`${path}: the answer is ${size} bytes; the verifier takes at most 100 KB.`);
  }
  const answer = await readFile(path, "utf8");
  if (answer.trim() === "") throw new InputError(`${path}: the answer is empty.`);
  return answer;
}

/** Plain strings get ids `chunk-1`, `chunk-2`, …; every chunk counts as a production doc unless told. */
export async function readChunksFile(path: string): Promise<Chunk[]> {
  const chunks = await readDocument(path, chunksSchema, { syntax: "json" });
  return chunks.map((c, i) =>
    typeof c === "string"
      ? { id: `chunk-${i + 1}`, text: c, uri: `${path}#${i}`, kind: "production-doc" }
      : { id: c.id, text: c.text, uri: c.uri ?? `${path}#${c.id}`, kind: c.kind ?? "production-doc" },
  );
}
