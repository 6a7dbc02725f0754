// The files of `vouch generate --out`: rendered in memory, then written into a sibling temporary folder and
// swapped in whole. A failed write or rename leaves the folder exactly as it was, with no leftover beside
// it; nothing of an earlier run survives beside new outputs; a folder holding files vouch did not write is
// refused; report.json lists each file's hash and is signed with --sign-key.
import { createHash, generateKeyPairSync } from "node:crypto";
import type * as FsPromises from "node:fs/promises";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sealRecords } from "../../../guards/redaction-record.js";
import { UsageLedger } from "../../../pipeline/backends/types.js";
import { InputError } from "../../../core/errors.js";
import { OUTPUT_FILES, prepareOutDir, writeOutputs } from "../../../pipeline/outputs/files.js";
import { renderOutputs } from "../../../pipeline/stages/render.js";
import { type RunReport, buildReport } from "../../../pipeline/outputs/report.js";
import { keyId, loadSigner, parseSignatureFile, verifySignature } from "../../../pipeline/audit/signing.js";

/** Hooks into node:fs/promises: a test makes one file's creation or one rename fail by its path. */
const fail = vi.hoisted(() => ({
  open: (_path: string): boolean => false,
  rename: (_from: string, _to: string): boolean => false,
}));
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const error = (code: string) => Object.assign(new Error(code), { code });
  return {
    ...fs,
    open: (async (path, ...rest) => {
      if (fail.open(String(path))) throw error("ENOSPC");
      return fs.open(path, ...rest);
    }) as typeof fs.open,
    rename: async (from: string, to: string) => {
      if (fail.rename(String(from), String(to))) throw error("EACCES");
      return fs.rename(from, to);
    },
  };
});
afterEach(() => {
  fail.open = () => false;
  fail.rename = () => false;
});

/** A run's output folder inside a fresh parent, so that the test sees every sibling the swap makes. */
const outDir = () => join(mkdtempSync(join(tmpdir(), "vouch-outputs-")), "out");
const now = new Date("2024-06-01T12:00:00Z");
const report = (): RunReport =>
  buildReport({
    runId: "run-1",
    now,
    asOf: "2024-06-01",
    inputs: {},
    stages: [],
    requirements: [],
    matches: [],
    records: [],
    verdicts: [],
    usage: new UsageLedger(),
  });
const files = () =>
  new Map<string, string | Uint8Array>([
    ["resume.json", '{"basics":{}}\n'],
    ["resume.md", "# Dana\n"],
    ["resume.docx", new Uint8Array([80, 75, 3, 4])],
  ]);
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
/** A folder holding the previous run's files, and what an audit added to it. */
function previousRun(): string {
  const dir = outDir();
  mkdirSync(dir);
  for (const file of ["resume.json", "resume.md", "report.json", "report.json.sig", "resume.restored.json"])
    writeFileSync(join(dir, file), `old ${file}`);
  return dir;
}
/** Every entry of a folder with its content (`<folder>` for a folder). */
const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir).map((f) => {
      const path = join(dir, f);
      return [f, statSync(path).isDirectory() ? "<folder>" : readFileSync(path, "utf8")];
    }),
  );
/** The names beside the output folder: only the folder itself when no leftover stays. */
const siblings = (dir: string) => readdirSync(dirname(dir));

