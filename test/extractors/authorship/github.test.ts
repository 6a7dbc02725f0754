// Authorship of `github:` sources from the commits API, through the real Octokit client against the fake.
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceError } from "../../../core/errors.js";
import type { ExtractResult, Technology } from "../../../core/truth.js";
import { githubAuthors } from "../../../extractors/authorship/github.js";
import { candidateIdentity } from "../../../extractors/authorship/identity.js";
import { extract } from "../../../extractors/extract.js";
import { createGithubClient, snapshotGithubRepo } from "../../../extractors/sources/github.js";
import {
  fakeSha,
  fault,
  startFakeGithub,
  type FakeCommit,
  type FakeGithub,
  type FakeGithubScenario,
  type FakeRepo,
} from "../../fakes/github-server.js";

const DANA = { login: "dana-reyes", email: "dana@example.test", name: "Dana Reyes" };
const SAM = { login: "sam-okafor", email: "sam@example.test", name: "Sam Okafor" };

const sha = (label: string) => createHash("sha1").update(label).digest("hex");

/** Dana wrote the gRPC API and the chart; Sam the module file and the Redis cache. */
const RELAY: FakeRepo = {
  owner: "dana",
  name: "relay",
  files: {
    "go.mod":
      "module example.com/relay\n\ngo 1.22\n\nrequire (\n\tgithub.com/redis/go-redis/v9 v9.5.1\n\tgoogle.golang.org/grpc v1.62.0\n)\n",
    "pkg/api/grpc.go": 'package api\n\nimport "google.golang.org/grpc"\n\nvar _ = grpc.NewServer\n',
    "pkg/cache/redis.go":
      'package cache\n\nimport "github.com/redis/go-redis/v9"\n\nvar _ = redis.NewClient\n',
    "charts/app/Chart.yaml": "apiVersion: v2\nname: app\n",
  },
  commits: [
    {
      sha: sha("chart"),
      ...DANA,
      date: "2024-03-01T10:00:00Z",
      files: ["charts/app/Chart.yaml", "pkg/api/grpc.go"],
      previousFilenames: { "pkg/api/grpc.go": "api/grpc.go" },
    },
    { sha: sha("api"), ...DANA, date: "2023-06-15T10:00:00Z", files: ["api/grpc.go"] },
    { sha: sha("cache"), ...SAM, date: "2023-02-01T10:00:00Z", files: ["pkg/cache/redis.go", "go.mod"] },
    { sha: sha("init"), ...SAM, date: "2022-01-01T10:00:00Z", files: ["go.mod"] },
  ],
};
const RELAY_SHA = fakeSha(RELAY);

let fake: FakeGithub | undefined;

async function serve(scenario: FakeGithubScenario): Promise<FakeGithub> {
  fake = await startFakeGithub(scenario);
  return fake;
}

/** A client pointed at the fake, with waits shrunk so retries cost milliseconds. */
function clientFor(server: FakeGithub) {
  return createGithubClient({ baseUrl: server.url, retries: 2, retryUnitMs: 1, timeoutMs: 2_000 });
}

function authorsOf(server: FakeGithub, authors: string[], options = {}, client = clientFor(server)) {
  const identity = candidateIdentity(authors);
  return githubAuthors(client, "github:dana/relay", "dana", "relay", RELAY_SHA, identity, options);
}

/** The commits API requests the fake saw, by what they ask. */
function commitRequests(server: FakeGithub) {
  const urls = server.requests.map((r) => new URL(r.path, server.url));
  const lists = urls.filter((u) => u.pathname.endsWith("/commits"));
  return {
    counts: lists.filter((u) => !u.searchParams.has("author")),
    byAuthor: lists.filter((u) => u.searchParams.has("author") && !u.searchParams.has("path")),
    byPath: lists.filter((u) => u.searchParams.has("path")),
    // The snapshot's own ref lookup (`/commits/main`, bare-sha media type) is not one of these.
    details: urls.filter((u) => /\/commits\/[0-9a-f]{40}$/.test(u.pathname)),
  };
}

const tech = (truth: ExtractResult, id: string): Technology => {
  const found = truth.technologies.find((t) => t.id === id);
  if (!found) throw new Error(`${id} not in truth`);
  return found;
};

