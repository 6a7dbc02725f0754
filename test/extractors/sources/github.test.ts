import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createGithubClient,
  listUserRepos,
  parseGithubSource,
  snapshotGithubRepo,
  snapshotGithubSource,
  type GithubClientOptions,
} from "../../../extractors/sources/github.js";
import { InputError, ServiceError } from "../../../core/errors.js";
import {
  fakeSha,
  fault,
  startFakeGithub,
  type FakeGithub,
  type FakeGithubScenario,
  type FakeRepo,
} from "../../fakes/github-server.js";

const APP: FakeRepo = {
  owner: "octo",
  name: "app",
  files: {
    "package.json": '{ "dependencies": { "pg": "^8.11.0" } }\n',
    "src/index.ts": "import pg from 'pg';\n",
    "docs/README.md": "# App\n",
  },
  refs: { "feature/x": "f".repeat(40), "v1.0.0": "a".repeat(40) },
};

let fake: FakeGithub | undefined;

async function serve(scenario: FakeGithubScenario): Promise<FakeGithub> {
  fake = await startFakeGithub(scenario);
  return fake;
}

/** A client pointed at the fake, with waits shrunk so retries cost milliseconds. */
function clientFor(server: FakeGithub, options: GithubClientOptions = {}) {
  return createGithubClient({
    baseUrl: server.url,
    retries: 2,
    retryUnitMs: 1,
    timeoutMs: 2_000,
    // The fake listens on 127.0.0.1 over http: a token goes there only when allowed.
    allowHttpLoopback: true,
    ...options,
  });
}