describe("writeOutputs", () => {
  it("writes every file and report.json listing each file's size and SHA-256, and nothing of the earlier run", async () => {
    const dir = previousRun();
    const result = await writeOutputs(dir, files(), report());
    const expected = [...files()].map(([file, data]) => ({ file, bytes: data.length, sha256: sha256(data) }));
    expect(result).toEqual({ dir, files: expected });
    // resume.restored.json and report.json.sig belonged to the old outputs: they are gone with them.
    expect(readdirSync(dir).sort()).toEqual(["report.json", "resume.docx", "resume.json", "resume.md"]);
    const written = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as RunReport;
    expect(written.outputs).toEqual(expected);
    expect(written.signature).toBeUndefined();
    for (const { file, sha256: hash } of expected) expect(sha256(readFileSync(join(dir, file)))).toBe(hash);
    expect(siblings(dir)).toEqual(["out"]);
  });

  it("creates a folder that does not exist, and its parents", async () => {
    const dir = join(outDir(), "a", "b");
    await writeOutputs(dir, files(), report());
    expect(readdirSync(dir).sort()).toEqual(["report.json", "resume.docx", "resume.json", "resume.md"]);
    expect(siblings(dir)).toEqual(["b"]);
  });

  it("signs the exact bytes of report.json into report.json.sig and names the key in the report", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const keyFile = join(mkdtempSync(join(tmpdir(), "vouch-key-")), "k.pem");
    writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }));
    const signer = await loadSigner(keyFile);
    const dir = outDir();
    const result = await writeOutputs(dir, files(), report(), signer);
    expect(result.signature).toBe("report.json.sig");
    const reportBytes = readFileSync(join(dir, "report.json"));
    expect(JSON.parse(reportBytes.toString()).signature).toEqual({
      file: "report.json.sig",
      algorithm: "ed25519",
      publicKeySha256: keyId(publicKey),
    });
    const signature = parseSignatureFile(readFileSync(join(dir, "report.json.sig"), "utf8"))!;
    expect(signature).toMatchObject({ algorithm: "ed25519", signs: "report.json" });
    expect(verifySignature(publicKey, reportBytes, signature.signature)).toBe(true);
    expect(
      verifySignature(publicKey, Buffer.concat([reportBytes, Buffer.from(" ")]), signature.signature),
    ).toBe(false);
  });

  it.each<[string, (dir: string) => void, string]>([
    ["a file whose write fails", () => (fail.open = (path) => path.endsWith("/resume.md")), "ENOSPC"],
    ["the old folder that cannot be moved aside", (dir) => (fail.rename = (from) => from === dir), "EACCES"],
    [
      "the new folder that cannot be moved in",
      (dir) => (fail.rename = (from, to) => to === dir && from.includes(".tmp-")),
      "EACCES",
    ],
  ])("%s changes nothing and leaves nothing beside the folder", async (_name, arrange, code) => {
    const dir = previousRun();
    arrange(dir);
    const before = contents(dir);
    const error = (await writeOutputs(dir, files(), report()).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(`${dir}: cannot write the outputs (${code}); nothing was changed.`);
    expect(contents(dir)).toEqual(before);
    expect(siblings(dir)).toEqual(["out"]);
  });

  it("a failure on a new folder leaves no folder and nothing beside it", async () => {
    const dir = outDir();
    fail.rename = (_from, to) => to === dir;
    await expect(writeOutputs(dir, files(), report())).rejects.toBeInstanceOf(InputError);
    expect(siblings(dir)).toEqual([]);
  });

  it("refuses, changing nothing, a folder where a file of the user appeared during the run", async () => {
    const dir = previousRun();
    writeFileSync(join(dir, "notes.txt"), "mine");
    const before = contents(dir);
    await expect(writeOutputs(dir, files(), report())).rejects.toThrow(
      new InputError(
        `${dir}: holds an entry vouch did not write (notes.txt); vouch replaces its output folder whole, so give --out a new or empty folder, or one an earlier run wrote.`,
      ),
    );
    expect(contents(dir)).toEqual(before);
  });

  it("replaces the folder a symbolic link points to and keeps the link", async () => {
    const real = previousRun();
    const link = join(dirname(real), "link");
    symlinkSync(real, link);
    await writeOutputs(link, files(), report());
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(real);
    expect(readdirSync(real).sort()).toEqual(["report.json", "resume.docx", "resume.json", "resume.md"]);
  });

  it("keeps the folder's permissions", async () => {
    const dir = previousRun();
    chmodSync(dir, 0o750);
    await writeOutputs(dir, files(), report());
    expect(statSync(dir).mode & 0o777).toBe(0o750);
  });
});

