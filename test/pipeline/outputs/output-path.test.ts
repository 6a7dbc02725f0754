// Outputs never go under /proc, /sys or /dev (as written, or through a symbolic link), and making folders
// ends: Node's own mkdir -p spins forever under /proc.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.js";
import { makeDirectory, refuseKernelPath } from "../../../pipeline/outputs/output-path.js";
import { runCli } from "../../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-output-path-"));
symlinkSync("/proc/self", join(dir, "to-proc"));
symlinkSync("/dev", join(dir, "to-dev"));
symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
writeFileSync(join(dir, "file"), "x");
mkdirSync(join(dir, "proc"));
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe("refuseKernelPath", () => {
  it.each([
    ["/proc/x", "/proc"],
    ["/proc", "/proc"],
    ["/proc/self/fd/1", "/proc"],
    ["/sys/kernel/out", "/sys"],
    ["/dev/x", "/dev"],
    ["/dev/null", "/dev"],
    ["/tmp/../proc/x", "/proc"],
    [relative(process.cwd(), "/proc/x"), "/proc"],
    [join(dir, "to-proc", "out"), "/proc"],
    [join(dir, "to-dev", "shm", "out"), "/dev"],
  ])("refuses %s", async (path, folder) => {
    const error = await failure(refuseKernelPath(path, "output folder"));
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toBe(
      `${path}: the output folder cannot go under ${folder} (vouch never writes under /proc, /sys or /dev).`,
    );
  });

  it.each([join(dir, "out"), join(dir, "proc", "x"), "/procedures/x", join(dir, "dangling", "out"), "out"])(
    "accepts %s",
    async (path) => {
      await expect(refuseKernelPath(path)).resolves.toBeUndefined();
    },
  );
});

describe("makeDirectory", () => {
  it("makes the missing folders and returns the first it made, as mkdir -p does", async () => {
    const target = join(dir, "a", "b", "c");
    expect(await makeDirectory(target)).toBe(join(dir, "a"));
    expect(await makeDirectory(target)).toBeUndefined();
    expect(await makeDirectory(join(dir, "a", "b", "d"))).toBe(join(dir, "a", "b", "d"));
  });

  it.each([
    ["under /proc, where Node's mkdir -p never returns", "/proc/vouch-x/y", "ENOENT"],
    ["through a dangling link", join(dir, "dangling", "out"), "ENOENT"],
    ["where a file stands", join(dir, "file", "out"), "ENOTDIR"],
  ])("fails at once %s", async (_name, path, code) => {
    const started = Date.now();
    const error = (await failure(makeDirectory(path))) as NodeJS.ErrnoException | undefined;
    expect(error?.code).toBe(code);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("the CLI refuses such outputs with exit 2 before any work", () => {
  const samples = resolve(import.meta.dirname, "../../../samples");
  it.each(["/proc/x", "/sys/x", "/dev/x"])("vouch generate --out %s", async (out) => {
    const args = ["generate", "--profile", join(samples, "profile.yaml"), "--job"];
    const run = await runCli([...args, join(samples, "jobs/platform-engineer.md"), "--out", out]);
    const folder = `/${out.split("/")[1]}`;
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `vouch: ${out}: the output folder cannot go under ${folder} (vouch never writes under /proc, /sys or /dev).\n`,
    ]);
  });

  it.each([
    [["ingest", "docs", "--kb", "/sys/kb"], "/sys/kb: the knowledge base folder cannot go under /sys"],
    [
      ["audit", "out", "--html", "/dev/shm/audit.html"],
      "/dev/shm/audit.html: the evidence page cannot go under /dev",
    ],
  ])("vouch %j", async (args, message) => {
    const run = await runCli(args);
    expect([run.code, run.stderr]).toEqual([
      2,
      `vouch: ${message} (vouch never writes under /proc, /sys or /dev).\n`,
    ]);
  });

  it("vouch generate --kb-dir under /proc", async () => {
    const args = [
      "generate",
      "--profile",
      join(samples, "profile.yaml"),
      "--job",
      join(samples, "jobs/platform-engineer.md"),
    ];
    const run = await runCli([...args, "--out", join(dir, "gen"), "--kb-dir", "/proc/kb"]);
    expect([run.code, run.stderr]).toEqual([
      2,
      "vouch: /proc/kb: the knowledge base folder cannot go under /proc (vouch never writes under /proc, /sys or /dev).\n",
    ]);
  });

  it("vouch extract --out /proc/x/truth.json", async () => {
    const run = await runCli(["extract", join(samples, "repos/payments-api"), "--out", "/proc/x/truth.json"]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      "vouch: /proc/x/truth.json: the output cannot go under /proc (vouch never writes under /proc, /sys or /dev).\n",
    ]);
  });
});