function requestsTo(server: FakeGithub, pattern: RegExp) {
  return server.requests.filter((r) => pattern.test(r.path));
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

describe("parseGithubSource", () => {
  it("reads repositories, refs with slashes, tags, shas and users", () => {
    expect(parseGithubSource("github:octo/app")).toEqual({
      kind: "repo",
      spec: "github:octo/app",
      owner: "octo",
      repo: "app",
    });
    expect(parseGithubSource("github:octo/my.repo_x@feature/x")).toMatchObject({
      repo: "my.repo_x",
      ref: "feature/x",
    });
    expect(parseGithubSource("github:octo/app@v1.2.3")).toMatchObject({ ref: "v1.2.3" });
    expect(parseGithubSource(`github:octo/app@${"c".repeat(40)}`)).toMatchObject({ ref: "c".repeat(40) });
    expect(parseGithubSource("github-user:octo-cat")).toEqual({
      kind: "user",
      spec: "github-user:octo-cat",
      login: "octo-cat",
    });
  });

  it.each([
    ["github:octo", /github:octo: expected github:owner\/repo/],
    ["github:octo/app/extra", /expected github:owner\/repo or github:owner\/repo@ref/],
    ["github:/app", /expected github:owner\/repo/],
    ["github:octo/app@", /"" is not a valid git ref/],
    ["github:octo/app@bad..ref", /"bad\.\.ref" is not a valid git ref/],
    ["github:octo/app@has space", /is not a valid git ref/],
    ["github-user:", /expected github-user:login/],
    ["github-user:-bad", /expected github-user:login/],
    ["gitlab:octo/app", /gitlab:octo\/app: expected github:owner\/repo/],
  ])("rejects %s with an InputError naming the expected form", (spec, message) => {
    expect(() => parseGithubSource(spec)).toThrow(InputError);
    expect(() => parseGithubSource(spec)).toThrow(message);
  });
});

describe("snapshotGithubRepo", () => {
  it("lists and reads the default branch from one tarball, following the codeload redirect", async () => {
    const server = await serve({ repos: [APP] });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/app");

    expect(snapshot).toMatchObject({
      name: "octo/app",
      source: "github:octo/app",
      commit: fakeSha(APP),
      warnings: [],
    });
    const sizes = Object.entries(APP.files ?? {}).map(([path, text]) => ({
      path,
      size: Buffer.byteLength(text),
    }));
    expect(snapshot.files).toEqual(sizes.sort((a, b) => a.path.localeCompare(b.path)));
    expect((await snapshot.read("src/index.ts")).toString()).toBe("import pg from 'pg';\n");
    expect(snapshot.gitWorkTree).toBeUndefined();

    expect(requestsTo(server, /\/tarball\//).map((r) => r.path)).toEqual([
      `/repos/octo/app/tarball/${fakeSha(APP)}`,
    ]);
    expect(requestsTo(server, /\/_codeload\//)).toHaveLength(1);
    expect(server.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  it("resolves a branch with a slash to its sha and downloads that commit when served directly", async () => {
    const server = await serve({ repos: [APP], tarballDelivery: "direct" });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/app@feature/x");

    expect(snapshot.commit).toBe("f".repeat(40));
    expect(snapshot.source).toBe("github:octo/app@feature/x");
    expect(snapshot.files.map((f) => f.path)).toContain("package.json");
    expect(requestsTo(server, /\/commits\//).map((r) => r.path)).toEqual([
      "/repos/octo/app/commits/feature%2Fx",
    ]);
    expect(requestsTo(server, /\/tarball\//).map((r) => r.path)).toEqual([
      `/repos/octo/app/tarball/${"f".repeat(40)}`,
    ]);
    expect(requestsTo(server, /\/_codeload\//)).toHaveLength(0);
  });

  it("sends the token on every request, including the redirected download", async () => {
    const server = await serve({ repos: [APP], token: "s3cret" });
    await snapshotGithubRepo(clientFor(server, { token: "s3cret" }), "github:octo/app");

    expect(server.requests.length).toBe(4);
    expect(server.requests.every((r) => r.headers.authorization === "token s3cret")).toBe(true);
  });

  it("takes the token and an Enterprise-style API URL from the environment", async () => {
    const server = await serve({ repos: [APP], apiPrefix: "/api/v3", token: "from-env" });
    vi.stubEnv("GITHUB_TOKEN", "from-env");
    vi.stubEnv("GITHUB_API_URL", server.url);
    vi.stubEnv("VOUCH_ALLOW_HTTP_LOOPBACK", "1");

    const [snapshot] = await snapshotGithubSource("github:octo/app", {});

    expect(snapshot?.commit).toBe(fakeSha(APP));
    expect(requestsTo(server, /^\/api\/v3\/repos\/octo\/app$/)[0]?.headers.authorization).toBe(
      "token from-env",
    );
  });

  it("never sends the token over plain http unless loopback http is allowed, and then only to loopback", async () => {
    const server = await serve({ repos: [APP], token: "s3cret" });
    vi.stubEnv("GITHUB_TOKEN", "s3cret");
    vi.stubEnv("GITHUB_API_URL", server.url);
    const refused = await failure(snapshotGithubSource("github:octo/app", {}));
    expect(refused).toBeInstanceOf(InputError);
    expect(refused.message).toBe(
      `GITHUB_TOKEN is sent only over https, and the GitHub API URL (githubApiUrl, VOUCH_GITHUB_API_URL or GITHUB_API_URL) is ${server.url}: set VOUCH_ALLOW_HTTP_LOOPBACK=1 to send it to this machine over http (a local test server), or unset GITHUB_TOKEN.`,
    );
    expect(server.requests).toEqual([]);
    // Another host over http: refused whatever the flag says.
    vi.stubEnv("VOUCH_ALLOW_HTTP_LOOPBACK", "1");
    expect(() => createGithubClient({ token: "t", baseUrl: "http://github.internal:8080/api/v3" })).toThrow(
      "GITHUB_TOKEN is sent only over https, and the GitHub API URL (githubApiUrl, VOUCH_GITHUB_API_URL or GITHUB_API_URL) is http://github.internal:8080: use an https URL, or unset GITHUB_TOKEN.",
    );
    // Without a token there is nothing to protect: plain http is fine.
    vi.stubEnv("GITHUB_TOKEN", "");
    expect(createGithubClient({ baseUrl: "http://github.internal:8080/api/v3" }).authenticated).toBe(false);
  });

  it("drops links and escaping entries, reporting the dangerous ones as warnings", async () => {
    const hostile: FakeRepo = {
      owner: "octo",
      name: "hostile",
      files: { "ok.txt": "fine\n" },
      symlinks: { "inner-link": "ok.txt", leak: "../../../etc/passwd", "abs-link": "/etc/shadow" },
      rawEntries: [
        { path: "../evil", contents: "owned\n" },
        { path: "/etc/cron.d/evil", contents: "owned\n" },
        { path: "octo-hostile-x/../../evil2", contents: "owned\n" },
        {
          path: `octo-hostile-${fakeSha({ owner: "octo", name: "hostile" }).slice(0, 7)}/hard`,
          type: "Link",
          linkpath: "ok.txt",
        },
      ],
    };
    const server = await serve({ repos: [hostile] });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/hostile");

    expect(snapshot.files.map((f) => f.path)).toEqual(["ok.txt"]);
    expect(snapshot.warnings).toEqual([
      { repo: "octo/hostile", path: "leak", message: "symlink points outside the repository; not followed" },
      {
        repo: "octo/hostile",
        path: "abs-link",
        message: "symlink points outside the repository; not followed",
      },
      { repo: "octo/hostile", path: "../evil", message: "unsafe path skipped (absolute or containing ..)" },
      {
        repo: "octo/hostile",
        path: "/etc/cron.d/evil",
        message: "unsafe path skipped (absolute or containing ..)",
      },
      {
        repo: "octo/hostile",
        path: "octo-hostile-x/../../evil2",
        message: "unsafe path skipped (absolute or containing ..)",
      },
    ]);
  });

  it("lists files over maxFileBytes with their size but refuses to read them", async () => {
    const server = await serve({
      repos: [{ owner: "octo", name: "big", files: { "small.txt": "tiny", "big.bin": "x".repeat(64) } }],
    });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/big", { maxFileBytes: 10 });

    expect(snapshot.files).toEqual([
      { path: "big.bin", size: 64 },
      { path: "small.txt", size: 4 },
    ]);
    expect((await snapshot.read("small.txt")).toString()).toBe("tiny");
    await expect(snapshot.read("big.bin")).rejects.toThrow(
      "octo/big: big.bin is 64 bytes, over the 10-byte limit, so its contents were not kept.",
    );
    await expect(snapshot.read("nope.txt")).rejects.toThrow("octo/big: nope.txt is not in the snapshot.");
  });

  it("leaves out vendored and generated folders, as the local walker does", async () => {
    const files = { "index.js": "x", "node_modules/left-pad/index.js": "y", "dist/app.js": "z" };
    const server = await serve({ repos: [{ owner: "octo", name: "vendored", files }] });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/vendored");

    expect(snapshot.files.map((f) => f.path)).toEqual(["index.js"]);
  });

  it("leaves out a committed folder of vouch's outputs, as the local walker does", async () => {
    const files = {
      "README.md": "# app\n",
      "docs/tailored/report.json": '{\n  "format": 1,\n  "runId": "7c0b",\n  "chain": {}\n}\n',
      "docs/tailored/resume.md": "# Dana\n\nLed a team of 40.\n",
    };
    const server = await serve({ repos: [{ owner: "octo", name: "committed", files }] });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/committed");

    expect(snapshot.files.map((f) => f.path)).toEqual(["README.md"]);
    expect(snapshot.warnings).toContainEqual({
      repo: "octo/committed",
      path: "docs/tailored",
      message: "vouch's own output (it holds vouch's report.json); never read as evidence",
    });
  });
});

describe("listUserRepos", () => {
  const repo = (name: string, pushedAt: string, extra: Partial<FakeRepo> = {}): FakeRepo => ({
    owner: "octo",
    name,
    pushedAt,
    ...extra,
  });
  const REPOS = [
    repo("old", "2021-01-01T00:00:00Z"),
    repo("newest", "2024-06-01T00:00:00Z"),
    repo("forked", "2024-05-01T00:00:00Z", { fork: true }),
    repo("shelved", "2024-04-01T00:00:00Z", { archived: true }),
    repo("middle", "2023-01-01T00:00:00Z"),
  ];

  it("lists owned repositories newest pushed first, without forks and archives", async () => {
    const server = await serve({ repos: REPOS });
    const specs = await listUserRepos(clientFor(server), "octo");

    expect(specs).toEqual(["github:octo/newest", "github:octo/middle", "github:octo/old"]);
    const query = new URL(server.requests[0]?.path ?? "", server.url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ type: "owner", sort: "pushed", direction: "desc" });
  });

  it("includes forks and archives on request and stops at maxRepos", async () => {
    const server = await serve({ repos: REPOS });
    const client = clientFor(server);

    expect(
      await listUserRepos(client, "octo", { includeForks: true, includeArchived: true, maxRepos: 3 }),
    ).toEqual(["github:octo/newest", "github:octo/forked", "github:octo/shelved"]);
    expect(await listUserRepos(client, "octo", { maxRepos: 1 })).toEqual(["github:octo/newest"]);
  });

  it("follows Link pagination until maxRepos is reached, and no further", async () => {
    // Pushed a minute apart, so r129 is the newest and the order is known.
    const many = Array.from({ length: 130 }, (_, i) =>
      repo(`r${String(i).padStart(3, "0")}`, new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString()),
    );
    const server = await serve({ repos: many });

    const first = await listUserRepos(clientFor(server), "octo", { maxRepos: 120 });
    expect(first).toHaveLength(120);
    expect(first.slice(0, 2)).toEqual(["github:octo/r129", "github:octo/r128"]);
    expect(first.at(-1)).toBe("github:octo/r010");
    expect(requestsTo(server, /\/users\/octo\/repos/)).toHaveLength(2);

    server.requests.length = 0;
    await listUserRepos(clientFor(server), "octo", { maxRepos: 5 });
    expect(requestsTo(server, /\/users\/octo\/repos/)).toHaveLength(1);
  });

  it("expands github-user: into one snapshot per repository", async () => {
    const server = await serve({
      repos: [
        { ...APP, pushedAt: "2024-02-01T00:00:00Z" },
        { owner: "octo", name: "lib", files: { "go.mod": "module x\n" }, pushedAt: "2024-03-01T00:00:00Z" },
      ],
    });
    const snapshots = await snapshotGithubSource("github-user:octo", {
      githubApiUrl: server.url,
      maxRepos: 5,
    });

    expect(snapshots.map((s) => [s.name, s.source])).toEqual([
      ["octo/lib", "github:octo/lib"],
      ["octo/app", "github:octo/app"],
    ]);
    expect(requestsTo(server, /\/tarball\//)).toHaveLength(2);
  });

  it("reports an unknown user as bad input", async () => {
    const server = await serve({});
    const error = await failure(listUserRepos(clientFor(server), "ghost"));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe("github-user:ghost: user not found.");
  });
});

describe("GitHub failures", () => {
  const inFuture = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

  it("maps a missing repository to an InputError", async () => {
    const server = await serve({ repos: [APP] });
    const error = await failure(snapshotGithubRepo(clientFor(server), "github:octo/missing"));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe("github:octo/missing: repository not found (or private without a token).");
  });

  it("maps an unknown ref to an InputError", async () => {
    const server = await serve({ repos: [APP] });
    const error = await failure(snapshotGithubRepo(clientFor(server), "github:octo/app@nope"));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe('github:octo/app@nope: ref "nope" was not found in the repository.');
  });

  it("maps a rejected token to an InputError", async () => {
    const server = await serve({ repos: [APP], token: "right" });
    const error = await failure(snapshotGithubRepo(clientFor(server, { token: "wrong" }), "github:octo/app"));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(
      /^github:octo\/app: GitHub rejected the token as invalid .*check GITHUB_TOKEN\.$/,
    );
    expect(server.requests).toHaveLength(1); // a 401 is never retried
  });

  it("gives up on a primary rate limit that resets late, naming the reset time and GITHUB_TOKEN", async () => {
    const reset = inFuture(3600);
    const server = await serve({ repos: [APP], faults: [fault.rateLimited("/repos/octo/app", reset)] });
    const error = await failure(snapshotGithubRepo(clientFor(server), "github:octo/app"));

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toContain(new Date(reset * 1000).toISOString());
    expect(error.message).toContain("set GITHUB_TOKEN");
    expect(server.requests).toHaveLength(1);
  });

  it("waits once for a primary rate limit that resets soon", async () => {
    const server = await serve({
      repos: [APP],
      faults: [fault.rateLimited("/repos/octo/app", inFuture(1), 1)],
    });
    const snapshot = await snapshotGithubRepo(
      clientFor(server, { maxRateLimitWaitSeconds: 5 }),
      "github:octo/app",
    );

    expect(snapshot.commit).toBe(fakeSha(APP));
    expect(requestsTo(server, /^\/repos\/octo\/app$/)).toHaveLength(2);
  });

  it("does not suggest GITHUB_TOKEN when a token is already in use", async () => {
    const server = await serve({
      repos: [APP],
      faults: [fault.rateLimited("/repos/octo/app", inFuture(3600))],
    });
    const error = await failure(snapshotGithubRepo(clientFor(server, { token: "t" }), "github:octo/app"));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toMatch(/rate limit for this token is used up until .*; try again after that\.$/);
  });

  it("retries a secondary rate limit once", async () => {
    const server = await serve({ repos: [APP], faults: [fault.secondaryRateLimited(/\/commits\//, 1, 1)] });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/app");

    expect(snapshot.commit).toBe(fakeSha(APP));
    expect(requestsTo(server, /\/commits\//)).toHaveLength(2);
  });

  it("fails on a secondary rate limit that persists", async () => {
    const server = await serve({ repos: [APP], faults: [fault.secondaryRateLimited(/\/commits\//, 1)] });
    const error = await failure(snapshotGithubRepo(clientFor(server), "github:octo/app"));

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe(
      "github:octo/app: GitHub's secondary rate limit was hit and did not clear; wait a few minutes and try again.",
    );
    expect(requestsTo(server, /\/commits\//)).toHaveLength(2);
  });

  it("retries a 502 on the download and then succeeds", async () => {
    const server = await serve({ repos: [APP], faults: [fault.serverError(/\/tarball\//, 502, 1)] });
    const snapshot = await snapshotGithubRepo(clientFor(server), "github:octo/app");

    expect(snapshot.files).toHaveLength(3);
    expect(requestsTo(server, /\/tarball\//)).toHaveLength(2);
  });

  it("retries a 500 a bounded number of times, then fails as a service error", async () => {
    const server = await serve({ repos: [APP], faults: [fault.serverError("/repos/octo/app", 500)] });
    const error = await failure(snapshotGithubRepo(clientFor(server, { retries: 2 }), "github:octo/app"));

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe(
      "github:octo/app: GitHub answered HTTP 500 even after retries; try again later.",
    );
    expect(server.requests).toHaveLength(3);
  });

  it("turns a server that never answers into a timeout", async () => {
    const server = await serve({ repos: [APP], faults: [fault.hang("/repos/octo/app")] });
    const started = Date.now();
    const error = await failure(
      snapshotGithubRepo(clientFor(server, { timeoutMs: 150, retries: 1 }), "github:octo/app"),
    );

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe("github:octo/app: GitHub did not answer within 0.15 s.");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("bounds the archive download by its own timeout", async () => {
    const server = await serve({ repos: [APP], faults: [fault.hang(/\/tarball\//)] });
    const client = clientFor(server, { archiveTimeoutMs: 100, retries: 0 });
    const error = await failure(snapshotGithubRepo(client, "github:octo/app"));

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe("github:octo/app: GitHub did not answer within 0.1 s.");
  });

  it("bounds an archive download that stalls halfway", async () => {
    const server = await serve({ repos: [{ ...APP, tarballFault: "stall" }] });
    const client = clientFor(server, { archiveTimeoutMs: 150, retries: 0 });
    const error = await failure(snapshotGithubRepo(client, "github:octo/app"));

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe("github:octo/app: GitHub did not answer within 0.15 s.");
  });

  it("reports an unreachable API as a service error", async () => {
    const server = await serve({});
    const url = server.url;
    await server.close();
    fake = undefined;
    const error = await failure(
      snapshotGithubRepo(createGithubClient({ baseUrl: url, retries: 1, retryUnitMs: 1 }), "github:octo/app"),
    );

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toMatch(
      /^github:octo\/app: could not reach GitHub at http:\/\/127\.0\.0\.1:\d+ \(.*ECONNREFUSED.*\)\.$/,
    );
  });

  it("reports a corrupt archive as a service error", async () => {
    const server = await serve({ repos: [{ ...APP, tarballFault: "corrupt" }] });
    const error = await failure(snapshotGithubRepo(clientFor(server), "github:octo/app"));

    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toMatch(
      /^github:octo\/app: the archive is corrupt or not a gzipped tarball \(.+\)\.$/,
    );
  });

  it("reports a user: spec passed where a repository is expected", async () => {
    const server = await serve({});
    await expect(snapshotGithubRepo(clientFor(server), "github-user:octo")).rejects.toThrow(InputError);
  });
});
