// Issue 26: a draft highlight ending in U+FFFE, or a vertical tab in the profile's label, made a DOCX Word
// cannot open. Every string of a draft here carries such a character: the run still writes DOCX files an
// XML parser reads whole, and each removal is a record that reverts.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { hasUnwritable } from "../../core/xml-text.js";
import { unwritableStrings } from "../../guards/characters/unwritable.js";
import { runCli } from "../helpers/cli.js";
import { readDocx } from "../helpers/docx.js";

const samples = resolve(import.meta.dirname, "../../samples");
const poisons = ["\uFFFE", "\u000B", "\u0001", "\uFFFF", "\u000C"];

/** Every string gets one, except those whose form the draft reader checks (dates, emails, URLs). */
function poison(value: unknown, key = "", at = { i: 0 }): unknown {
  if (typeof value === "string")
    return /date$|email|url/i.test(key) ? value : `${value}${poisons[at.i++ % poisons.length]}`;
  if (Array.isArray(value)) return value.map((item) => poison(item, key, at));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k, at)]));
  return value;
}

describe("characters a DOCX cannot hold", () => {
  it("are removed from every string of the draft with a record; both DOCX files open", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vouch-unwritable-"));
    const draft = poison(JSON.parse(readFileSync(join(samples, "drafts/fabricated.json"), "utf8")));
    writeFileSync(join(dir, "draft.json"), JSON.stringify(draft));
    const out = join(dir, "out");
    const run = await runCli([
      "generate",
      ...["--profile", join(samples, "profile.yaml"), "--job", join(samples, "jobs/platform-engineer.md")],
      ...["--writer", `scripted:${join(dir, "draft.json")}`, "--no-history", "--out", out],
    ]);
    expect(run.code).toBe(0);
    for (const file of ["resume.docx", "resume.review.docx"]) {
      const docx = readDocx(join(out, file));
      expect(docx.paragraphs[0]).toBe("Dana Reyes");
    }
    expect(unwritableStrings(JSON.parse(readFileSync(join(out, "resume.json"), "utf8")))).toEqual([]);
    expect(hasUnwritable(readFileSync(join(out, "resume.md"), "utf8"))).toBe(false);
    const log = readFileSync(join(out, "redaction-log.jsonl"), "utf8").trim().split("\n");
    const removed = log
      .map((line) => JSON.parse(line) as { rule: string; field: string })
      .filter((r) => r.rule === "unwritable-character");
    expect(removed.map((r) => r.field)).toContain("work[0].highlights[0]");
    expect(removed.length).toBeGreaterThan(20);
    expect((await runCli(["audit", out, "--verify"])).code).toBe(0);
    expect((await runCli(["audit", out, "--restore"])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, "resume.restored.json"), "utf8"))).toEqual(draft);
  });

  it("a vertical tab in the profile's label becomes a space, said on stderr", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vouch-unwritable-"));
    cpSync(samples, dir, { recursive: true });
    const profile = readFileSync(join(dir, "profile.yaml"), "utf8").replace(
      "label: Backend and Platform Engineer",
      'label: "Backend and\\vPlatform Engineer"',
    );
    expect(profile).toContain("\\v");
    writeFileSync(join(dir, "profile.yaml"), profile);
    const out = join(dir, "out");
    const run = await runCli([
      "generate",
      ...["--profile", join(dir, "profile.yaml"), "--job", join(samples, "jobs/platform-engineer.md")],
      ...["--no-history", "--out", out],
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "vouch: warning: profile.yaml: basics.label holds a vertical tab (Word's manual line break), which a DOCX cannot hold: read without it.",
    );
    const docx = readDocx(join(out, "resume.docx"));
    expect(docx.paragraphs).toContain("Backend and Platform Engineer");
  });
});
