// A signed run end to end, through the CLI: keygen, generate --sign-key on the sample candidate (with the
// fabricated draft, so the log holds records), audit --verify --public-key, the tampering an attacker
// would try, a signed override, a stale resume.restored.json, and a kill between the swap's two renames.
import { appendFile, mkdir, mkdtemp, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSample, runCli } from "../helpers/cli.js";

let dir: string;
let out: string;
let key: string;
let pub: string;
const generate = () =>
  generateSample(
    out,
    "--writer",
    "scripted:samples/drafts/fabricated.json",
    "--no-history",
    "--sign-key",
    key,
  );
const verify = (...more: string[]) => runCli(["audit", out, "--verify", ...more]);
const RUN_FILES = [
  "audit.html",
  "redaction-log.jsonl",
  "report.json",
  "report.json.sig",
  "resume.docx",
  "resume.json",
  "resume.md",
  "resume.pdf",
  "resume.review.docx",
];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "vouch-signed-run-"));
  out = join(dir, "out");
  expect((await runCli(["keygen", "--out", join(dir, "keys")])).code).toBe(0);
  key = join(dir, "keys", "vouch-signing.key");
  pub = join(dir, "keys", "vouch-signing.pub");
  const run = await generate();
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^wrote .*, report\.json, report\.json\.sig to /);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a signed run", () => {
  it("writes report.json.sig beside report.json, which names it and its key", async () => {
    expect((await readdir(out)).sort()).toEqual(RUN_FILES);
    const report = JSON.parse(await readFile(join(out, "report.json"), "utf8"));
    expect(report.signature).toMatchObject({ file: "report.json.sig", algorithm: "ed25519" });
    expect(report.chain.records).toBeGreaterThan(10);
  });

  it("verifies with the key, and says so", async () => {
    const run = await verify("--public-key", pub);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^chain intact: \d+ records, matching report\.json\noutputs intact: 7 files match their SHA-256 in report\.json\nsignature valid: report\.json\.sig verifies with the public key\n$/,
    );
  });

  it("without the key, verifies and says the signature was not checked", async () => {
    const run = await verify();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "not proven: that these are the run's outputs; report.json.sig was not checked, and anyone who can write this folder can re-chain the log and rewrite report.json: give --public-key FILE\n",
    );
  });

  it("--json carries the verification", async () => {
    const run = await verify("--public-key", pub, "--json");
    expect(JSON.parse(run.stdout).verification).toEqual({
      ok: true,
      problems: [],
      outputs: 7,
      signature: "valid",
      overrides: { total: 0, signed: 0 },
    });
  });

  it("an award appended to resume.json fails naming resume.json, and --restore refuses it", async () => {
    const path = join(out, "resume.json");
    const original = await readFile(path, "utf8");
    const resume = JSON.parse(original);
    resume.awards = [...(resume.awards ?? []), { title: "Turing Award", date: "2023" }];
    await writeFile(path, JSON.stringify(resume, null, 2));
    try {
      const message = `vouch: ${path}: its SHA-256 does not match report.json: it was changed after the run.`;
      expect(await verify("--public-key", pub)).toEqual({ code: 1, stdout: "", stderr: `${message}\n` });
      const restore = await runCli(["audit", out, "--restore"]);
      expect(restore).toEqual({
        code: 1,
        stdout: "",
        stderr: `${message.slice(0, -1)}. Refusing to restore from a run that fails verification.\n`,
      });
      expect(await readdir(out)).not.toContain("resume.restored.json");
    } finally {
      await writeFile(path, original);
    }
  });

  it("a signed override verifies with the key; an unsigned one appended after it does not", async () => {
    const signed = await runCli(["audit", "override", out, "3", "--reason", "Fine.", "--sign-key", key]);
    expect(signed.code).toBe(0);
    expect(await readdir(out)).toContain("redaction-log.sig.jsonl");
    expect((await verify("--public-key", pub)).stdout).toContain(
      "overrides since the run: 1 (1 signed and checked)\n",
    );
    const log = await readFile(join(out, "redaction-log.jsonl"), "utf8");
    await runCli(["audit", "override", out, "4", "--reason", "Anyone can."]);
    const seq = log.trimEnd().split("\n").length + 1;
    expect(await verify("--public-key", pub)).toMatchObject({
      code: 1,
      stderr: `vouch: ${join(out, "redaction-log.jsonl")}: line ${seq} (seq ${seq}): the override is not signed with ${pub}; anyone could have appended it.\n`,
    });
    await writeFile(join(out, "redaction-log.jsonl"), log);
  });

  it("cutting the last signed override and its signature line fails: the signed head names the log's end", async () => {
    const logPath = join(out, "redaction-log.jsonl");
    const sigPath = join(out, "redaction-log.sig.jsonl");
    const [log, sigs] = [await readFile(logPath, "utf8"), await readFile(sigPath, "utf8")];
    const signed = await runCli(["audit", "override", out, "5", "--reason", "Fine too.", "--sign-key", key]);
    expect(signed.code).toBe(0);
    expect(await readdir(out)).toContain("redaction-log.head.json");
    expect((await verify("--public-key", pub)).code).toBe(0);
    const cut = (text: string) => `${text.trimEnd().split("\n").slice(0, -1).join("\n")}\n`;
    await writeFile(logPath, cut(await readFile(logPath, "utf8")));
    await writeFile(sigPath, cut(await readFile(sigPath, "utf8")));
    const records = log.trimEnd().split("\n").length;
    expect(await verify("--public-key", pub)).toMatchObject({
      code: 1,
      stderr: `vouch: ${join(out, "redaction-log.head.json")}: the signed head says the log holds ${records + 1} records but it has ${records}: records were removed from its end.\n`,
    });
    // Deleting the head as well does not hide it.
    await rm(join(out, "redaction-log.head.json"));
    expect((await verify("--public-key", pub)).stderr).toContain(
      "redaction-log.head.json: missing, though the log holds signed overrides: records may have been cut from its end.",
    );
    await writeFile(logPath, log);
    await writeFile(sigPath, sigs);
  });

  it("the next run leaves nothing of this one beside its outputs (resume.restored.json, override signatures)", async () => {
    expect((await runCli(["audit", out, "--restore"])).code).toBe(0);
    expect(await readdir(out)).toContain("resume.restored.json");
    const before = JSON.parse(await readFile(join(out, "report.json"), "utf8")).runId;
    expect((await generate()).code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(RUN_FILES);
    expect(JSON.parse(await readFile(join(out, "report.json"), "utf8")).runId).not.toBe(before);
    expect((await verify("--public-key", pub)).code).toBe(0);
  }, 60_000);

  it("a folder holding a file of the user's is refused before any work, and kept", async () => {
    await writeFile(join(out, "notes.txt"), "mine");
    const run = await generate();
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `vouch: ${out}: holds an entry vouch did not write (notes.txt); vouch replaces its output folder whole, so give --out a new or empty folder, or one an earlier run wrote.\n`,
    );
    expect(await readFile(join(out, "notes.txt"), "utf8")).toBe("mine");
    await rm(join(out, "notes.txt"));
  });

  it("a kill between the swap's two renames: the reader finds the complete new set and puts it in place", async () => {
    const runId = JSON.parse(await readFile(join(out, "report.json"), "utf8")).runId;
    // The state such a kill leaves: DIR moved aside as .old, the complete new set still in .tmp.
    await rename(out, `${out}.tmp-99999999-0a0b0c0d`);
    await mkdir(`${out}.old-99999999-0a0b0c0d`);
    await appendFile(join(`${out}.old-99999999-0a0b0c0d`, "resume.md"), "old");
    const run = await verify("--public-key", pub);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect((await readdir(dir)).sort()).toEqual(["keys", "out"]);
    expect(JSON.parse(await readFile(join(out, "report.json"), "utf8")).runId).toBe(runId);
  });

  it("a folder without report.json fails verification, saying so", async () => {
    await rm(join(out, "report.json"));
    const run = await verify();
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: `vouch: ${join(out, "report.json")}: missing; without it neither the outputs, nor the log's length, nor a signature can be checked.\n`,
    });
  });
});
