// Like ESLint's checkRuleFiles: a guard must have its module, its test file and its place in the chain.
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { GUARDS, buildContext } from "../../guards/index.js";
import { guardString } from "../../guards/run-string.js";
import { type Guard, GUARD_IDS } from "../../guards/types.js";

const root = resolve(import.meta.dirname, "../..");
const catalog = await defaultCatalog();

async function exportedGuards(): Promise<{ file: string; guard: Guard }[]> {
  // index.ts is the front door: it re-exports the guards, each of which lives in its own module.
  const found: { file: string; guard: Guard }[] = [];
  for (const file of readdirSync(join(root, "guards")).filter((f) => f.endsWith(".ts") && f !== "index.ts")) {
    const module = (await import(join(root, "guards", file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const candidate = value as Partial<Guard> | undefined;
      if (candidate?.meta?.id && (candidate.checkText || candidate.checkMatches || candidate.checkDraft))
        found.push({ file, guard: candidate as Guard });
    }
  }
  return found;
}

describe("the guard chain", () => {
  it("runs the five guards in order: record-provenance first after writing, pre-writer guards on matches", () => {
    expect(GUARDS.map((g) => g.meta.id)).toEqual([
      "record-provenance",
      "vendor-provenance",
      "code-truth",
      "claim-net",
      "number-provenance",
    ]);
    expect(GUARDS.map((g) => g.meta.id)).toEqual([...GUARD_IDS]);
  });

  it("falls back on the writer's own words: no figure is redacted in text that claim-net replaces", () => {
    const context = buildContext({ catalog, profile: { basics: { name: "Ada" } } });
    const target = {
      field: "work[0].highlights[0]",
      text: "Cut costs by 38% with Snowflake",
      role: "prose" as const,
      original: "Cut costs by 23% with nightly batch jobs",
    };
    const result = guardString(target, GUARDS, context);
    expect(result.text).toBe(target.original);
    expect(result.records.map((r) => [r.guard, r.action, r.original, r.replacement])).toEqual([
      ["claim-net", "fallback", "Cut costs by 38% with Snowflake", target.original],
    ]);
  });

  it.each(GUARDS.map((g) => [g.meta.id, g] as const))(
    "%s has a module, a test file and documented messages",
    (id, guard) => {
      expect(existsSync(join(root, "guards", `${id}.ts`))).toBe(true);
      expect(existsSync(join(root, "test", "guards", `${id}.test.ts`))).toBe(true);
      expect(guard.meta.description.length).toBeGreaterThan(20);
      expect(Object.keys(guard.meta.messages).length).toBeGreaterThan(0);
      for (const [messageId, template] of Object.entries(guard.meta.messages)) {
        expect(messageId).toMatch(/^[a-z][a-z0-9-]*$/);
        expect(template.length).toBeGreaterThan(10);
      }
    },
  );

  it("marks the guards that read the code-derived truth, which text composed from it skips", () => {
    expect(GUARDS.filter((g) => g.meta.readsTruth).map((g) => g.meta.id)).toEqual([
      "vendor-provenance",
      "code-truth",
    ]);
  });

  it("leaves no guard module out of the chain", async () => {
    for (const { file, guard } of await exportedGuards()) {
      expect(GUARDS, `${file} exports guard ${guard.meta.id}, which is not in guards/index.ts`).toContain(
        guard,
      );
      expect(file).toBe(`${guard.meta.id}.ts`);
    }
  });
});
