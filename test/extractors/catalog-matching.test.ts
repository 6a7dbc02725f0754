import { describe, expect, it } from "vitest";
import { Catalog, npmPackageName, normalizePypi } from "../../extractors/catalog.js";
import type { DetectionKey } from "../../extractors/types.js";
import { testCatalog, testEntries } from "../helpers/catalog.js";

const catalog = testCatalog();

describe("Catalog.lookup", () => {
  const cases: [DetectionKey, string[]][] = [
    [{ space: "npm", name: "pg" }, ["postgresql"]],
    [{ space: "npm", name: "PG" }, ["postgresql"]],
    [{ space: "npm", name: "pg/lib/client" }, ["postgresql"]],
    [{ space: "npm", name: "aws-cdk-lib/aws-eks" }, ["amazon-eks-cdk"]],
    [{ space: "npm", name: "@aws-sdk/client-s3" }, ["aws-sdk-s3"]],
    [{ space: "npm", name: "@aws-sdk/client-s3/dist/x" }, ["aws-sdk-s3"]],
    [{ space: "pypi", name: "Psycopg2_Binary" }, ["psycopg"]],
    [{ space: "pypi", name: "psycopg2.binary" }, ["psycopg"]],
    [{ space: "terraform-resource", name: "aws_eks_cluster" }, ["amazon-eks"]],
    [{ space: "terraform-resource", name: "aws_eks_node_group" }, ["amazon-eks"]],
    [{ space: "go", name: "github.com/aws/aws-sdk-go-v2/service/s3/types" }, ["aws-sdk-s3"]],
    [{ space: "go", name: "github.com/aws/aws-sdk-go-v2/service/s3x" }, []],
    [{ space: "import:java", name: "software.amazon.awssdk.services.s3.S3Client" }, ["aws-sdk-s3"]],
    [{ space: "import:java", name: "software.amazon.awssdk.services.s3control.X" }, []],
    [{ space: "import:python", name: "openai.types.chat" }, ["openai"]],
    [{ space: "db-engine", name: "postgres" }, ["postgresql"]],
    [{ space: "npm", name: "left-pad" }, []],
    [{ space: "pypi", name: "pg" }, []],
  ];
  it.each(cases)("%j → %j", (key, ids) => {
    expect(catalog.lookup(key)).toEqual(ids);
  });
});

describe("Catalog.findMentions", () => {
  const cases: [string, string[]][] = [
    [
      "We run on self-hosted Kubernetes (kubeadm) with Postgres.",
      ["self-hosted-kubernetes", "self-hosted-kubernetes", "postgresql"],
    ],
    ["Deployed to Amazon EKS; K8s manifests live in deploy/.", ["amazon-eks", "kubernetes"]],
    ["go to the store", []],
    ["Built in Go and Golang", ["go", "go"]],
    ["Node.js 20 and Node", ["nodejs", "nodejs"]],
    ["a .NET 8 service", ["dotnet"]],
    ["PostgreSQLish is not a product", []],
    ["postgresql, MYSQL", ["postgresql", "mysql"]],
    ["", []],
  ];
  it.each(cases)("%s", (text, ids) => {
    expect(catalog.findMentions(text).map((m) => m.id)).toEqual(ids);
  });

  it("reports exact places", () => {
    const text = "Uses Amazon EKS.";
    const [m] = catalog.findMentions(text);
    expect(m).toEqual({ id: "amazon-eks", start: 5, end: 15, matched: "Amazon EKS" });
    expect(text.slice(m!.start, m!.end)).toBe("Amazon EKS");
  });

  it("reads names as the guards read them, and reports them as written", () => {
    const text = "Ｐｏｓｔｇｒｅｓ and Kuber\u00adnetes on Amazon\u200b EKS";
    const found = catalog.findMentions(text);
    expect(found.map((m) => [m.id, m.matched])).toEqual([
      ["postgresql", "Ｐｏｓｔｇｒｅｓ"],
      ["kubernetes", "Kuber\u00adnetes"],
      ["amazon-eks", "Amazon\u200b EKS"],
    ]);
    for (const m of found) expect(text.slice(m.start, m.end)).toBe(m.matched);
    expect(catalog.firstMentions(text).map((m) => m.matched)).toEqual(found.map((m) => m.matched));
  });

  it("never reports entries with text: none", () => {
    expect(catalog.findMentions("EKS construct")).toEqual([
      { id: "amazon-eks", start: 0, end: 3, matched: "EKS" },
    ]);
  });
});

describe("Catalog", () => {
  it("knows competitors by role", () => {
    expect(catalog.competitors("amazon-eks")).toEqual(["self-hosted-kubernetes"]);
    expect(catalog.competitors("postgresql")).toEqual(["sqlite", "mysql"]);
    expect(catalog.competitors("kubernetes")).toEqual([]);
  });

  it("rejects duplicate ids", () => {
    expect(() => new Catalog([...testEntries, testEntries[0]!])).toThrow(/duplicate id "postgresql"/);
  });

  it("normalises names", () => {
    expect(normalizePypi("Foo__Bar.baz")).toBe("foo-bar-baz");
    expect(npmPackageName("@scope/name/sub/path")).toBe("@scope/name");
    expect(npmPackageName("name/sub")).toBe("name");
  });
});
