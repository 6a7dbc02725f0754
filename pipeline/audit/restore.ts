// `vouch audit --restore`: undo every draft edit the log records, giving back the writer's unguarded
// draft. It shows the log is complete and reversible; it refuses a run that fails `audit --verify` (a broken
// chain, an output changed after the run, a bad signature), whose revert would lie.
import { dirname, join } from "node:path";
import { recordKind, type RedactionRecord, revertDraft, sameValue } from "../../guards/index.js";
import { type JsonResume, getField } from "../../core/resume.js";
import { writeFileAtomic } from "../outputs/atomic.js";
import { EXIT, InputError, VouchError } from "../../core/errors.js";
import { parseJson } from "../../core/json-file.js";
import { readRegularFile } from "../../core/regular-file.js";
import { type PublicKeyInput, verifyRun } from "./verify-run.js";

export const RESTORED_NAME = "resume.restored.json";

export interface RestoreResult {
  /** The unguarded draft, as written to `path`. */
  draft: JsonResume;
  path: string;
  /** Records undone on the draft. */
  reverted: number;
  /** Pre-writer records about the matches: the output folder holds no matches to revert them on. */
  matchRecords: number;
  /** Override records: an auditor's verdict, not an edit. */
  overrides: number;
}

/** Revert `resume.json` (in DIR, or beside the given log) with the log's records into `resume.restored.json`. */
export async function restoreDraft(target: string, publicKey?: PublicKeyInput): Promise<RestoreResult> {
  const { log, problems } = await verifyRun(target, publicKey);
  if (problems.length > 0) {
    throw new VouchError(
      `${problems[0]}. Refusing to restore from a run that fails verification.`,
      EXIT.problem,
    );
  }
  const dir = dirname(log.path);
  const resumePath = join(dir, "resume.json");
  const bytes = await readRegularFile(resumePath, "resume");
  if (bytes === undefined) throw new InputError(`${resumePath}: no such file.`);
  const guarded = parseJson(bytes.toString("utf8"), resumePath);
  if (guarded === null || typeof guarded !== "object" || Array.isArray(guarded)) {
    throw new InputError(`${resumePath}: expected a JSON Resume object.`);
  }
  const overrides = log.records.filter((r) => recordKind(r) === "override");
  const matchRecords = log.records.filter((r) => recordKind(r) === "match");
  // A `text` record comes from a plain-text guard case: there is no such field in a resume.
  const edits = log.records.filter(
    (r) => !["override", "match"].includes(recordKind(r)) && r.field !== "text",
  );

  const draft = revertChecked(guarded as JsonResume, edits, resumePath);
  const path = join(dir, RESTORED_NAME);
  await writeFileAtomic(path, `${JSON.stringify(draft, null, 2)}\n`);
  return {
    draft,
    path,
    reverted: edits.filter(editsText).length,
    matchRecords: matchRecords.length,
    overrides: overrides.length,
  };
}

/** Records that changed the draft: a string edit, a list item removed whole, a part of the record mended. */
function editsText(record: RedactionRecord): boolean {
  return ["string-edit", "item-removal", "structure"].includes(recordKind(record));
}

/**
 * Revert last first, one record at a time, checking that each edit's replacement is still where the
 * record says: otherwise resume.json was changed after the log was written and the revert would be wrong.
 */
function revertChecked(
  guarded: JsonResume,
  edits: readonly RedactionRecord[],
  resumePath: string,
): JsonResume {
  let draft = guarded;
  for (const record of [...edits].reverse()) {
    const kind = recordKind(record);
    if (kind === "string-edit") {
      const text = getField(draft, record.field);
      const [start, end] = record.outputRange!;
      if (typeof text !== "string" || text.slice(start, end) !== record.replacement) {
        throw new InputError(
          `${resumePath}: ${record.field} does not hold seq ${record.seq}'s replacement ${JSON.stringify(record.replacement)} at ${start}-${end}: the resume was changed after the log was written.`,
        );
      }
    } else if (kind === "structure" && record.replacement !== "") {
      if (!sameValue(getField(draft, record.field), JSON.parse(record.replacement))) {
        throw new InputError(
          `${resumePath}: ${record.field} does not hold seq ${record.seq}'s replacement ${record.replacement}: the resume was changed after the log was written.`,
        );
      }
    }
    try {
      draft = revertDraft(draft, [record]);
    } catch (error) {
      throw new InputError(
        `${resumePath}: seq ${record.seq} cannot be reverted on ${record.field} (${(error as Error).message}).`,
      );
    }
  }
  return draft;
}
