// `audit --verify` on a run's folder: the chain, the log's anchor, every output's SHA-256 against
// report.json, and with the public key the signature of report.json and of the overrides since the run.
import { appendFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { writeKeyPair } from "../../../pipeline/audit/keygen.js";
import { appendOverride } from "../../../pipeline/audit/override.js";
import { type Signer, loadPublicKey, loadSigner } from "../../../pipeline/audit/signing.js";
import { type PublicKeyInput, verifyRun } from "../../../pipeline/audit/verify-run.js";
import { type Fixture, writeFixture, writeReport } from "./fixture.js";
import { editReason, toText } from "./tamper.js";

let signer: Signer;
let publicKey: PublicKeyInput;
let otherKey: PublicKeyInput;
let otherSigner: Signer;
beforeAll(async () => {
  const keys = await mkdtemp(join(tmpdir(), "vouch-keys-"));
  const mine = await writeKeyPair(join(keys, "mine"));
  const other = await writeKeyPair(join(keys, "other"));
  signer = await loadSigner(mine.privateKey);
  otherSigner = await loadSigner(other.privateKey);
  publicKey = { key: await loadPublicKey(mine.publicKey), path: "mine.pub" };
  otherKey = { key: await loadPublicKey(other.publicKey), path: "other.pub" };
});

let fx: Fixture;
beforeEach(async () => {
  fx = await writeFixture("vouch-verify-run-", signer);
});
afterEach(() => rm(fx.dir, { recursive: true, force: true }));

const file = (name: string) => join(fx.dir, name);
const problems = async (key?: PublicKeyInput) => (await verifyRun(fx.dir, key)).problems;

describe("verifyRun: a run as written", () => {
  it("verifies with the key: chain, five outputs, signature", async () => {
    const run = await verifyRun(fx.dir, publicKey);
    expect(run).toMatchObject({
      problems: [],
      outputs: 5,
      signature: "valid",
      overrides: { total: 0, signed: 0 },
    });
    expect(run.chain).toEqual({ ok: true, records: 5 });
  });

  it("says a signature it could not check is unchecked, and an unsigned run unsigned", async () => {
    expect(await verifyRun(fx.dir)).toMatchObject({ problems: [], signature: "unchecked" });
    await rm(file("report.json.sig"));
    await writeReport(fx.dir, fx.records);
    expect(await verifyRun(fx.dir)).toMatchObject({ problems: [], signature: "unsigned" });
  });

  it("accepts the .jsonl path as well as the folder", async () => {
    expect((await verifyRun(fx.logPath, publicKey)).problems).toEqual([]);
  });
});

describe("verifyRun: each change names its file", () => {
  it.each<[string, () => Promise<unknown>, (dir: string) => string]>([
    [
      "an award appended to resume.json",
      async () => {
        const resume = JSON.parse(await readFile(file("resume.json"), "utf8"));
        resume.awards = [{ title: "Turing Award" }];
        await writeFile(file("resume.json"), JSON.stringify(resume, null, 2));
      },
      (dir) => `${dir}/resume.json: its SHA-256 does not match report.json: it was changed after the run`,
    ],
    [
      "one byte added to resume.docx",
      () => appendFile(file("resume.docx"), " "),
      (dir) => `${dir}/resume.docx: its SHA-256 does not match report.json: it was changed after the run`,
    ],
    [
      "resume.md deleted",
      () => rm(file("resume.md")),
      (dir) => `${dir}/resume.md: missing, though report.json lists it`,
    ],
    [
      "a record's reason edited (the log's own hash is not named twice)",
      () => writeFile(fx.logPath, toText(editReason(fx.records, 1))),
      (dir) =>
        `${dir}/redaction-log.jsonl: line 2 (seq 2): hash does not match the record's content: it was edited after it was written`,
    ],
    [
      "the log re-chained by hand with a record fewer",
      () => writeFile(fx.logPath, toText(fx.records.slice(0, -1))),
      (dir) =>
        `${dir}/redaction-log.jsonl: report.json says the run wrote 5 records but the log has 4: records were removed from its end`,
    ],
    [
      "report.json deleted",
      () => rm(file("report.json")),
      (dir) =>
        `${dir}/report.json: missing; without it neither the outputs, nor the log's length, nor a signature can be checked`,
    ],
    [
      "report.json replaced by something else",
      () => writeFile(file("report.json"), "[]"),
      (dir) => `${dir}/report.json: not a report of vouch generate (no chain or outputs in it)`,
    ],
  ])("%s", async (_name, tamper, expected) => {
    await tamper();
    expect(await problems()).toEqual([expected(fx.dir)]);
  });

  it("a report that stops listing an output, or points outside the folder, fails", async () => {
    const report = JSON.parse(await readFile(file("report.json"), "utf8"));
    report.outputs = report.outputs.filter((o: { file: string }) => o.file !== "resume.json");
    report.outputs.push({ file: "../../etc/passwd", bytes: 1, sha256: "0".repeat(64) });
    await writeFile(file("report.json"), JSON.stringify(report));
    expect(await problems()).toEqual([
      `${file("report.json")}: does not list resume.json and its SHA-256`,
      `${file("report.json")}: outputs names "../../etc/passwd", not a file name`,
    ]);
  });
});

describe("verifyRun: the signature", () => {
  it("an attacker who rewrites resume.json and re-hashes report.json passes without the key, not with it", async () => {
    await writeFile(file("resume.json"), '{"basics":{"name":"Someone Else"}}\n');
    const report = await readFile(file("report.json"));
    await writeReport(fx.dir, fx.records); // the hashes made again, the signature left as it was
    expect(await readFile(file("report.json"))).not.toEqual(report);
    expect(await problems()).toEqual([]);
    expect(await problems(publicKey)).toEqual([
      `${file("report.json.sig")}: does not verify with mine.pub: report.json was changed after it was signed`,
    ]);
  });

  it("re-signed with another key: names the key", async () => {
    await writeReport(fx.dir, fx.records, otherSigner);
    expect(await problems(otherKey)).toEqual([]);
    expect(await problems(publicKey)).toEqual([
      `${file("report.json.sig")}: made with another key than mine.pub`,
    ]);
  });

  it.each<[string, () => Promise<unknown>, string, boolean]>([
    [
      "removed, with the key",
      () => rm(file("report.json.sig")),
      "missing: the run is not signed, so mine.pub cannot vouch for it",
      true,
    ],
    [
      "removed, though the report says it was signed",
      () => rm(file("report.json.sig")),
      "missing, though report.json says the run was signed",
      false,
    ],
    [
      "not JSON",
      () => writeFile(file("report.json.sig"), "garbage"),
      "not a vouch signature of report.json",
      false,
    ],
    [
      "a signature of another file",
      async () => {
        const sig = JSON.parse(await readFile(file("report.json.sig"), "utf8"));
        await writeFile(file("report.json.sig"), JSON.stringify({ ...sig, signs: "resume.json" }));
      },
      "not a vouch signature of report.json",
      true,
    ],
    [
      "a signature cut short",
      async () => {
        const sig = JSON.parse(await readFile(file("report.json.sig"), "utf8"));
        await writeFile(file("report.json.sig"), JSON.stringify({ ...sig, signature: "AAAA" }));
      },
      "not a vouch signature of report.json",
      true,
    ],
  ])("report.json.sig %s fails", async (_name, tamper, problem, withKey) => {
    await tamper();
    expect(await problems(withKey ? publicKey : undefined)).toEqual([
      `${file("report.json.sig")}: ${problem}`,
    ]);
  });
});

describe("verifyRun: overrides since the run", () => {
  it("keeps the log's SHA-256 check: the run's bytes are the log before the overrides", async () => {
    await appendOverride(fx.logPath, 2, "In the board deck.", new Date(0), signer);
    expect(await verifyRun(fx.dir, publicKey)).toMatchObject({
      problems: [],
      outputs: 5,
      overrides: { total: 1, signed: 1 },
    });
  });

  it("with the key, an unsigned override or one signed by another key fails naming its line", async () => {
    await appendOverride(fx.logPath, 2, "In the board deck.", new Date(0));
    await appendOverride(fx.logPath, 3, "Also fine.", new Date(0), otherSigner);
    expect(await verifyRun(fx.dir)).toMatchObject({ problems: [], overrides: { total: 2, signed: 1 } });
    expect(await problems(publicKey)).toEqual([
      `${fx.logPath}: line 6 (seq 6): the override is not signed with mine.pub; anyone could have appended it`,
      `${fx.logPath}: line 7 (seq 7): the override is not signed with mine.pub; anyone could have appended it`,
      // The head was signed by the last signer, another key.
      `${file("redaction-log.head.json")}: made with another key than mine.pub`,
    ]);
  });

  it("a signature moved onto another override does not count", async () => {
    await appendOverride(fx.logPath, 2, "In the board deck.", new Date(0), signer);
    const sigs = await readFile(file("redaction-log.sig.jsonl"), "utf8");
    // The record swapped for one with another reason (re-chained): its hash no longer has a signature.
    const log = (await readFile(fx.logPath, "utf8")).trimEnd().split("\n");
    const forged = JSON.parse(log.at(-1)!);
    await writeFile(fx.logPath, `${log.slice(0, -1).join("\n")}\n`);
    await appendOverride(fx.logPath, 2, "Another reason.", new Date(1));
    expect(JSON.parse((await readFile(fx.logPath, "utf8")).trimEnd().split("\n").at(-1)!).hash).not.toBe(
      forged.hash,
    );
    await writeFile(file("redaction-log.sig.jsonl"), sigs);
    expect(await problems(publicKey)).toEqual([
      `${fx.logPath}: line 6 (seq 6): the override is not signed with mine.pub; anyone could have appended it`,
      `${file("redaction-log.head.json")}: record 6 is not the one the signed head names: the log was rewritten`,
    ]);
  });

  it("names a line of the signatures file that is not one", async () => {
    await appendOverride(fx.logPath, 2, "In the board deck.", new Date(0), signer);
    await appendFile(file("redaction-log.sig.jsonl"), "{oops\n");
    expect(await problems(publicKey)).toEqual([
      `${file("redaction-log.sig.jsonl")}: line 2: not an override signature`,
    ]);
  });
});
