import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { findDocClaims, isDocFile, isTranslation, loadDocParser } from "../../extractors/docs.js";
import { testCatalog } from "../helpers/catalog.js";

const catalog = testCatalog();
beforeAll(loadDocParser);

describe("isDocFile", () => {
  it.each([
    ["README.md", true],
    ["docs/architecture.md", true],
    ["services/api/README.rst", true],
    ["README.txt", true],
    ["notes.txt", false],
    ["CHANGELOG.md", false],
    ["release-notes.md", false],
    ["docs/HISTORY.md", false],
    ["LICENSE.md", false],
    ["src/index.ts", false],
  ])("%s → %s", (path, expected) => {
    expect(isDocFile(path)).toBe(expected);
  });
});

describe("findDocClaims", () => {
  it("finds technologies in prose, inline code and code blocks with exact lines", () => {
    const text = [
      "# Orders platform", // 1
      "", // 2
      "The platform runs on a self-hosted Kubernetes cluster provisioned with `kubeadm`.", // 3
      "Orders are stored in MySQL.", // 4
      "", // 5
      "```bash", // 6
      "kubectl apply -f k8s/", // 7
      "psql postgres://localhost/orders", // 8
      "```", // 9
      "<!-- MySQL in a comment is not a claim -->", // 10
      "[docs](https://example.com/postgres)", // 11
      "- [Run the demo on EKS](https://example.com/blog)", // 12
    ].join("\n");
    const claims = findDocClaims("infra", "README.md", text, catalog);
    expect(claims.map((c) => [c.line, c.technology])).toEqual([
      [3, "self-hosted-kubernetes"],
      [4, "mysql"],
      [7, "kubernetes"],
      [8, "postgresql"],
    ]);
    expect(claims[1]).toEqual({
      repo: "infra",
      path: "README.md",
      line: 4,
      technology: "mysql",
      text: "Orders are stored in MySQL.",
      stale: false,
    });
  });

  // A paragraph whose source names no technology is not parsed (speed): these must still be found.
  it.each([
    ["a name spelt with an entity", "Orders live in &#77;ySQL.", [[1, "mysql"]]],
    ["a name hidden by a soft hyphen", "Orders live in My\u00adSQL.", [[1, "mysql"]]],
    [
      "a name in a code span after plain prose",
      "Intro.\n\nThen `MySQL` runs.\n\nNothing here.",
      [[3, "mysql"]],
    ],
    ["a name across emphasis is no name", "Orders live in My*SQL*.", []],
    ["paragraphs without names", "One paragraph.\n\nAnother one, **bold**.\n", []],
  ])("%s", (_name, text, expected) => {
    expect(findDocClaims("r", "a.md", text, catalog).map((c) => [c.line, c.technology])).toEqual(expected);
  });

  it("finds a name a backslash escape spells (Node\\.js), in a paragraph otherwise without names", async () => {
    const shipped = await defaultCatalog();
    const text = "Runs on Node\\.js.\n\nNothing else.";
    expect(findDocClaims("r", "a.md", text, shipped).map((c) => [c.line, c.technology])).toEqual([
      [1, "nodejs"],
    ]);
  });

  it("keeps line numbers across multi-line paragraphs and lists", () => {
    const text = "Intro line\nsecond line with Postgres\n\n- item one\n- item on EKS\n";
    expect(findDocClaims("r", "docs/a.md", text, catalog).map((c) => [c.line, c.technology])).toEqual([
      [2, "postgresql"],
      [5, "amazon-eks"],
    ]);
  });

  it("counts lines inside code spans and across multi-line link targets", () => {
    const text = [
      "Run `psql", // 1
      "  --host db` against MySQL.", // 2
      "See [the guide](https://example.com/guide", // 3
      "'a title", // 4
      "on two lines') before EKS.", // 5
      "``` `` ```", // 6
      "`` `MySQL` ``", // 7
    ].join("\n");
    expect(findDocClaims("r", "a.md", text, catalog).map((c) => [c.line, c.technology])).toEqual([
      [2, "mysql"],
      [5, "amazon-eks"],
      [7, "mysql"],
    ]);
  });

  it("skips link text of every kind, image descriptions, HTML and definitions, but reads text between tags", () => {
    const text = [
      "[MySQL][db] and [EKS] and <https://postgres.example.com>", // 1
      "[Postgres](javascript:void(0)) ![MySQL logo](mysql.png)", // 2
      "", // 3
      "<div>", // 4
      "Postgres in an HTML block", // 5
      "</div>", // 6
      "", // 7
      "Runs on <b>EKS</b> with *MySQL* &amp; **Postgres**.", // 8
      "", // 9
      "[db]: https://mysql.example.com 'MySQL docs'", // 10
      "[eks]: https://eks.example.com", // 11
    ].join("\n");
    expect(findDocClaims("r", "a.md", text, catalog).map((c) => [c.line, c.technology])).toEqual([
      [8, "amazon-eks"],
      [8, "mysql"],
      [8, "postgresql"],
    ]);
  });

  it("reads front matter, headings and nested blocks, and survives pathological nesting", () => {
    const text = "---\ntitle: MySQL\n---\n\n> - item on EKS\n>   ```\n>   psql\n>   ```\n";
    expect(findDocClaims("r", "a.md", text, catalog).map((c) => [c.line, c.technology])).toEqual([
      [2, "mysql"],
      [5, "amazon-eks"],
    ]);
    const deep = `${"> ".repeat(3_000)}MySQL\n${"[".repeat(20_000)}${"_".repeat(20_000)}`;
    expect(() => findDocClaims("r", "a.md", deep, catalog)).not.toThrow();
  });

  it("reads non-Markdown docs line by line", () => {
    const text = "Title\n=====\n\nUses MySQL and EKS.\n";
    expect(findDocClaims("r", "README.rst", text, catalog).map((c) => [c.line, c.technology])).toEqual([
      [4, "amazon-eks"],
      [4, "mysql"],
    ]);
  });

  it("claims nothing from a sentence that only mentions a technology (mention is not use)", () => {
    const text = [
      "# Storage", // 1
      "", // 2
      "We evaluated MySQL and **SQLite** before standardising on Postgres.", // 3
      "The orders service no longer uses `MySQL`;", // 4
      "it runs on EKS.", // 5
      "", // 6
      "- Migrated from MySQL to Postgres in 2022", // 7
      "- Plan to adopt [OpenAI](https://openai.com) and K8s next year", // 8
      "- Runs on Kubernetes, not kubeadm", // 9
      "", // 10
      "```sh", // 11
      "# we never used MySQL here", // 12
      "psql postgres://localhost/orders", // 13
      "```", // 14
    ].join("\n");
    expect(findDocClaims("r", "README.md", text, catalog).map((c) => [c.line, c.technology])).toEqual([
      [3, "postgresql"],
      [5, "amazon-eks"],
      [7, "postgresql"],
      [9, "kubernetes"],
      [13, "postgresql"],
    ]);
  });

  it("reads cues in non-Markdown docs across the lines of a sentence", () => {
    const text = "Title\n=====\n\nWe compared MySQL with\nSQLite. Production uses\r\nPostgres.\n";
    expect(findDocClaims("r", "README.rst", text, catalog).map((c) => [c.line, c.technology])).toEqual([
      [6, "postgresql"],
    ]);
  });

  it("handles CRLF, empty and odd input", () => {
    expect(findDocClaims("r", "a.md", "", catalog)).toEqual([]);
    expect(findDocClaims("r", "a.md", "one\r\ntwo MySQL\r\n", catalog).map((c) => c.line)).toEqual([2]);
    expect(findDocClaims("r", "a.md", "<<<>>> ``` unclosed", catalog)).toEqual([]);
  });
});