/** `count` commits by one person, one file each (`{prefix}{i}.go`), newest first from `newest`. */
function history(person: typeof DANA, count: number, prefix: string, newest: number): FakeCommit[] {
  return Array.from({ length: count }, (_, i) => ({
    sha: sha(`${prefix}${i}`),
    ...person,
    date: new Date(newest - i * 3_600_000).toISOString(),
    files: [`${prefix}${i}.go`],
  }));
}

/** The error a promise rejects with, so a test can check both its class and its sentence. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

beforeEach(() => {
  // The developer's own environment must not leak into what the fake sees.
  vi.stubEnv("GITHUB_TOKEN", "");
  vi.stubEnv("GITHUB_API_URL", "");
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await fake?.close();
  fake = undefined;
});

describe("extract github:… with --author", () => {
  const truthFor = (server: FakeGithub, authors: string[]) =>
    extract(["github:dana/relay"], { authors, githubApiUrl: server.url, history: false });

  it("gives the candidate what they wrote; a technology only others' files show is others-only", async () => {
    const server = await serve({ repos: [RELAY] });
    const truth = await truthFor(server, ["github:dana-reyes"]);

    expect(tech(truth, "grpc")).toMatchObject({
      status: "production",
      authored: { commits: 1, total: 1, first: "2024-03-01", last: "2024-03-01" },
    });
    expect(tech(truth, "helm")).toMatchObject({ status: "production" });
    expect(tech(truth, "redis")).toMatchObject({ status: "others-only", repositoryStatus: "production" });
    expect(tech(truth, "redis").authored).toBeUndefined();
    // No blame over REST: go.mod's dependency lines are attributed by the file, and Sam wrote it.
    const authorOf = (id: string, path: string) =>
      tech(truth, id).evidence.find((e) => e.path === path)?.author;
    expect(authorOf("grpc", "go.mod")).toBe("others");
    expect(authorOf("grpc", "pkg/api/grpc.go")).toBe("candidate");
    expect(authorOf("helm", "charts/app/Chart.yaml")).toBe("candidate");
    expect(authorOf("redis", "pkg/cache/redis.go")).toBe("others");
    expect(truth.repos[0]?.authorship).toEqual({
      verified: true,
      commits: 4,
      candidateCommits: 2,
      languages: { Go: Buffer.byteLength(RELAY.files!["pkg/api/grpc.go"]!) },
    });
    expect(truth.warnings).toEqual([]);

    // One count, one list, the two commits' details; every commit was read, so no path was asked about.
    const seen = commitRequests(server);
    expect(seen.counts.map((u) => u.search)).toEqual([`?sha=${RELAY_SHA}&per_page=1`]);
    expect(seen.byAuthor.map((u) => u.search)).toEqual([`?sha=${RELAY_SHA}&author=dana-reyes&per_page=100`]);
    expect(seen.details.map((u) => u.pathname.split("/").pop()).sort()).toEqual(
      [sha("chart"), sha("api")].sort(),
    );
    expect(seen.byPath).toEqual([]);
  });

  it("a login with no commits gets every technology others-only, without reading any commit", async () => {
    const server = await serve({ repos: [RELAY] });
    const truth = await truthFor(server, ["github:someone-else"]);

    expect(truth.technologies.length).toBeGreaterThan(0);
    expect(new Set(truth.technologies.map((t) => t.status))).toEqual(new Set(["others-only"]));
    expect(truth.technologies.flatMap((t) => t.evidence.map((e) => e.author))).not.toContain("candidate");
    expect(truth.repos[0]?.authorship).toEqual({
      verified: true,
      commits: 4,
      candidateCommits: 0,
      languages: {},
    });
    const seen = commitRequests(server);
    expect([seen.counts.length, seen.byAuthor.length, seen.details.length, seen.byPath.length]).toEqual([
      1, 1, 0, 0,
    ]);
  });

  it("fails on a rate limit with a ServiceError naming the source", async () => {
    const server = await serve({
      repos: [RELAY],
      faults: [fault.rateLimited("/repos/dana/relay/commits", 4_102_444_800)],
    });
    const error = await failure(truthFor(server, ["github:dana-reyes"]));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toMatch(/^github:dana\/relay: .*rate limit.*until 2100-01-01/);
  });
});

describe("githubAuthors", () => {
  it("pages through the candidate's commits, details the newest, and asks about the paths past them", async () => {
    const newest = Date.UTC(2024, 5, 1);
    const mine = history(DANA, 130, "mine/f", newest);
    const theirs = history(SAM, 5, "theirs/f", newest - 200 * 3_600_000);
    const server = await serve({ repos: [{ ...RELAY, commits: [...mine, ...theirs] }] });
    const authors = await authorsOf(server, ["github:dana-reyes"], {
      maxCommitDetails: 10,
      maxPathQueries: 3,
    });

    expect(authors).toMatchObject({ verified: true, commits: 135, candidateCommits: 130 });
    let seen = commitRequests(server);
    expect(seen.byAuthor.map((u) => u.searchParams.get("page"))).toEqual([null, "2"]);
    expect(seen.details).toHaveLength(10);
    // The ten newest were read in full before any question: they need none.
    expect([...authors.candidateFiles].sort()).toEqual(
      mine
        .slice(0, 10)
        .flatMap((c) => c.files)
        .sort(),
    );

    await authors.prepare([
      "mine/f0.go", // detailed
      "mine/f120.go", // the candidate's, past the details: asked, and theirs
      "theirs/f1.go", // asked: someone else's
      "go.mod", // asked: nobody's in this history
      "mine/f121.go", // past the bound of three questions
      "theirs/f2.go", // past the bound
    ]);
    seen = commitRequests(server);
    expect(seen.byPath.map((u) => u.searchParams.get("path")).sort()).toEqual([
      "go.mod",
      "mine/f120.go",
      "theirs/f1.go",
    ]);
    expect(seen.byPath.every((u) => u.searchParams.get("author") === "dana-reyes")).toBe(true);
    expect(seen.byPath.every((u) => u.searchParams.get("per_page") === "1")).toBe(true);
    expect(authors.fileAuthor("mine/f0.go")).toBe("candidate");
    expect(authors.fileAuthor("mine/f120.go")).toBe("candidate");
    expect(authors.fileAuthor("theirs/f1.go")).toBe("others");
    expect(authors.fileAuthor("mine/f121.go")).toBe("others");
    expect(authors.note).toBe("GitHub's commits API: 2 evidence files past the bound of 3 were not checked");

    // A second prepare of the same paths asks nothing again.
    const before = server.requests.length;
    await authors.prepare(["mine/f120.go", "theirs/f1.go", "go.mod"]);
    expect(server.requests).toHaveLength(before);

    // The span counts the detailed commits only: f120's is past them.
    expect(authors.span(["mine/f0.go", "mine/f3.go", "mine/f120.go"], [])).toEqual({
      commits: 2,
      total: 2,
      first: Math.floor((newest - 3 * 3_600_000) / 1000),
      last: Math.floor(newest / 1000),
    });
    expect(authors.span(["theirs/f1.go"], ["theirs/f1.go"])).toEqual({ commits: 0, total: 0 });
    expect(await authors.lineAuthor("mine/f0.go", 1, "package mine")).toBeUndefined();
  });

  it("stops at a thousand commits per login or email", async () => {
    const mine = history(DANA, 1_050, "mine/f", Date.UTC(2024, 5, 1));
    const server = await serve({ repos: [{ ...RELAY, commits: mine }] });
    const authors = await authorsOf(server, ["github:dana-reyes"], { maxCommitDetails: 0 });

    expect(authors).toMatchObject({ commits: 1_050, candidateCommits: 1_000 });
    expect(commitRequests(server).byAuthor).toHaveLength(10);
  });

  it("finds the candidate by email through the API's author filter, and counts a commit once", async () => {
    const unlinked = {
      sha: sha("laptop"),
      email: DANA.email,
      date: "2024-04-01T10:00:00Z",
      files: ["tools/gen.go"],
    };
    const server = await serve({ repos: [{ ...RELAY, commits: [unlinked, ...RELAY.commits!] }] });
    const authors = await authorsOf(server, [DANA.email, "github:dana-reyes"]);

    // The email finds the commit no GitHub account claims; the login finds the other two again.
    expect(authors).toMatchObject({ commits: 5, candidateCommits: 3 });
    expect(
      commitRequests(server)
        .byAuthor.map((u) => u.searchParams.get("author") ?? "")
        .sort(),
    ).toEqual(["dana-reyes", DANA.email]);
    expect(authors.fileAuthor("tools/gen.go")).toBe("candidate");
    expect(authors.fileAuthor("pkg/api/grpc.go")).toBe("candidate");
    // The renamed file's former path is the candidate's too.
    expect(authors.fileAuthor("api/grpc.go")).toBe("candidate");
    expect(authors.fileAuthor("go.mod")).toBe("others");
    expect(commitRequests(server).details).toHaveLength(3);
  });

  it("keeps at most four requests in flight", async () => {
    const mine = history(DANA, 12, "mine/f", Date.UTC(2024, 5, 1));
    const server = await serve({
      repos: [{ ...RELAY, commits: mine }],
      faults: [fault.hang(/^\/repos\/dana\/relay\/commits\/[0-9a-f]{40}$/)],
    });
    const pending = failure(authorsOf(server, ["github:dana-reyes"]));

    await vi.waitFor(() => expect(commitRequests(server).details).toHaveLength(4));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(commitRequests(server).details).toHaveLength(4);
    await server.close(); // ends the hanging requests
    fake = undefined;
    expect(await pending).toBeInstanceOf(ServiceError);
  });

  it("reads an empty repository's 409 as no commits", async () => {
    const server = await serve({
      repos: [RELAY],
      faults: [
        { path: "/repos/dana/relay/commits", status: 409, body: { message: "Git Repository is empty." } },
      ],
    });
    const authors = await authorsOf(server, ["github:dana-reyes"]);
    expect(authors).toMatchObject({ verified: true, commits: 0, candidateCommits: 0 });
    expect(authors.fileAuthor("go.mod")).toBe("others");
  });

  it("fails on a 500 that recurs, after the retries", async () => {
    const server = await serve({ repos: [RELAY], faults: [fault.serverError("/repos/dana/relay/commits")] });
    const error = await failure(authorsOf(server, ["github:dana-reyes"]));

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe(
      "github:dana/relay: GitHub answered HTTP 500 even after retries; try again later.",
    );
    // The count and the list, each tried three times (two retries).
    await vi.waitFor(() => expect(commitRequests(server).counts.length).toBe(3));
    await vi.waitFor(() => expect(commitRequests(server).byAuthor.length).toBe(3));
  });

  it("retries a 500 once and succeeds", async () => {
    const server = await serve({
      repos: [RELAY],
      faults: [fault.serverError("/repos/dana/relay/commits", 500, 1)],
    });
    const authors = await authorsOf(server, ["github:dana-reyes"]);

    expect(authors).toMatchObject({ commits: 4, candidateCommits: 2 });
    const seen = commitRequests(server);
    expect(seen.counts.length + seen.byAuthor.length).toBe(3);
  });

  it("answers a second call of the same client from memory", async () => {
    const server = await serve({ repos: [RELAY] });
    const client = clientFor(server);
    const snapshot = await snapshotGithubRepo(client, "github:dana/relay");
    const identity = candidateIdentity(["github:dana-reyes"]);
    const first = await snapshot.authorsFor!(identity);
    await first.prepare(["go.mod", "pkg/api/grpc.go"]);
    const before = server.requests.length;

    const again = await snapshot.authorsFor!(candidateIdentity(["github:Dana-Reyes"]));
    await again.prepare(["go.mod", "pkg/api/grpc.go"]);
    expect(again).toBe(first);
    expect(server.requests).toHaveLength(before);

    // Another candidate, or another client, asks again.
    await snapshot.authorsFor!(candidateIdentity(["github:sam-okafor"]));
    expect(server.requests.length).toBeGreaterThan(before);
    const asked = server.requests.length;
    await authorsOf(server, ["github:dana-reyes"]);
    expect(server.requests.length).toBeGreaterThan(asked);
  });
});
