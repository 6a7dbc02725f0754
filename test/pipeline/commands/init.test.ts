import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { runCli } from "../../helpers/cli.js";

const SAMPLE = join(import.meta.dirname, "../../fixtures/json-resume/sample.resume.json");

describe("vouch init", () => {
  it("writes a starter profile naming the schema, which vouch reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vouch-init-"));
    const out = join(dir, "profile.yaml");
    const run = await runCli(["init", "--out", out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`wrote ${out}`);
    const text = readFileSync(out, "utf8");
    expect(text.split("\n")[0]).toMatch(/^# yaml-language-server: \$schema=.*schema\/profile\.schema\.json$/);
    const schemaPath = join(dir, text.split("\n")[0]!.split("$schema=")[1]!);
    expect(existsSync(schemaPath)).toBe(true);
    expect(parse(text).portfolio).toEqual({ repos: [], docs: [] });
    expect((await readProfile(out)).profile.basics?.name).toBe("Your Name");
  });

  it("--from keeps every field of a JSON Resume file and adds the portfolio key", async () => {
    const out = join(mkdtempSync(join(tmpdir(), "vouch-init-")), "richard.yaml");
    expect((await runCli(["init", "--from", SAMPLE, "--out", out])).code).toBe(0);
    const { $schema: _schema, ...resume } = JSON.parse(readFileSync(SAMPLE, "utf8"));
    const written = parse(readFileSync(out, "utf8"));
    expect(written).toEqual({ ...resume, portfolio: { repos: [], docs: [] } });
  });

  it("never overwrites, and names a bad field of the resume by its line", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vouch-init-"));
    const out = join(dir, "profile.yaml");
    writeFileSync(out, "mine\n");
    const refused = await runCli(["init", "--out", out]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${out} already exists: vouch init never overwrites a file`);
    expect(readFileSync(out, "utf8")).toBe("mine\n");
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{\n  "work": [\n    { "startDate": "2021-13" }\n  ]\n}\n');
    const run = await runCli(["init", "--from", bad, "--out", join(dir, "new.yaml")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bad\.json: line 3.*work\[0\]\.startDate/);
    expect(existsSync(join(dir, "new.yaml"))).toBe(false);
  });
});
