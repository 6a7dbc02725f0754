import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { extract } from "../../extractors/extract.js";
import { markStaleClaims } from "../../extractors/stale.js";
import type { DocClaim, Evidence } from "../../core/truth.js";
import { testCatalog } from "../helpers/catalog.js";

const catalog = testCatalog();
const eks: Evidence = {
  repo: "infra",
  path: "terraform/eks.tf",
  line: 1,
  kind: "production",
  via: "iac",
  detail: 'resource "aws_eks_cluster" "main"',
};
const pg: Evidence = {
  repo: "infra",
  path: "terraform/rds.tf",
  line: 3,
  kind: "production",
  via: "iac",
  detail: 'engine = "postgres"',
};
const pgWeb: Evidence = { ...pg, repo: "web", path: "package.json" };
const production: Record<string, Evidence[]> = {
  "web\0postgresql": [pgWeb],
  "infra\0amazon-eks": [eks],
  "infra\0postgresql": [pg],
};
const testOnly = new Set(["infra\0sqlite"]);
const lookup = {
  production: (repo: string, tech: string) => production[`${repo}\0${tech}`] ?? [],
  seen: (repo: string, tech: string) => `${repo}\0${tech}` in production || testOnly.has(`${repo}\0${tech}`),
};

function claim(technology: string, text: string, line = 1, repo = "infra"): DocClaim {
  return { repo, path: "README.md", line, technology, text, stale: false };
}

describe("markStaleClaims", () => {
  it.each([
    ["a competitor has production evidence", claim("mysql", "Orders are stored in MySQL."), true, [pg]],
    ["kubeadm against aws_eks_cluster", claim("self-hosted-kubernetes", "Runs on kubeadm."), true, [eks]],
    [
      "the technology itself is in production",
      claim("postgresql", "Orders live in Postgres."),
      false,
      undefined,
    ],
    ["no competitor in production", claim("openai", "Summaries by OpenAI."), false, undefined],
    ["the claim is in another repository", claim("mysql", "Uses MySQL.", 1, "other"), false, undefined],
    ["the line tells history", claim("mysql", "We migrated from MySQL last year."), false, undefined],
    ["the line tells history (replaced)", claim("mysql", "MySQL was replaced."), false, undefined],
    [
      "schema migrations are not history",
      claim("mysql", "Orders live in MySQL 8; migrations run at deploy."),
      true,
      [pg],
    ],
    [
      "the line only mentions it (mention is not use)",
      claim("mysql", "We evaluated MySQL before choosing Postgres."),
      false,
      undefined,
    ],
    [
      "a rival the line only mentions does not excuse the claim",
      claim("self-hosted-kubernetes", "Runs on kubeadm rather than EKS."),
      true,
      [eks],
    ],
    ["the claimed technology is seen in tests", claim("sqlite", "Tests run on SQLite."), false, undefined],
    [
      "the same claim where SQLite is seen nowhere",
      claim("sqlite", "Data lives in SQLite.", 1, "web"),
      true,
      [pgWeb],
    ],
  ])("%s", (_name, input, stale, contradictedBy) => {
    const [out] = markStaleClaims([input], lookup, catalog);
    expect(out!.stale).toBe(stale);
    expect(out!.contradictedBy).toEqual(contradictedBy);
  });

  it("does not flag a line that also names the contradicting technology", () => {
    const line = "Moving MySQL data into PostgreSQL";
    const out = markStaleClaims([claim("mysql", line), claim("postgresql", line)], lookup, catalog);
    expect(out.map((c) => c.stale)).toEqual([false, false]);
  });

  it("does not mutate its input", () => {
    const input = Object.freeze(claim("mysql", "Uses MySQL."));
    const [out] = markStaleClaims([input], lookup, catalog);
    expect(out).not.toBe(input);
    expect(input.stale).toBe(false);
  });
});

describe("markStaleClaims: datastores compete as the primary database (issue 14)", () => {
  const mongoPgx = fileURLToPath(new URL("../fixtures/repos/roles-mongo-vs-pgx", import.meta.url));
  const library = fileURLToPath(new URL("../fixtures/repos/roles-library-supports", import.meta.url));

  it("gives document, relational and wide-column primaries one role, and caches another", async () => {
    const shipped = await defaultCatalog();
    expect(shipped.competitors("mongodb")).toEqual(
      expect.arrayContaining(["postgresql", "mysql", "cassandra"]),
    );
    expect(shipped.competitors("postgresql")).toEqual(expect.arrayContaining(["mongodb", "couchbase"]));
    expect(shipped.competitors("redis")).not.toContain("postgresql");
    expect(shipped.competitors("postgresql")).not.toContain("redis");
    // Wire-compatible databases are reached through their model's drivers: no rivalry to claim.
    expect(shipped.competitors("cockroachdb")).toEqual([]);
    // Managed datastores of every model compete too: a README naming DynamoDB while the code uses
    // PostgreSQL is as stale as one naming MongoDB.
    for (const managed of [
      "amazon-dynamodb",
      "azure-cosmos-db",
      "google-cloud-firestore",
      "google-cloud-spanner",
    ]) {
      expect(shipped.competitors(managed)).toEqual(expect.arrayContaining(["postgresql", "mongodb"]));
    }
    expect(shipped.competitors("postgresql")).not.toContain("cockroachdb");
  });

  it("flags MongoDB in the README while the code reaches PostgreSQL through pgx; Redis as a cache is no conflict", async () => {
    const truth = await extract([mongoPgx], { history: false });
    const claims = truth.docClaims.map((c) => [c.line, c.technology, c.stale]);
    expect(claims).toEqual([
      [3, "mongodb", true],
      [5, "redis", false],
    ]);
    const stale = truth.docClaims.find((c) => c.technology === "mongodb")!;
    expect(stale.contradictedBy!.map((e) => [e.path, e.line, e.via])).toEqual([
      ["go.mod", 5, "manifest"],
      ["main.go", 7, "import"],
      // The connection string's scheme names PostgreSQL too.
      ["main.go", 11, "import"],
    ]);
  });

  it("makes no claims, stale or not, of what a library lists as supported", async () => {
    const truth = await extract([library], { history: false });
    expect(truth.docClaims.map((c) => [c.technology, c.stale])).toEqual([["nextjs", false]]);
  });
});
