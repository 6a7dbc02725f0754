// Gives each sample repository (samples/repos/<name>) a real git history from samples/history.yaml, so
// vouch verifies the sample candidate's authorship from commits. Idempotent: a repository whose history
// was built from the same files and plan is left alone; one whose files changed is rebuilt. The outer
// project's git ignores nested .git folders, so the samples stay plain tracked files there.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";

const FINGERPRINT = "vouch-sample-history";

/** Files of a folder (POSIX paths, sorted), its .git left out. */
function filesOf(root, dir = "") {
  const out = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name === ".git") continue;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesOf(root, path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort();
}

function fingerprint(root, files, plan) {
  const hash = createHash("sha256").update(JSON.stringify(plan));
  for (const file of files) hash.update(`\0${file}\0`).update(readFileSync(join(root, file)));
  return hash.digest("hex");
}

/** The files each commit of the plan takes: its paths not taken earlier, or everything left. */
function commitFiles(files, plan) {
  const left = new Set(files);
  return plan.map((commit) => {
    const taken = commit.rest
      ? [...left]
      : [...left].filter((f) => commit.paths.some((p) => (p.endsWith("/") ? f.startsWith(p) : f === p)));
    for (const f of taken) left.delete(f);
    return taken;
  });
}

function build(root, files, plan, author, print) {
  const [, name, email] = /^(.*?)\s*<(.+)>$/.exec(author);
  const home = mkdtempSync(join(tmpdir(), "vouch-sample-git-"));
  const git = (args, date) =>
    execFileSync(
      "git",
      [
        "-c",
        "core.hooksPath=/dev/null",
        "-c",
        "commit.gpgSign=false",
        "-c",
        "init.defaultBranch=main",
        ...args,
      ],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          PATH: process.env.PATH,
          HOME: home,
          GIT_CONFIG_NOSYSTEM: "1",
          GIT_AUTHOR_NAME: name,
          GIT_AUTHOR_EMAIL: email,
          GIT_COMMITTER_NAME: name,
          GIT_COMMITTER_EMAIL: email,
          ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
        },
      },
    );
  try {
    rmSync(join(root, ".git"), { recursive: true, force: true });
    git(["init", "-q"]);
    commitFiles(files, plan).forEach((taken, i) => {
      if (taken.length > 0) git(["add", "--force", "--", ...taken]);
      git(["commit", "-q", "--allow-empty", "-m", plan[i].message], plan[i].date);
    });
    print(`built the history of ${root} (${plan.length} commits)`);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Builds what is missing or out of date; returns the names of the repositories it (re)built. */
export function ensureSampleHistory(projectRoot, print = () => {}) {
  const planFile = join(projectRoot, "samples", "history.yaml");
  if (!existsSync(planFile)) return [];
  const { author, repos } = parse(readFileSync(planFile, "utf8"));
  const built = [];
  for (const [name, plan] of Object.entries(repos)) {
    const root = join(projectRoot, "samples", "repos", name);
    if (!existsSync(root)) continue;
    const files = filesOf(root);
    const wanted = fingerprint(root, files, { author, plan });
    const stamp = join(root, ".git", FINGERPRINT);
    if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) continue;
    build(root, files, plan, author, print);
    writeFileSync(stamp, wanted);
    built.push(name);
  }
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureSampleHistory(resolve(import.meta.dirname, ".."), (line) => console.log(line));
  } catch (error) {
    // git missing or failing: the samples still work, with authorship "not verified: no history".
    console.warn(`sample history not built: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Vitest's global setup: the tests read the samples as users do, with their history. */
export function setup() {
  ensureSampleHistory(resolve(import.meta.dirname, ".."));
}
