// Unknown --writer / --kb / --verifier / --mode values are a usage error (exit 2) listing the valid ones,
// on the command line as in the settings (config.test.ts): none falls back to a default silently.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { KB_CHOICE, WRITER_CHOICE, refusal } from "../../../pipeline/inputs/choices.js";
import { runCli } from "../../helpers/cli.js";

const samples = resolve(import.meta.dirname, "../../../samples");

describe("refusal", () => {
  it.each([
    [WRITER_CHOICE, "template", undefined],
    [WRITER_CHOICE, "bedrock", undefined],
    [WRITER_CHOICE, "openai", undefined],
    [WRITER_CHOICE, "scripted:draft.json", undefined],
    [WRITER_CHOICE, "gpt", "expected template, bedrock, openai or scripted:<file>"],
    [WRITER_CHOICE, "Template", "expected template, bedrock, openai or scripted:<file>"],
    [WRITER_CHOICE, "scripted", "scripted needs the draft's file: scripted:<file>"],
    [WRITER_CHOICE, "scripted:", "scripted needs the draft's file: scripted:<file>"],
    [WRITER_CHOICE, "", "expected template, bedrock, openai or scripted:<file>"],
    [WRITER_CHOICE, "template\nbedrock", "expected template, bedrock, openai or scripted:<file>"],
    [KB_CHOICE, "local", undefined],
    [KB_CHOICE, "bedrock:ABCDEFGHIJ", undefined],
    [KB_CHOICE, "weird", "expected local or bedrock:<knowledge base id>"],
    [KB_CHOICE, "bedrock", "a Bedrock knowledge base needs its id: bedrock:<knowledge base id>"],
    [KB_CHOICE, "bedrock:", "a Bedrock knowledge base needs its id: bedrock:<knowledge base id>"],
    [KB_CHOICE, "bedrock:../../etc", "expected local or bedrock:<knowledge base id>"],
    [KB_CHOICE, `bedrock:${"A".repeat(65)}`, "expected local or bedrock:<knowledge base id>"],
  ])("%#: %j", (choice, value, expected) => {
    expect(refusal(choice, value)).toBe(expected);
  });
});

describe("vouch generate refuses an unknown choice before reading anything", () => {
  const generate = (flag: string, value: string) => {
    const out = join(mkdtempSync(join(tmpdir(), "vouch-choices-")), "out");
    const args = ["generate", "--profile", join(samples, "profile.yaml"), "--job"];
    return runCli([...args, join(samples, "jobs/platform-engineer.md"), "--out", out, flag, value]).then(
      (run) => ({ ...run, out }),
    );
  };
  it.each([
    [
      "--writer",
      "gpt",
      "option '--writer <writer>' argument 'gpt' is invalid. Expected template, bedrock, openai or scripted:<file>.",
    ],
    [
      "--writer",
      "scripted",
      "option '--writer <writer>' argument 'scripted' is invalid. Scripted needs the draft's file: scripted:<file>.",
    ],
    [
      "--kb",
      "weird",
      "option '--kb <kb>' argument 'weird' is invalid. Expected local or bedrock:<knowledge base id>.",
    ],
    [
      "--kb",
      "bedrock",
      "option '--kb <kb>' argument 'bedrock' is invalid. A Bedrock knowledge base needs its id: bedrock:<knowledge base id>.",
    ],
    [
      "--verifier",
      "haiku",
      "option '--verifier <kind>' argument 'haiku' is invalid. Allowed choices are local, bedrock, openai, off.",
    ],
    [
      "--mode",
      "strict",
      "option '--mode <mode>' argument 'strict' is invalid. Allowed choices are block, warn.",
    ],
  ])("%s %s: exit 2 listing the valid values", async (flag, value, message) => {
    const run = await generate(flag, value);
    expect([run.code, run.stdout, run.stderr]).toEqual([2, "", `vouch: ${message}\n`]);
    expect(readdirSync(join(run.out, ".."))).toEqual([]);
  });

  it("a bad VOUCH_WRITER is exit 2 naming the variable", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "vouch-choices-")), "out");
    const args = ["generate", "--profile", join(samples, "profile.yaml"), "--job"];
    const run = await runCli([...args, join(samples, "jobs/platform-engineer.md"), "--out", out], {
      VOUCH_WRITER: "gpt",
    });
    expect([run.code, run.stderr]).toEqual([
      2,
      "vouch: VOUCH_WRITER=gpt: expected template, bedrock, openai or scripted:<file>.\n",
    ]);
  });
});
