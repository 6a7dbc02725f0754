// A small stand-in for the GitHub REST API (and codeload) on 127.0.0.1, for tests that go through the real
// Octokit client. Repositories are scripted as path → contents and served as real gzipped tarballs; their
// history, when scripted, answers the commits API (the list with its author and path filters, one commit).
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { Header, Pax, type HeaderData } from "tar";

export interface FakeRepo {
  owner: string;
  name: string;
  /** Default "main". */
  defaultBranch?: string;
  /** Commit of the default branch; derived from the name when absent. */
  sha?: string;
  /** Other branches and tags (names may contain slashes) → commit sha. */
  refs?: Record<string, string>;
  files?: Record<string, string | Buffer>;
  /** Symlinks inside the top folder: path → target. */
  symlinks?: Record<string, string>;
  /** Entries written verbatim, outside the usual `owner-repo-sha/` prefix (to script hostile archives). */
  rawEntries?: RawTarEntry[];
  /** "corrupt": gzip that breaks off halfway; "stall": send half the archive, then never finish. */
  tarballFault?: "corrupt" | "stall";
  fork?: boolean;
  archived?: boolean;
  /** ISO date; the user listing sorts by it. */
  pushedAt?: string;
  /** The default branch's history, newest first; the commits API answers from it (empty when absent). */
  commits?: FakeCommit[];
}

/** One commit of a scripted history, and the files it touched (paths after the commit). */
export interface FakeCommit {
  sha: string;
  /** The GitHub account the author email belongs to; absent for an email GitHub knows no account of. */
  login?: string;
  email: string;
  name?: string;
  /** ISO date of authorship. */
  date: string;
  files: string[];
  /** A renamed file's path → its path before this commit. */
  previousFilenames?: Record<string, string>;
}

export interface RawTarEntry {
  path: string;
  type?: "File" | "SymbolicLink" | "Link" | "Directory";
  contents?: string;
  linkpath?: string;
}

/** A scripted failure: the first `times` matching requests (all of them when absent) get this answer. */
export interface FakeFault {
  method?: string;
  /** Matched against the path without the API prefix and query, e.g. `/repos/o/r` or a RegExp. */
  path: string | RegExp;
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Never answer (the test's client timeout must end the request). */
  hang?: boolean;
  times?: number;
}

export interface FakeGithubScenario {
  repos?: FakeRepo[];
  /** Logins that exist but own no repositories. */
  users?: string[];
  faults?: FakeFault[];
  /** "redirect" (like GitHub: 302 to codeload) or "direct" (200 with the archive). Default "redirect". */
  tarballDelivery?: "redirect" | "direct";
  /** Serve the API under a prefix, like GitHub Enterprise's `/api/v3`. */
  apiPrefix?: string;
  /** When set, any other Authorization token gets a 401 (no token at all is still allowed, as for public data). */
  token?: string;
}

export interface RecordedRequest {
  method: string;
  /** As received: path and query, still percent-encoded. */
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FakeGithub {
  /** The API base URL to give Octokit (includes `apiPrefix`). */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Ready-made faults matching what GitHub really sends. */
export const fault = {
  notFound: (path: string | RegExp): FakeFault => ({
    path,
    status: 404,
    body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" },
  }),
  badCredentials: (path: string | RegExp): FakeFault => ({
    path,
    status: 401,
    body: { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" },
  }),
  rateLimited: (path: string | RegExp, resetEpochSeconds: number, times?: number): FakeFault => ({
    path,
    times,
    status: 403,
    headers: {
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(resetEpochSeconds),
    },
    body: { message: "API rate limit exceeded for 127.0.0.1." },
  }),
  secondaryRateLimited: (path: string | RegExp, retryAfterSeconds: number, times?: number): FakeFault => ({
    path,
    times,
    status: 429,
    headers: { "retry-after": String(retryAfterSeconds) },
    body: {
      message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
    },
  }),
  serverError: (path: string | RegExp, status = 500, times?: number): FakeFault => ({
    path,
    times,
    status,
    body: { message: "Server Error" },
  }),
  hang: (path: string | RegExp): FakeFault => ({ path, hang: true }),
};

export async function startFakeGithub(scenario: FakeGithubScenario = {}): Promise<FakeGithub> {
  const requests: RecordedRequest[] = [];
  const faultsLeft = (scenario.faults ?? []).map((f) => ({ fault: f, left: f.times ?? Infinity }));
  const prefix = (scenario.apiPrefix ?? "").replace(/\/+$/, "");
  let origin = "";

  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers });
    try {
      route(req, res);
    } catch (error) {
      json(res, 500, { message: `fake GitHub failed: ${String(error)}` });
    }
  });

