// Give every evidence item of one repository its author, and each technology the candidate's commits on
// its evidence. A file is the candidate's when a commit of theirs touched it; a manifest's dependency line
// is theirs when they last changed it (blame); a language is theirs in a repository where they touched a
// file written in it, whatever file the evidence names (a Dockerfile's `FROM golang` says the repository
// is Go, not who wrote the Go).
import type { Evidence } from "../../core/truth.js";
import type { Author, CommitSpan, RepoAuthors } from "./types.js";

export interface AttributionInput {
  authors: RepoAuthors;
  /** Each technology's evidence in this repository (every item kept for the output). */
  evidence: readonly { technology: string; evidence: Evidence }[];
  /** Every evidence path of each technology, the imports past the output's cap included. */
  paths: ReadonlyMap<string, ReadonlySet<string>>;
  /** Files of each language technology (catalog id) in this repository. */
  languageFiles: ReadonlyMap<string, readonly string[]>;
  /** The text of a file at a line, for blame to find the line at HEAD. */
  lineText(path: string, line: number): Promise<string | undefined>;
  /** `portfolio.authorship: required`: what nobody can attribute counts as others'. */
  required: boolean;
}

/** Labels each evidence item's `author` in place; returns each technology's commit span here. */
export async function attributeEvidence(input: AttributionInput): Promise<Map<string, CommitSpan>> {
  const { authors, languageFiles } = input;
  await authors.prepare([
    ...new Set([...[...input.paths.values()].flatMap((p) => [...p]), ...[...languageFiles.values()].flat()]),
  ]);
  const languageAuthor = new Map<string, Author>();
  for (const [technology, files] of languageFiles)
    languageAuthor.set(technology, strongest(files.map((f) => authors.fileAuthor(f))));

  // A manifest names every dependency at once: its commits say nothing of one of them, so a dependency's
  // span counts only the commit that last changed its line.
  const manifests = new Set<string>();
  const lineCommits = new Map<string, Set<string>>();
  for (const { technology, evidence } of input.evidence) {
    let author = languageAuthor.get(technology);
    if (evidence.via === "manifest") manifests.add(evidence.path);
    if (
      author === undefined &&
      evidence.via === "manifest" &&
      evidence.line !== undefined &&
      authors.verified
    ) {
      const text = await input.lineText(evidence.path, evidence.line);
      const blamed =
        text === undefined ? undefined : await authors.lineAuthor(evidence.path, evidence.line, text);
      author = blamed?.author;
      if (blamed?.author === "candidate" && blamed.sha) {
        lineCommits.set(technology, (lineCommits.get(technology) ?? new Set()).add(blamed.sha));
      }
    }
    author ??= authors.fileAuthor(evidence.path);
    evidence.author = author === "unknown" && input.required ? "others" : author;
  }

  const spans = new Map<string, CommitSpan>();
  if (!authors.verified) return spans;
  const technologies = new Set([...input.paths.keys(), ...languageFiles.keys()]);
  for (const technology of technologies) {
    const files = languageFiles.get(technology);
    const all = files ?? [...(input.paths.get(technology) ?? [])].filter((p) => !manifests.has(p));
    const mine =
      languageAuthor.get(technology) === "others"
        ? []
        : all.filter((p) => authors.fileAuthor(p) === "candidate");
    spans.set(technology, authors.span(mine, all, files ? [] : (lineCommits.get(technology) ?? [])));
  }
  return spans;
}

/** The candidate's when any is; others' when history names only others; unknown otherwise. */
function strongest(authors: readonly Author[]): Author {
  if (authors.includes("candidate")) return "candidate";
  return authors.includes("others") ? "others" : "unknown";
}
