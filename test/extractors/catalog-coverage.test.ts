import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coverage, readNotTechnologies, readTopPackages } from "../../extractors/catalog-coverage.js";
import { Catalog, catalogDir, defaultCatalog } from "../../extractors/catalog.js";

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "vouch-coverage-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const tiny = new Catalog([
  { id: "babel", name: "Babel", category: "build-tool", keys: { npm: ["@babel/*"] } },
  { id: "requests", name: "Requests", category: "api", keys: { pypi: ["requests"] } },
]);

describe("readNotTechnologies", () => {
  const lists = readNotTechnologies(
    folder({
      "npm.yaml": 'utility: [chalk]\ntypes: ["@types/*"]\n',
      "pypi.yaml": "compatibility: [typing_extensions]\n",
      "go.yaml": "utility: [golang.org/x/crypto]\n",
    }),
  );

  it.each([
    [{ space: "npm", name: "chalk" }, ["utility"]],
    [{ space: "npm", name: "@types/node" }, ["types"]],
    [{ space: "pypi", name: "Typing-Extensions" }, ["compatibility"]],
    [{ space: "go", name: "golang.org/x/crypto/ssh" }, ["utility"]],
    [{ space: "pypi", name: "chalk" }, []],
    [{ space: "go", name: "golang.org/x/cryptography" }, []],
  ] as const)("matches %j as the catalog would: %j", (key, reasons) => {
    expect(lists.lookup(key)).toEqual(reasons);
  });

  it.each([
    ["lodash.yaml", "utility: [x]\n", /lodash\.yaml: the file's name is not a key space/],
    ["npm.yaml", "handy: [x]\n", /npm\.yaml/],
    ["npm.yaml", "utility: []\n", /npm\.yaml/],
    ["npm.yaml", "utility: [two words]\n", /a package name has no spaces/],
  ])("refuses %s holding %j, naming the file", (name, text, message) => {
    expect(() => readNotTechnologies(folder({ [name]: text }))).toThrow(message);
  });
});

describe("coverage", () => {
  it("says per package, in rank order, what the catalog and the lists make of it", () => {
    const lists = readNotTechnologies(folder({ "npm.yaml": "utility: [chalk]\n" }));
    const top = {
      ecosystem: "npm",
      origin: "o",
      ranking: "r",
      packages: ["@babel/core", "chalk", "left-pad"],
    };
    expect(coverage({ ...top, ecosystem: "npm" }, tiny, lists).packages).toEqual([
      { name: "@babel/core", technologies: ["babel"], notTechnology: [] },
      { name: "chalk", technologies: [], notTechnology: ["utility"] },
      { name: "left-pad", technologies: [], notTechnology: [] },
    ]);
  });

  it("refuses a snapshot with an unknown ecosystem or no packages, naming the file", () => {
    const dir = folder({ "bower.json": '{"ecosystem":"bower","origin":"o","ranking":"r","packages":["x"]}' });
    expect(() => readTopPackages(dir)).toThrow(/bower\.json/);
    const empty = folder({ "npm.json": '{"ecosystem":"npm","origin":"o","ranking":"r","packages":[]}' });
    expect(() => readTopPackages(empty)).toThrow(/npm\.json/);
  });
});

describe("the shipped catalog and each ecosystem's most-depended-on packages", async () => {
  const catalog = await defaultCatalog();
  const lists = readNotTechnologies(join(catalogDir(), "not-technologies"));
  const snapshots = readTopPackages(join(catalogDir(), "sources", "top-packages"));

  it("has a snapshot per package ecosystem the extractor reads", () => {
    expect(snapshots.map((s) => s.ecosystem).sort()).toEqual(
      expect.arrayContaining(["go", "maven", "npm", "pypi"]),
    );
  });

  it.each(snapshots.map((s) => [s.ecosystem, s] as const))(
    "%s: every package is a technology or listed as not one",
    (_, top) => {
      const unknown = coverage(top, catalog, lists).packages.filter(
        (p) => p.technologies.length === 0 && p.notTechnology.length === 0,
      );
      expect(unknown.map((p) => p.name)).toEqual([]);
    },
  );

  it("lists as not a technology no package a catalog entry answers to", () => {
    const both = lists.entries.flatMap((reason) =>
      Object.entries(reason.keys ?? {}).flatMap(([space, names]) =>
        (names ?? [])
          .filter((name) => !name.endsWith("*"))
          .filter((name) => catalog.lookup({ space: space as "npm", name }).length > 0)
          .map((name) => `${space}:${name} (${reason.id})`),
      ),
    );
    expect(both).toEqual([]);
  });
});

// A folder without lists is an empty ledger, not an error.
it("reads an empty not-technologies folder as no lists", () => {
  const dir = mkdtempSync(join(tmpdir(), "vouch-coverage-"));
  mkdirSync(join(dir, "none"));
  expect(readNotTechnologies(join(dir, "none")).entries).toEqual([]);
});