  function route(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", origin);
    const pathname = url.pathname;
    // Codeload lives on its own host at GitHub, so it sits outside the API prefix here too.
    const codeload = /^\/_codeload\/([^/]+)\/([^/]+)\/legacy\.tar\.gz\/(.+)$/.exec(pathname);
    if (codeload) return serveTarball(res, segment(codeload[1]), segment(codeload[2]), segment(codeload[3]));
    if (!pathname.startsWith(prefix)) return json(res, 404, { message: "Not Found" });
    const path = pathname.slice(prefix.length) || "/";

    const scripted = faultsLeft.find(
      (f) =>
        f.left > 0 &&
        (f.fault.method ?? "GET") === req.method &&
        (typeof f.fault.path === "string" ? f.fault.path === path : f.fault.path.test(path)),
    );
    if (scripted) {
      scripted.left -= 1;
      if (scripted.fault.hang) return; // the socket stays open until close()
      res.writeHead(scripted.fault.status ?? 500, {
        "content-type": "application/json; charset=utf-8",
        ...scripted.fault.headers,
      });
      return void res.end(JSON.stringify(scripted.fault.body ?? { message: "Scripted failure" }));
    }
    if (scenario.token !== undefined && !tokenAccepted(req.headers.authorization)) {
      return json(res, 401, { message: "Bad credentials" });
    }

    let match: RegExpExecArray | null;
    if ((match = /^\/users\/([^/]+)\/repos$/.exec(path))) return listRepos(res, url, segment(match[1]));
    if ((match = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path)))
      return getRepo(res, segment(match[1]), segment(match[2]));
    if ((match = /^\/repos\/([^/]+)\/([^/]+)\/commits$/.exec(path))) {
      return listCommits(res, url, segment(match[1]), segment(match[2]));
    }
    if ((match = /^\/repos\/([^/]+)\/([^/]+)\/commits\/(.+)$/.exec(path))) {
      return getCommit(req, res, segment(match[1]), segment(match[2]), segment(match[3]));
    }
    if ((match = /^\/repos\/([^/]+)\/([^/]+)\/tarball\/(.+)$/.exec(path))) {
      const [owner, name, ref] = [segment(match[1]), segment(match[2]), segment(match[3])];
      if (scenario.tarballDelivery === "direct") return serveTarball(res, owner, name, ref);
      if (!findRepo(owner, name)) return json(res, 404, { message: "Not Found" });
      const location = `${origin}/_codeload/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/legacy.tar.gz/${encodeURIComponent(ref)}`;
      res.writeHead(302, { location });
      return void res.end();
    }
    json(res, 404, { message: "Not Found" });
  }

  function tokenAccepted(authorization: string | undefined): boolean {
    if (authorization === undefined) return true;
    return authorization === `token ${scenario.token}` || authorization === `Bearer ${scenario.token}`;
  }

  function findRepo(owner: string, name: string): FakeRepo | undefined {
    const wanted = `${owner}/${name}`.toLowerCase();
    return scenario.repos?.find((r) => `${r.owner}/${r.name}`.toLowerCase() === wanted);
  }

  function getRepo(res: ServerResponse, owner: string, name: string): void {
    const repo = findRepo(owner, name);
    if (!repo) return json(res, 404, { message: "Not Found" });
    json(res, 200, repoJson(repo));
  }

  function getCommit(
    req: IncomingMessage,
    res: ServerResponse,
    owner: string,
    name: string,
    ref: string,
  ): void {
    const repo = findRepo(owner, name);
    if (!repo) return json(res, 404, { message: "Not Found" });
    const scripted = repo.commits?.find((c) => c.sha === ref);
    const sha = scripted?.sha ?? resolveRef(repo, ref);
    if (!sha) return json(res, 422, { message: `No commit found for SHA: ${ref}` });
    if ((req.headers.accept ?? "").includes(".sha")) {
      res.writeHead(200, { "content-type": "application/vnd.github.sha; charset=utf-8" });
      return void res.end(sha);
    }
    if (!scripted) return json(res, 200, { sha, commit: { message: "fake commit" } });
    json(res, 200, {
      ...commitJson(scripted),
      files: scripted.files.map((filename) => {
        const previous = scripted.previousFilenames?.[filename];
        return previous
          ? { filename, previous_filename: previous, status: "renamed" }
          : { filename, status: "modified" };
      }),
    });
  }

  /** `GET /repos/{o}/{r}/commits`: the history filtered by `author` (login or email) and `path`, paged. */
  function listCommits(res: ServerResponse, url: URL, owner: string, name: string): void {
    const repo = findRepo(owner, name);
    if (!repo) return json(res, 404, { message: "Not Found" });
    const ref = url.searchParams.get("sha");
    if (ref !== null && !resolveRef(repo, ref)) {
      return json(res, 404, { message: `No commit found for SHA: ${ref}` });
    }
    const author = url.searchParams.get("author")?.toLowerCase();
    const path = url.searchParams.get("path");
    const matching = (repo.commits ?? []).filter(
      (c) =>
        (author === undefined || c.login?.toLowerCase() === author || c.email.toLowerCase() === author) &&
        (path === null || c.files.some((f) => f === path || f.startsWith(`${path}/`))),
    );
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page") ?? 30)));
    const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
    const items = matching.slice((page - 1) * perPage, page * perPage).map(commitJson);
    json(res, 200, items, pageLinks(url, page, Math.max(1, Math.ceil(matching.length / perPage))));
  }

  function serveTarball(res: ServerResponse, owner: string, name: string, ref: string): void {
    const repo = findRepo(owner, name);
    const sha = repo && resolveRef(repo, ref);
    if (!repo || !sha) return json(res, 404, { message: "Not Found" });
    const archive = buildTarball(repo, sha);
    const half = archive.subarray(0, Math.floor(archive.length / 2));
    res.writeHead(200, {
      "content-type": "application/x-gzip",
      "content-disposition": `attachment; filename=${repo.owner}-${repo.name}-${sha.slice(0, 7)}.tar.gz`,
    });
    if (repo.tarballFault === "stall") return void res.write(half); // the socket stays open until close()
    res.end(repo.tarballFault === "corrupt" ? half : archive);
  }

  function listRepos(res: ServerResponse, url: URL, login: string): void {
    const owned = (scenario.repos ?? []).filter((r) => r.owner.toLowerCase() === login.toLowerCase());
    const known =
      owned.length > 0 || (scenario.users ?? []).some((u) => u.toLowerCase() === login.toLowerCase());
    if (!known) return json(res, 404, { message: "Not Found" });
    const sorted = url.searchParams.get("sort") === "pushed" ? [...owned].sort(byPushedAt) : owned;
    if (url.searchParams.get("direction") === "asc") sorted.reverse();
    const perPage = Number(url.searchParams.get("per_page") ?? 30);
    const page = Number(url.searchParams.get("page") ?? 1);
    const lastPage = Math.max(1, Math.ceil(sorted.length / perPage));
    const items = sorted.slice((page - 1) * perPage, page * perPage).map(repoJson);
    json(res, 200, items, pageLinks(url, page, lastPage));
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}${prefix}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // ends hanging requests too
        server.close(() => resolve());
      }),
  };
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

