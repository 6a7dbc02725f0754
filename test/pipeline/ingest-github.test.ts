// `vouch ingest github:owner/repo`: the repository's READMEs and docs come from one tarball download.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLocalKb } from "../../pipeline/kb/index.js";
import { type FakeGithub, startFakeGithub } from "../fakes/github-server.js";
import { runCli } from "../helpers/cli.js";
import { repoFiles } from "./kb/samples.js";

let github: FakeGithub;
beforeAll(async () => {
  github = await startFakeGithub({
    repos: [{ owner: "dana", name: "platform-infra", files: await repoFiles("platform-infra") }],
  });
});
afterAll(() => github.close());

describe("vouch ingest github:", () => {
  it("reads the repository's docs from its tarball, once", async () => {
    const kb = join(mkdtempSync(join(tmpdir(), "vouch-ingest-github-")), "kb");
    const env = { GITHUB_API_URL: github.url, GITHUB_TOKEN: undefined };
    const run = await runCli(["ingest", "github:dana/platform-infra", "--kb", kb, "--json"], env);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ files: 2, chunked: 2, reused: 0 });
    expect(github.requests.filter((r) => r.path.includes("tarball"))).toHaveLength(1);
    const [top] = await (await openLocalKb(kb)).retrieve(["kubeadm control plane"]);
    expect(top?.uri).toMatch(/^dana\/platform-infra\//);

    const again = await runCli(["ingest", "github:dana/platform-infra", "--kb", kb, "--json"], env);
    expect(JSON.parse(again.stdout)).toMatchObject({ files: 2, reused: 2, chunked: 0 });
  });
});
