// Input files are text and bounded: a NUL byte, invalid UTF-8 or too many bytes is exit 2 naming the file,
// and no more than the limit is ever read (so /dev/zero cannot hang a run).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.js";
import { MAX_JOB_BYTES, MAX_PROFILE_BYTES, readInputFile } from "../../../pipeline/inputs/input-file.js";
import { readJob } from "../../../pipeline/inputs/job.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { runCli } from "../../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-input-file-"));
const file = (name: string, bytes: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const JOB = { noun: "job description", maxBytes: 16, missing: "no such job description file." };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe("readInputFile", () => {
  it.each([
    ["plain text", "Go and Kafka.\n", "Go and Kafka.\n"],
    ["exactly the limit", "x".repeat(16), "x".repeat(16)],
    ["a byte order mark, dropped", "\uFEFFGo.", "Go."],
    ["multi-byte characters", "Zü—東", "Zü—東"],
    ["an empty file", "", ""],
  ])("reads %s", async (_name, text, expected) => {
    expect(await readInputFile(file("ok.txt", text), JOB)).toBe(expected);
  });

  it.each([
    [
      "a NUL byte",
      Buffer.from("Go\0Kafka"),
      "the job description is not a text file (a NUL byte at byte 3); expected UTF-8 text.",
    ],
    [
      "UTF-16",
      Buffer.from("\uFEFFGo", "utf16le"),
      "the job description is not a text file (a NUL byte at byte 4); expected UTF-8 text.",
    ],
    [
      "a stray Latin-1 byte",
      Buffer.from([0x5a, 0xfc, 0x72, 0x69]),
      "the job description is not UTF-8 text (an invalid byte sequence at byte 2).",
    ],
    [
      "an overlong encoding",
      Buffer.from([0x61, 0x62, 0xc0, 0xaf]),
      "the job description is not UTF-8 text (an invalid byte sequence at byte 3).",
    ],
    [
      "a character cut at the end",
      Buffer.from([0x61, 0xe6, 0x9d]),
      "the job description is not UTF-8 text (an invalid byte sequence at byte 3).",
    ],
    [
      "one byte too many",
      "x".repeat(17),
      "the job description is larger than 16 bytes; vouch reads at most that.",
    ],
  ])("refuses %s, naming the file", async (_name, bytes, message) => {
    const path = file("bad.txt", bytes);
    const error = await failure(readInputFile(path, JOB));
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toBe(`${path}: ${message}`);
  });

  it("reads no more than the limit of an endless file", async () => {
    const error = await failure(readInputFile("/dev/zero", { ...JOB, maxBytes: MAX_JOB_BYTES }));
    expect(error?.message).toBe(
      "/dev/zero: the job description is larger than 1 MB; vouch reads at most that.",
    );
  });

  it("a named pipe nothing writes to is refused at once; one a writer feeds is read", async () => {
    const fifo = join(dir, "job.fifo");
    execFileSync("mkfifo", [fifo]);
    const started = Date.now();
    expect((await failure(readInputFile(fifo, JOB)))?.message).toBe(
      `${fifo}: the job description is a named pipe nothing writes to.`,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    // As `--job <(curl …)` gives it: a writer that opens the pipe and writes a little later.
    const writer = spawn("sh", ["-c", `sleep 0.3; printf 'Go engineer' > '${fifo}'`]);
    await new Promise((done) => setTimeout(done, 50));
    const reading = readInputFile(fifo, JOB);
    expect(await reading).toBe("Go engineer");
    writer.kill();
  });

  it("names a missing file and one that cannot be read", async () => {
    const missing = join(dir, "absent.md");
    expect((await failure(readInputFile(missing, JOB)))?.message).toBe(
      `${missing}: no such job description file.`,
    );
    const folder = join(dir, "folder.md");
    mkdirSync(folder);
    expect((await failure(readInputFile(folder, JOB)))?.message).toBe(
      `${folder}: the job description cannot be read (EISDIR).`,
    );
  });
});

describe("the job and the profile go through it", () => {
  it("a binary job is refused instead of becoming garbage requirements", async () => {
    const path = file("job.pdf", Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0xff]));
    expect((await failure(readJob(path)))?.message).toBe(
      `${path}: the job description is not a text file (a NUL byte at byte 5); expected UTF-8 text.`,
    );
  });

  it.each([".md", ".json"])("a %s job over 1 MB is refused", async (ext) => {
    const path = file(`big${ext}`, `- Go\n`.repeat(MAX_JOB_BYTES / 5 + 1));
    expect((await failure(readJob(path)))?.message).toBe(
      `${path}: the job description is larger than 1 MB; vouch reads at most that.`,
    );
  });

  it("a profile over 5 MB is refused; one of 5 MB is read", async () => {
    const big = file("big.yaml", `# ${"x".repeat(MAX_PROFILE_BYTES)}\n`);
    expect((await failure(readProfile(big)))?.message).toBe(
      `${big}: the profile is larger than 5 MB; vouch reads at most that.`,
    );
    const padded = `basics:\n  name: Dana\n# ${"x".repeat(MAX_PROFILE_BYTES - 30)}\n`;
    expect(Buffer.byteLength(padded)).toBeLessThanOrEqual(MAX_PROFILE_BYTES);
    expect((await readProfile(file("fits.yaml", padded))).profile.basics?.name).toBe("Dana");
  });

  it("vouch generate with a binary job: exit 2, one sentence, nothing written", async () => {
    const job = file("job.bin", Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00]));
    const out = join(dir, "out");
    const profile = resolve(import.meta.dirname, "../../../samples/profile.yaml");
    const run = await runCli(["generate", "--profile", profile, "--job", job, "--out", out, "--no-history"]);
    expect([run.code, run.stderr]).toEqual([
      2,
      `vouch: ${job}: the job description is not a text file (a NUL byte at byte 7); expected UTF-8 text.\n`,
    ]);
  });
});
