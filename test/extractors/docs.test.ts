import { beforeAll, describe, expect, it } from "vitest";
import { findDocClaims, isDocFile, loadDocParser } from "../../extractors/docs.js";
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