describe("prepareOutDir", () => {
  // Called as a library, without the CLI's refusal of kernel folders: Node 20's mkdir -p spins forever there.
  it.skipIf(process.platform !== "linux")(
    "ends with an input error under /proc instead of spinning",
    async () => {
      await expect(prepareOutDir("/proc/vouch-x/out")).rejects.toThrow(InputError);
    },
  );

  it("creates the parents, not the folder (the run's swap does)", async () => {
    const dir = join(outDir(), "a", "b");
    const created = await prepareOutDir(dir);
    expect(created).toBe(dirname(dirname(dir)));
    expect(readdirSync(dirname(dir))).toEqual([]);
  });

  it("accepts an empty folder and one an earlier run wrote, with what audit adds", async () => {
    const dir = previousRun();
    for (const file of ["audit.html", "redaction-log.sig.jsonl", ".resume.json.123.0a1b2c3d.tmp"])
      writeFileSync(join(dir, file), "x");
    await expect(prepareOutDir(dir)).resolves.toBeUndefined();
  });

  it.each([
    [["notes.txt"], "an entry vouch did not write (notes.txt)"],
    [["kb/", "a.txt", "resume.json"], "entries vouch did not write (a.txt, kb/)"],
    [["a", "b", "c", "d", "e"], "entries vouch did not write (a, b, c and 2 more)"],
  ])("refuses a folder holding %j, naming them", async (entries, named) => {
    const dir = outDir();
    mkdirSync(dir);
    for (const entry of entries) {
      if (entry.endsWith("/")) mkdirSync(join(dir, entry));
      else writeFileSync(join(dir, entry), "mine");
    }
    await expect(prepareOutDir(dir)).rejects.toThrow(
      new InputError(
        `${dir}: holds ${named}; vouch replaces its output folder whole, so give --out a new or empty folder, or one an earlier run wrote.`,
      ),
    );
  });

  it("names the folder and the reason when it cannot be made", async () => {
    const file = join(outDir());
    writeFileSync(file, "x");
    await expect(prepareOutDir(join(file, "out"))).rejects.toThrow(
      new InputError(`${join(file, "out")}: the output folder cannot be written (ENOTDIR).`),
    );
    await expect(prepareOutDir(file)).rejects.toThrow(
      new InputError(`${file}: the output folder cannot be written (ENOTDIR).`),
    );
  });

  it.skipIf(process.getuid?.() === 0)("refuses a folder whose parent cannot be written", async () => {
    const dir = previousRun();
    chmodSync(dirname(dir), 0o500);
    await expect(prepareOutDir(dir)).rejects.toThrow(/cannot be written \(EACCES\)/);
    chmodSync(dirname(dir), 0o700);
  });

  it("finishes a swap a kill interrupted, and removes what dead runs left", async () => {
    const dir = outDir();
    const parent = dirname(dir);
    // pid 99999999 is above any pid_max: that process is gone.
    mkdirSync(join(parent, "out.tmp-99999999-0a0b0c0d"));
    writeFileSync(join(parent, "out.tmp-99999999-0a0b0c0d", "resume.md"), "new");
    mkdirSync(join(parent, "out.old-99999999-0a0b0c0d"));
    writeFileSync(join(parent, "out.old-99999999-0a0b0c0d", "resume.md"), "old");
    mkdirSync(join(parent, "out.tmp-99999999-11111111"));
    await prepareOutDir(dir);
    expect(contents(dir)).toEqual({ "resume.md": "new" });
    expect(siblings(dir)).toEqual([basename(dir)]);
  });

  it("leaves alone the leftovers of a run that is still going, and names that are not a swap's", async () => {
    const dir = previousRun();
    const parent = dirname(dir);
    const names = [`out.tmp-${process.pid}-0a0b0c0d`, "out.tmp-99999999-xyz", "out.old-copy"];
    for (const name of names) mkdirSync(join(parent, name));
    await prepareOutDir(dir);
    expect(siblings(dir).sort()).toEqual(["out", ...names].sort());
  });
});

describe("renderOutputs", () => {
  it("renders the five files besides report.json from the guarded resume and the sealed records", async () => {
    const resume = { basics: { name: "Dana Reyes", summary: "Builds services." } };
    const records = sealRecords(
      [
        {
          guard: "claim-net",
          rule: "r",
          action: "remove",
          field: "f",
          original: "a",
          replacement: "",
          reason: "x",
          evidence: [],
        },
        {
          guard: "verifier",
          rule: "r",
          action: "annotate",
          field: "g",
          original: "b",
          replacement: "b",
          reason: "y",
          evidence: [],
        },
      ],
      { runId: "run-1", ts: now.toISOString() },
    );
    const out = await renderOutputs({ resume, records, report: report(), layout: "classic", now });
    // audit.html is rendered only with the run's evidence (`page`): see the generate tests.
    const rendered = OUTPUT_FILES.filter((f) => f !== "report.json" && f !== "audit.html");
    expect([...out.keys()].sort()).toEqual(rendered.sort());
    expect(out.get("resume.json")).toBe(`${JSON.stringify(resume, null, 2)}\n`);
    expect(out.get("redaction-log.jsonl")).toBe(records.map((r) => `${JSON.stringify(r)}\n`).join(""));
    expect(out.get("resume.md")).toContain("Dana Reyes");
    for (const docx of ["resume.docx", "resume.review.docx"]) {
      expect(
        Buffer.from(out.get(docx) as Uint8Array)
          .subarray(0, 2)
          .toString(),
      ).toBe("PK");
    }
    expect(out.get("resume.review.docx")).not.toEqual(out.get("resume.docx"));
  });

  it("writes an empty log when nothing was changed", async () => {
    const out = await renderOutputs({ resume: {}, records: [], report: report(), layout: "classic", now });
    expect(out.get("redaction-log.jsonl")).toBe("");
  });
});
