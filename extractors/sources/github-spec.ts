// The `github:` and `github-user:` source specs, checked before anything is asked of GitHub.
import { InputError } from "../../core/errors.js";

export type GithubSource =
  | { kind: "repo"; spec: string; owner: string; repo: string; ref?: string }
  | { kind: "user"; spec: string; login: string };

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
// Git's own ref rules, minus the rare corners: no spaces, control characters, `..`, `~^:?*[\`, `@{`, `//`.
const BAD_REF = /[\s\p{Cc}~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.lock$|^-/u;

export const REPO_FORM = "github:owner/repo or github:owner/repo@ref";

/** Parses `github:owner/repo`, `github:owner/repo@ref` (the ref may contain slashes) and `github-user:login`. */
export function parseGithubSource(spec: string): GithubSource {
  if (spec.startsWith("github-user:")) {
    const login = spec.slice("github-user:".length);
    if (!OWNER.test(login)) {
      throw new InputError(
        `${spec}: expected github-user:login with a GitHub login (letters, digits, hyphens).`,
      );
    }
    return { kind: "user", spec, login };
  }
  if (!spec.startsWith("github:")) {
    throw new InputError(`${spec}: expected ${REPO_FORM}, or github-user:login.`);
  }
  const body = spec.slice("github:".length);
  const at = body.indexOf("@");
  const path = at === -1 ? body : body.slice(0, at);
  const ref = at === -1 ? undefined : body.slice(at + 1);
  const [owner = "", repo = "", ...rest] = path.split("/");
  if (rest.length > 0 || !OWNER.test(owner) || !REPO.test(repo) || repo === "." || repo === "..") {
    throw new InputError(
      `${spec}: expected ${REPO_FORM} (the ref, after @, may be a branch, tag or commit).`,
    );
  }
  if (ref !== undefined && (ref === "" || BAD_REF.test(ref))) {
    throw new InputError(`${spec}: "${ref}" is not a valid git ref; expected ${REPO_FORM}.`);
  }
  return ref === undefined ? { kind: "repo", spec, owner, repo } : { kind: "repo", spec, owner, repo, ref };
}