/** GitHub's Link header for one page of a list: next and last after it, first and prev before it. */
function pageLinks(url: URL, page: number, lastPage: number): Record<string, string> {
  const links: string[] = [];
  const pageUrl = (n: number) => {
    const next = new URL(url);
    next.searchParams.set("page", String(n));
    return next.toString();
  };
  if (page < lastPage) links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(lastPage)}>; rel="last"`);
  if (page > 1) links.push(`<${pageUrl(1)}>; rel="first"`, `<${pageUrl(page - 1)}>; rel="prev"`);
  return links.length > 0 ? { link: links.join(", ") } : {};
}

/** A commit as the commits API lists it: the git author, and the GitHub account when one matches. */
function commitJson(c: FakeCommit): Record<string, unknown> {
  return {
    sha: c.sha,
    commit: {
      author: { name: c.name ?? c.login ?? c.email, email: c.email, date: c.date },
      message: `fake commit ${c.sha.slice(0, 7)}`,
    },
    author: c.login ? { login: c.login } : null,
  };
}

function segment(raw: string | undefined): string {
  return decodeURIComponent(raw ?? "");
}

export function fakeSha(repo: Pick<FakeRepo, "owner" | "name" | "sha">): string {
  return repo.sha ?? createHash("sha1").update(`${repo.owner}/${repo.name}`).digest("hex");
}

function resolveRef(repo: FakeRepo, ref: string): string | undefined {
  const head = fakeSha(repo);
  if (ref === (repo.defaultBranch ?? "main") || ref === head) return head;
  const named = repo.refs?.[ref];
  if (named) return named;
  return Object.values(repo.refs ?? {}).find((sha) => sha === ref);
}

function repoJson(repo: FakeRepo): Record<string, unknown> {
  return {
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    owner: { login: repo.owner },
    private: false,
    fork: repo.fork ?? false,
    archived: repo.archived ?? false,
    default_branch: repo.defaultBranch ?? "main",
    pushed_at: repo.pushedAt ?? "2024-01-01T00:00:00Z",
  };
}

function byPushedAt(a: FakeRepo, b: FakeRepo): number {
  return (b.pushedAt ?? "").localeCompare(a.pushedAt ?? "");
}

// ---- A tiny tar writer built on the `tar` package's header encoders, shaped like GitHub's archives ----

const MTIME = new Date("2024-01-01T00:00:00Z");

/** The archive GitHub would serve: a pax header naming the commit, then everything under `owner-repo-sha/`. */
export function buildTarball(repo: FakeRepo, sha: string): Buffer {
  const top = `${repo.owner}-${repo.name}-${sha.slice(0, 7)}`;
  const blocks: Buffer[] = [new Pax({ comment: sha, mtime: MTIME }, true).encode()];
  const files = Object.entries(repo.files ?? {});
  const folders = new Set<string>([""]);
  for (const path of [...files.map(([p]) => p), ...Object.keys(repo.symlinks ?? {})]) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join("/"));
  }
  for (const folder of [...folders].sort()) {
    blocks.push(
      ...tarEntry({ path: `${top}/${folder ? `${folder}/` : ""}`, type: "Directory", mode: 0o755 }),
    );
  }
  for (const [path, contents] of files) {
    blocks.push(...tarEntry({ path: `${top}/${path}`, type: "File" }, Buffer.from(contents)));
  }
  for (const [path, target] of Object.entries(repo.symlinks ?? {})) {
    blocks.push(...tarEntry({ path: `${top}/${path}`, type: "SymbolicLink", linkpath: target }));
  }
  for (const raw of repo.rawEntries ?? []) {
    const body = raw.contents === undefined ? undefined : Buffer.from(raw.contents);
    blocks.push(...tarEntry({ path: raw.path, type: raw.type ?? "File", linkpath: raw.linkpath }, body));
  }
  blocks.push(Buffer.alloc(1024)); // two zero blocks end the archive
  return gzipSync(Buffer.concat(blocks));
}

function tarEntry(data: HeaderData, body?: Buffer): Buffer[] {
  const header = new Header({ mode: 0o644, uid: 0, gid: 0, mtime: MTIME, ...data, size: body?.length ?? 0 });
  header.encode();
  const blocks: Buffer[] = [];
  // Paths over the ustar limit travel in a pax header first, as git archive does.
  if (header.needPax)
    blocks.push(new Pax({ path: data.path, linkpath: data.linkpath, mtime: MTIME }).encode());
  blocks.push(header.block as Buffer);
  if (body && body.length > 0) blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  return blocks;
}
