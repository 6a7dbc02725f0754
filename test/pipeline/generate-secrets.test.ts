// A portfolio doc holding a secret: the run warns with file and line, never the value, and no output holds it.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-generate-secrets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("vouch generate on a portfolio doc that holds a secret", () => {
  it("warns naming file and line only, and no output holds the value", async () => {
    const password = "hunter2-Zq9!vX4#pL";
    writeFileSync(
      join(dir, "notes.md"),
      `# Payments\n\nBuilt the payments API in Go.\n\ndb_password = "${password}"\n`,
    );
    writeFileSync(
      join(dir, "profile.yaml"),
      [
        "basics: { name: Dana Reyes, label: Backend Engineer }",
        "work:",
        "  - { name: Acme, position: Engineer, startDate: 2020-01-01, highlights: [Built the payments API in Go] }",
        "skills: [{ name: Backend, keywords: [Go] }]",
        "portfolio: { docs: [notes.md] }",
        "",
      ].join("\n"),
    );
    writeFileSync(join(dir, "job.md"), "# Backend Engineer\n\n## Requirements\n\n- Go\n");
    const out = join(dir, "out");
    const run = await runCli([
      "generate",
      "--profile",
      join(dir, "profile.yaml"),
      "--job",
      join(dir, "job.md"),
      "--out",
      out,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `vouch: warning: ${join(dir, "notes.md")}:5: holds a secret (password-assignment); the line is left out of the knowledge base.\n`,
    );
    expect(run.stderr + run.stdout).not.toContain(password);
    for (const file of readdirSync(out)) expect(readFileSync(join(out, file)).includes(password)).toBe(false);
  });
});
