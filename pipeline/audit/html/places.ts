// Where a piece of evidence is: a record's evidence ref turned into a label a person reads and, for a file of
// a repository that came from `github:`, a link to that line at the run's commit.
import type { Chunk } from "../../../core/chunk.js";
import type { RecordEvidence } from "../../../core/evidence.js";
import type { RepoSummary } from "../../../core/truth.js";
import type { EvidencePlace } from "./types.js";

export interface PlaceBook {
  repos: readonly RepoSummary[];
  /** Grounding chunks by id: a fact ref names one. */
  chunks: ReadonlyMap<string, Chunk>;
  /** The profile file's name, for `profile.yaml#work[0]`. */
  profileName: string;
}

/** `github:owner/repo` or `github:owner/repo@ref` → `owner/repo`; undefined for any other source. */
export function githubRepo(source: string): string | undefined {
  const match = /^github:([\w.-]+\/[\w.-]+?)(?:\.git)?(?:@.*)?$/.exec(source);
  return match?.[1];
}

/** `https://github.com/o/r/blob/<commit>/<path>#L<line>`; undefined without a commit to pin it to. */
export function githubLink(repo: RepoSummary, path: string, line?: number): string | undefined {
  const slug = githubRepo(repo.source);
  if (!slug || !repo.commit || !/^[0-9a-f]{7,64}$/i.test(repo.commit)) return undefined;
  const file = path.split("/").map(encodeURIComponent).join("/");
  return `https://github.com/${slug}/blob/${repo.commit}/${file}${line !== undefined ? `#L${line}` : ""}`;
}

/** `repo/path:line` (guards/backing/evidence.ts placeRef) split by the longest repository name it starts with. */
function repoPlace(ref: string, repos: readonly RepoSummary[]) {
  const repo = [...repos]
    .sort((a, b) => b.name.length - a.name.length)
    .find((r) => ref.startsWith(`${r.name}/`));
  if (!repo) return undefined;
  const rest = ref.slice(repo.name.length + 1);
  const match = /^(.*?)(?::(\d+))?$/.exec(rest)!;
  return { repo, path: match[1]!, line: match[2] === undefined ? undefined : Number(match[2]) };
}

/** One record evidence item as a place on the page. */
export function placeOf(evidence: RecordEvidence, book: PlaceBook): EvidencePlace {
  const quote = evidence.text !== undefined ? { quote: evidence.text } : {};
  switch (evidence.source) {
    case "profile":
      return { label: `${book.profileName}#${evidence.ref}`, ...quote };
    case "truth": {
      const at = repoPlace(evidence.ref, book.repos);
      const href = at && githubLink(at.repo, at.path, at.line);
      return { label: evidence.ref, ...(href ? { href } : {}), ...quote };
    }
    case "fact":
    case "chunk": {
      const chunk = book.chunks.get(evidence.ref);
      if (!chunk) return { label: evidence.ref, ...quote };
      return chunkPlace(chunk, book, evidence.text);
    }
  }
}

/** A KB chunk: its source path and lines, linked when it is a file of a `github:` repository. */
export function chunkPlace(chunk: Chunk, book: PlaceBook, text?: string): EvidencePlace {
  const where = chunk.repo && chunk.path ? `${chunk.repo}/${chunk.path}` : chunk.uri;
  const lines = chunk.lines
    ? chunk.lines[0] === chunk.lines[1]
      ? ` line ${chunk.lines[0]}`
      : ` lines ${chunk.lines[0]}–${chunk.lines[1]}`
    : "";
  const repo = chunk.repo ? book.repos.find((r) => r.name === chunk.repo) : undefined;
  const href = repo && chunk.path ? githubLink(repo, chunk.path, chunk.lines?.[0]) : undefined;
  return { label: `${where}${lines}`, ...(href ? { href } : {}), quote: text ?? excerpt(chunk.text) };
}

const EXCERPT = 200;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}
