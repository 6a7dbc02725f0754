import { describe, expect, it } from "vitest";
import { chunkPlace, githubLink, githubRepo, placeOf } from "../../../../pipeline/audit/html/places.js";
import { COMMIT, chunk, truth } from "./evidence-fixture.js";

const book = { repos: truth.repos, chunks: new Map([[chunk.id, chunk]]), profileName: "profile.yaml" };

describe("githubRepo", () => {
  it.each([
    ["github:dana/payments", "dana/payments"],
    ["github:dana/payments@v2", "dana/payments"],
    ["github:dana/payments.git", "dana/payments"],
    ["github-user:dana", undefined],
    ["./payments", undefined],
    ["github:dana/pay ments", undefined],
  ])("%j → %j", (source, expected) => {
    expect(githubRepo(source)).toBe(expected);
  });
});

describe("githubLink", () => {
  it("pins the file and line to the run's commit, each path segment encoded", () => {
    expect(githubLink(truth.repos[0]!, "infra/eks cluster.tf", 21)).toBe(
      `https://github.com/dana/payments/blob/${COMMIT}/infra/eks%20cluster.tf#L21`,
    );
  });

  it.each([
    ["a local repository", truth.repos[1]!],
    ["a GitHub repository without a commit", { ...truth.repos[0]!, commit: undefined }],
    ["a commit that is not a hash", { ...truth.repos[0]!, commit: "main" }],
  ])("links nothing for %s", (_what, repo) => {
    expect(githubLink(repo, "a.ts", 1)).toBeUndefined();
  });
});

describe("placeOf", () => {
  it.each([
    [
      { source: "truth" as const, ref: "dana/payments/infra/eks cluster.tf:21", text: "resource" },
      {
        label: "dana/payments/infra/eks cluster.tf:21",
        href: `https://github.com/dana/payments/blob/${COMMIT}/infra/eks%20cluster.tf#L21`,
        quote: "resource",
      },
    ],
    [{ source: "truth" as const, ref: "ledger/package.json:12" }, { label: "ledger/package.json:12" }],
    [
      { source: "profile" as const, ref: "work[0].highlights[0]", text: "Cut" },
      { label: "profile.yaml#work[0].highlights[0]", quote: "Cut" },
    ],
    [
      { source: "fact" as const, ref: "c-openai" },
      {
        label: "dana/payments/docs/ai.md lines 3–9",
        href: `https://github.com/dana/payments/blob/${COMMIT}/docs/ai.md#L3`,
        quote: chunk.text,
      },
    ],
    [
      { source: "fact" as const, ref: "unknown-id", text: "t" },
      { label: "unknown-id", quote: "t" },
    ],
  ])("%j", (evidence, expected) => {
    expect(placeOf(evidence, book)).toEqual(expected);
  });

  it("names a one-line chunk by its line and cuts a long chunk to an excerpt", () => {
    const long = {
      ...chunk,
      repo: "ledger",
      path: "README.md",
      lines: [4, 4] as [number, number],
      text: "x ".repeat(300),
    };
    const place = chunkPlace(long, book);
    expect(place.label).toBe("ledger/README.md line 4");
    expect(place.href).toBeUndefined();
    expect(place.quote).toHaveLength(200);
    expect(place.quote!.endsWith("…")).toBe(true);
  });
});
