// One repository's authorship, once its evidence is found: each item's author, each technology's commit
// span, the summary report.json shows (with the docs others wrote) and the warning a person reads.
import type { RepoAnalysis } from "../analyze.js";
import type { Catalog } from "../catalog.js";
import { catalogLanguageId, languageOf } from "../languages.js";
import type { RepoSnapshot } from "../sources/types.js";
import type { AuthoredSpan, ExtractWarning, RepoAuthorship } from "../../core/truth.js";
import { attributeEvidence } from "./attribute.js";
import type { CommitSpan, RepoAuthors } from "./types.js";

export interface RepositoryAuthorship {
  spans: Map<string, CommitSpan>;
  summary: RepoAuthorship;
  warning?: ExtractWarning;
}

export async function authorRepository(input: {
  snapshot: RepoSnapshot;
  analysis: RepoAnalysis;
  authors: RepoAuthors;
  catalog: Catalog;
  required: boolean;
}): Promise<RepositoryAuthorship> {
  const { snapshot, analysis, authors, required } = input;
  const spans = await attributeEvidence({
    authors,
    evidence: analysis.found,
    paths: analysis.paths ?? new Map(),
    languageFiles: languageFilesById(analysis.languageFiles, input.catalog),
    lineText: (path, line) => lineOf(snapshot, path, line),
    required,
  });
  const othersDocs = await docsByOthers(snapshot, authors, required);
  const summary: RepoAuthorship = {
    verified: authors.verified,
    ...(authors.note ? { note: authors.note } : {}),
    ...(authors.verified
      ? {
          commits: authors.commits,
          candidateCommits: authors.candidateCommits,
          languages: candidateBytes(snapshot, analysis.summary.languages, authors.candidateFiles),
        }
      : {}),
    ...(othersDocs.length > 0 ? { othersDocs } : {}),
  };
  if (authors.verified && !authors.note) return { spans, summary };
  const counted = !authors.verified && required ? "; counted as others' (authorship required)" : "";
  const said = authors.verified ? "authorship limited" : "authorship not verified";
  return { spans, summary, warning: { repo: snapshot.name, message: `${said}: ${authors.note}${counted}` } };
}

/** Linguist languages' files under the catalog's language ids (TSX's files are TypeScript's). */
function languageFilesById(
  byLinguist: ReadonlyMap<string, readonly string[]> | undefined,
  catalog: Catalog,
): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const [linguist, files] of byLinguist ?? []) {
    const id = catalogLanguageId(linguist, catalog);
    if (id) byId.set(id, [...(byId.get(id) ?? []), ...files]);
  }
  return byId;
}

// Prose a knowledge base may read: READMEs and text documents.
const PROSE = /(^|\/)readme[^/]*$|\.(md|mdx|markdown|txt|rst|adoc)$/i;

/** The repository's prose files that others wrote (or nobody can attribute, when authorship is required). */
async function docsByOthers(
  snapshot: RepoSnapshot,
  authors: RepoAuthors,
  required: boolean,
): Promise<string[]> {
  const docs = snapshot.files.map((f) => f.path).filter((p) => PROSE.test(p));
  await authors.prepare(docs);
  return docs.filter((p) => {
    const author = authors.fileAuthor(p);
    return author === "others" || (author === "unknown" && required);
  });
}

/** Bytes per counted language of the files the candidate touched, in the summary's order. */
function candidateBytes(
  snapshot: RepoSnapshot,
  counted: Readonly<Record<string, number>>,
  candidateFiles: ReadonlySet<string>,
): Record<string, number> {
  const bytes: Record<string, number> = {};
  for (const file of snapshot.files) {
    if (!candidateFiles.has(file.path)) continue;
    const language = languageOf(file.path);
    if (language && counted[language] !== undefined) bytes[language] = (bytes[language] ?? 0) + file.size;
  }
  return Object.fromEntries(
    Object.keys(counted)
      .filter((l) => bytes[l])
      .map((l) => [l, bytes[l]!]),
  );
}

/** One line of a snapshot's file (1-based), for finding a manifest line at HEAD. */
async function lineOf(snapshot: RepoSnapshot, path: string, line: number): Promise<string | undefined> {
  try {
    return (await snapshot.read(path)).toString("utf8").split("\n")[line - 1];
  } catch {
    return undefined;
  }
}

/** Each technology's span over every repository: commits add up, dates widen. */
export function mergeSpans(perRepo: readonly Map<string, CommitSpan>[]): Map<string, CommitSpan> {
  const merged = new Map<string, CommitSpan>();
  for (const spans of perRepo) {
    for (const [id, span] of spans) {
      const into = merged.get(id) ?? { commits: 0, total: 0 };
      into.commits += span.commits;
      into.total += span.total;
      if (span.first !== undefined) into.first = Math.min(into.first ?? span.first, span.first);
      if (span.last !== undefined) into.last = Math.max(into.last ?? span.last, span.last);
      merged.set(id, into);
    }
  }
  return merged;
}

/** A span as the extract JSON gives it: dates as YYYY-MM-DD; none without a commit of the candidate's. */
export function authoredSpan(span: CommitSpan | undefined): AuthoredSpan | undefined {
  if (!span || span.commits === 0 || span.first === undefined || span.last === undefined) return undefined;
  const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  return { commits: span.commits, total: span.total, first: day(span.first), last: day(span.last) };
}
