// Imports run one way, core ← extractors ← guards ← pipeline ← server: the lint config fails the rest.
import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function problems(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from "${from}";\nexport const y = x;\n`, {
    filePath: resolve(root, file),
  });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layers", () => {
  it.each([
    ["core/a.ts", "../extractors/types.js"],
    ["core/a.ts", "../guards/types.js"],
    ["extractors/sources/a.ts", "../../pipeline/config.js"],
    ["extractors/a.ts", "../guards/types.js"],
    ["guards/numbers/a.ts", "../../pipeline/chunk.js"],
    ["guards/a.ts", "../server/chat.js"],
    ["pipeline/kb/a.ts", "../../server/app.js"],
  ])("%s may not import %s", async (file, from) => {
    const [message] = await problems(file, from);
    expect(message).toMatch(
      /may not import (extractors|guards|pipeline|server)\/: imports run core ← extractors/,
    );
  });

  it.each([
    ["extractors/a.ts", "../core/errors.js"],
    ["guards/a.ts", "../extractors/catalog.js"],
    ["pipeline/a.ts", "../guards/index.js"],
    ["server/a.ts", "../pipeline/index.js"],
    ["server/answers/a.ts", "../../pipeline/index.js"],
    ["pipeline/stages/a.ts", "../inputs/config.js"],
    ["guards/numbers/a.ts", "./types.js"],
  ])("%s may import %s", async (file, from) => {
    expect(await problems(file, from)).toEqual([]);
  });

  it.each([
    ["server/a.ts", "../pipeline/inputs/config.js", "pipeline"],
    ["server/answers/a.ts", "../../pipeline/stages/strategize.js", "pipeline"],
    ["pipeline/stages/a.ts", "../../guards/numbers/scan.js", "guards"],
    ["server/a.ts", "../guards/chain.js", "guards"],
  ])("%s may not reach past the front door to %s", async (file, from, door) => {
    expect(await problems(file, from)).toEqual([
      `'${from}' import is restricted from being used by a pattern. ${file.split("/")[0]}/ imports ${door}/ through its front door, ${door}/index.js: its other files are its own.`,
    ]);
  });

  it("holds the doors for a module loaded with import() too", async () => {
    const lint = async (from: string) => {
      const [result] = await eslint.lintText(`export const m = await import("${from}");\n`, {
        filePath: resolve(root, "server/a.ts"),
      });
      return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
    };
    expect(await lint("../pipeline/backends/index.js")).toEqual([
      "server/ loads pipeline/ through its front door, pipeline/index.js: its other files are its own.",
    ]);
    expect(await lint("../pipeline/index.js")).toEqual([]);
    expect(await lint("./model-answerer.js")).toEqual([]);
  });
});
