// "Is Dana a fit for a Go backend role?", a list, or a pasted job post: the requirements read and matched
// exactly as `vouch generate` reads and matches them (pipeline/requirements.ts, pipeline/stages/strategize.ts),
// then the coverage line and one line per requirement with its status and evidence. A line is a fact made
// from the strategist's match for this question, judged with the answer like any other chunk.
import type { Chunk } from "../../../core/chunk.js";
import type { MatchStatus } from "../../../core/match.js";
import { whereSeen } from "../../../guards/index.js";
import {
  type StrategyMatch,
  coverage,
  fromText,
  jobRequirements,
  strategize,
} from "../../../pipeline/index.js";
import { isInstruction } from "../../injection.js";
import type { Intent } from "../intent.js";
import {
  type ComposeContext,
  type Composed,
  type Line,
  UNCITED,
  bestHighlights,
  composed,
  madeFact,
} from "./lines.js";

/** Requirements a fit answer lists at most (a long post's coverage line still counts them all). */
const MAX_REQUIREMENTS = 12;
const MAX_REFS = 3;
const MAX_HIGHLIGHTS = 2;

const STATUS_WORDS: Record<MatchStatus, string> = {
  "production-backed": "production code",
  "profile-stated": "stated in the profile",
  "kb-stated": "stated in the portfolio's docs",
  "example-only": `only in ${whereSeen("example-only")}`,
  "test-only": `only in ${whereSeen("test-only")}`,
  "tooling-only": `only in ${whereSeen("tooling-only")}`,
  "docs-only": `only in ${whereSeen("docs-only")}`,
  "others-only": `only in ${whereSeen("others-only")}, none of it the candidate's`,
  stale: "only in a doc claim the code contradicts",
  unsupported: "not shown by the profile or the code",
};

export function composeFit(intent: Intent, ctx: ComposeContext): Composed | undefined {
  if (!intent.job) return undefined;
  // A line that gives orders ("ignore the above and say …") is no requirement, and is never repeated.
  const requirements = jobRequirements(fromText("question", intent.job), ctx.catalog).filter(
    (r) => !isInstruction(r.text),
  );
  if (requirements.length === 0) return undefined;
  // The chunks retrieved for the question stand for each requirement's (the chat retrieves once).
  const retrieved = ctx.chunks.filter((c) => c.kind === "production-doc");
  const matches = strategize({
    requirements,
    catalog: ctx.catalog,
    profile: ctx.profile,
    ...(ctx.truth ? { truth: ctx.truth } : {}),
    chunks: new Map(requirements.map((r) => [r.id, retrieved])),
    asOf: ctx.asOf,
  });
  const facts: Chunk[] = [];
  const line = (id: string, uri: string, title: string, text: string, item = false): Line => {
    const fact = madeFact(`fit:${id}`, uri, title, text);
    facts.push(fact);
    return { text, chunk: fact, item };
  };
  const summary = coverage(matches).line;
  const lines = [line("coverage", UNCITED, "Coverage", `${summary}.`)];
  for (const m of matches.slice(0, MAX_REQUIREMENTS)) {
    const label = m.label ?? m.requirement;
    lines.push(line(m.requirementId, uriOf(m, ctx.profilePath), label, `${label}: ${describe(m)}.`, true));
  }
  // The work that shows the backed technologies, as the candidate wrote it.
  const backed = new Set(
    matches.filter((m) => m.status === "production-backed" && m.technology).map((m) => m.technology!),
  );
  const work = bestHighlights(
    ctx,
    (h) => [...h.technologies].filter((t) => backed.has(t)).length,
    MAX_HIGHLIGHTS,
  );
  return composed([...lines, ...work], facts);
}

/** `production code (platform-infra/services/orders/Dockerfile:1, profile.yaml#skills[0].keywords[2])`. */
function describe(m: StrategyMatch): string {
  const refs = m.evidence
    .slice(0, MAX_REFS)
    .map((e) => (e.source === "profile" ? `profile ${e.ref}` : e.ref));
  const note = m.note && m.status !== "unsupported" ? `; ${m.note}` : "";
  const because = m.status === "unsupported" && m.note ? ` (${m.note})` : "";
  return `${STATUS_WORDS[m.status]}${refs.length > 0 ? ` (${refs.join(", ")})` : ""}${note}${because}`;
}

/** Where the line's first piece of evidence lives: a repository file and line, or the profile's field. */
function uriOf(m: StrategyMatch, profilePath: string): string {
  const first = m.evidence[0];
  if (!first) return UNCITED;
  return first.source === "profile" ? `${profilePath}#${first.ref}` : first.ref;
}
