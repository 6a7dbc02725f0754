// Read a redaction log (DESIGN.md, "Redaction record"): one JSON record per line, each checked against
// the contract so that a bad line is named by file, line and field before anything trusts it.
import { stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { GUARD_IDS, RECORD_ACTIONS, type RedactionRecord } from "../../guards/index.js";
import { InputError } from "../../core/errors.js";
import { readRegularFile } from "../../core/regular-file.js";
import { describeIssue } from "../../core/document.js";
import { parseField } from "../../core/resume.js";
import { recoverFolder } from "../outputs/atomic.js";

export const LOG_NAME = "redaction-log.jsonl";

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, "expected a 64-hex string");
/** Keys that reach an object's prototype: a crafted log must not make restore write there. */
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const fieldPath = z
  .string()
  .min(1)
  .refine((field) => !parseField(field).some((part) => UNSAFE_KEYS.has(String(part))), {
    message: "a field path may not name __proto__, constructor or prototype",
  });
const span = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);

// Strict: an unknown key would still be covered by the hash, but it is not the contract an auditor reads.
export const recordSchema = z
  .object({
    seq: z.number().int().positive(),
    runId: z.string().min(1),
    ts: z.string().min(1),
    guard: z.enum([...GUARD_IDS, "verifier", "override"]),
    rule: z.string().min(1),
    action: z.enum(RECORD_ACTIONS),
    field: fieldPath,
    range: span.optional(),
    outputRange: span.optional(),
    original: z.string(),
    replacement: z.string(),
    reason: z.string(),
    evidence: z.array(
      z
        .object({
          source: z.enum(["profile", "fact", "truth", "chunk"]),
          ref: z.string(),
          text: z.string().optional(),
        })
        .strict(),
    ),
    prevHash: hex64,
    hash: hex64,
  })
  .strict()
  .superRefine(overrideShape);

/** `#seq=N` at the end of an override's first evidence ref: the record it overrides. */
const OVERRIDDEN = /#seq=(\d+)$/;

/**
 * An override is `vouch audit override`'s shape and nothing else: guard and action both `override`, rule
 * `false-positive`, its first evidence the record it overrides. A record that is half one (guard override,
 * action fallback) would be counted as an override by one reader and applied as a guard's edit by another.
 */
function overrideShape(
  record: { guard: string; action: string; rule: string; evidence: { source: string; ref: string }[] },
  ctx: z.RefinementCtx,
): void {
  const isOverride = record.guard === "override" || record.action === "override";
  if (!isOverride) return;
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (record.guard !== "override") fail("guard", "an override record has guard override");
  else if (record.action !== "override") fail("action", "an override record has action override");
  else if (record.rule !== "false-positive") fail("rule", "an override record has rule false-positive");
  else if (record.evidence[0]?.source !== "fact" || !OVERRIDDEN.test(record.evidence[0].ref))
    fail("evidence", "an override record names the record it overrides (ref LOG#seq=N) first");
}

/** The seq an override names (see overrideShape). */
export function overriddenSeq(record: Pick<RedactionRecord, "evidence">): number | undefined {
  const match = OVERRIDDEN.exec(record.evidence[0]?.ref ?? "");
  return match ? Number(match[1]) : undefined;
}

export interface AuditLog {
  /** The log file as the user named it (a folder's log is `DIR/redaction-log.jsonl`). */
  path: string;
  /** The file's exact text: an append keeps every byte of it. */
  text: string;
  records: RedactionRecord[];
  /** The 1-based line of each record, for messages. */
  lines: number[];
}

/**
 * `DIR` → `DIR/redaction-log.jsonl`; any other path is the log itself. When the folder is missing because
 * a run was killed between its two renames, the swap is finished first (pipeline/outputs/atomic.ts).
 */
export async function resolveLogPath(target: string): Promise<string> {
  let isDir: boolean;
  try {
    isDir = (
      await stat(target).catch(async () => {
        await recoverFolder(target);
        if (basename(target) === LOG_NAME) await recoverFolder(dirname(target));
        return stat(target);
      })
    ).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      code === "ENOENT" ? `${target}: no such file or folder.` : `${target}: cannot be read (${code}).`,
    );
  }
  return isDir ? join(target, LOG_NAME) : target;
}

/** Read and validate a log given as its folder or its `.jsonl` path. */
export async function readLog(target: string): Promise<AuditLog> {
  const path = await resolveLogPath(target);
  const bytes = await readRegularFile(path, "redaction log");
  if (bytes === undefined) throw new InputError(`${path}: no such file.`);
  const text = bytes.toString("utf8");
  return { path, text, ...parseLog(text, path) };
}

/** Parse the text of a log; blank lines are skipped (a trailing newline is normal). */
export function parseLog(text: string, path: string): Pick<AuditLog, "records" | "lines"> {
  const records: RedactionRecord[] = [];
  const lines: number[] = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = index + 1;
    const source = index === 0 && raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (source.trim() === "") continue;
    const record = parseLine(source, path, line);
    const target = record.action === "override" ? overriddenSeq(record) : undefined;
    const overridden = target === undefined ? undefined : records.find((r) => r.seq === target);
    if (target !== undefined && (!overridden || overridden.action === "override"))
      throw new InputError(
        `${path}: line ${line}: the override names seq ${target}, which is not an earlier record of a guard.`,
      );
    records.push(record);
    lines.push(line);
  }
  return { records, lines };
}

function parseLine(source: string, path: string, line: number): RedactionRecord {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    const message = (error as Error).message.replace(/ in JSON at position \d+.*$/s, "");
    throw new InputError(`${path}: line ${line}: not JSON: ${message}.`);
  }
  const parsed = recordSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new InputError(`${path}: ${describeIssue(parsed.error, () => line, "the record")}.`);
}