describe("findDocClaims: what a library supports is no claim (issue 14)", () => {
  const claimsOf = (text: string, path = "README.md") =>
    findDocClaims("r", path, text, catalog).map((c) => [c.line, c.technology]);

  it.each([
    "Works with PostgreSQL, MySQL and SQLite.",
    "- Works with PostgreSQL, MySQL, SQLite",
    "Compatible with MySQL and PostgreSQL.",
    "Integrations for MySQL and PostgreSQL.",
    "It integrates with PostgreSQL.",
    "Supported databases: PostgreSQL, MySQL.",
    "Supports PostgreSQL and MySQL out of the box.",
    "Adapters for PostgreSQL and SQLite.",
    "PostgreSQL and MySQL are supported.",
  ])("%j", (text) => {
    expect(claimsOf(text)).toEqual([]);
  });

  it("keeps claims of use in the same paragraph", () => {
    expect(claimsOf("Supports OAuth login and stores sessions in PostgreSQL.")).toEqual([[1, "postgresql"]]);
    expect(claimsOf("Orders live in PostgreSQL, supported by nightly backups to EKS.")).toEqual([
      [1, "amazon-eks"],
      [1, "postgresql"],
    ]);
    expect(claimsOf("Works with any database. Production runs on PostgreSQL.")).toEqual([[1, "postgresql"]]);
  });

  it("skips the section under a support heading, up to the next heading of its level", () => {
    const text = [
      "# lib", // 1
      "## Supported databases", // 2
      "- PostgreSQL", // 3
      "### MySQL notes", // 4
      "MySQL needs utf8mb4.", // 5
      "## Integrations", // 6
      "- EKS", // 7
      "## Deployment", // 8
      "Runs on EKS.", // 9
    ].join("\n");
    expect(claimsOf(text)).toEqual([[9, "amazon-eks"]]);
  });

  it("skips the list after a support lead-in, and only that list", () => {
    const text = [
      "It works with:", // 1
      "", // 2
      "- PostgreSQL", // 3
      "- MySQL", // 4
      "", // 5
      "Orders are stored in:", // 6
      "", // 7
      "- PostgreSQL", // 8
    ].join("\n");
    expect(claimsOf(text)).toEqual([[8, "postgresql"]]);
  });

  it("reads the same cues in non-Markdown docs", () => {
    expect(claimsOf("Works with PostgreSQL and MySQL.\nData lives in SQLite.\n", "README.rst")).toEqual([
      [2, "sqlite"],
    ]);
  });

  it("makes no Echo claim of the echo service (test/fixtures/repos/roles-library-supports)", async () => {
    const shipped = await defaultCatalog();
    const path = fileURLToPath(
      new URL("../fixtures/repos/roles-library-supports/README.md", import.meta.url),
    );
    const claims = findDocClaims("r", "README.md", readFileSync(path, "utf8"), shipped);
    expect(claims.map((c) => c.technology)).toEqual(["nextjs"]);
    for (const text of [
      "Echo backend URL defaults to the local mock.",
      "Echo server listens on :8080.",
      "The server echos the request back.",
    ]) {
      expect(findDocClaims("r", "README.md", text, shipped)).toEqual([]);
    }
    expect(
      findDocClaims("r", "README.md", "The API is built with Echo.", shipped).map((c) => c.technology),
    ).toEqual(["echo"]);
    expect(
      findDocClaims("r", "README.md", "Echo v4 serves the API.", shipped).map((c) => c.technology),
    ).toEqual(["echo"]);
  });
});

describe("isTranslation", () => {
  const paths = new Set([
    "docs/en/docs/index.md",
    "docs/es/docs/index.md",
    "docs/zh-hant/docs/index.md",
    "docs/es/docs/only-in-spanish.md",
    "i18n/de/guide.md",
    "README.md",
  ]);
  const exists = (path: string) => paths.has(path);

  it.each([
    ["docs/es/docs/index.md", true],
    ["docs/zh-hant/docs/index.md", true],
    ["docs/en/docs/index.md", false],
    // No English original to read instead: the translation is the only copy.
    ["docs/es/docs/only-in-spanish.md", false],
    ["i18n/de/guide.md", false],
    ["README.md", false],
  ])("%s → %s", (path, expected) => {
    expect(isTranslation(path, exists)).toBe(expected);
  });
});
