// How much of the job the candidate's evidence backs, as one line for the terminal and report.json:
// "8 of 11 requirements backed (5 by production code, 2 by the profile, 1 by docs); unsupported: Snowflake".
import type { Catalog } from "../../../extractors/catalog.js";
import type { MatchStatus } from "../../../core/match.js";
import type { Requirement } from "../../requirements.js";

export interface Coverage {
  requirements: number;
  backed: number;
  byProduction: number;
  byProfile: number;
  byDocs: number;
  /** The labels of the requirements nothing backs (example-only, stale and the like count as unbacked). */
  unsupported: string[];
  line: string;
}

/** What backs a requirement, by its status: production code, the profile, or a production doc. */
export const BACKED_BY: Partial<Record<MatchStatus, "production" | "profile" | "docs">> = {
  "production-backed": "production",
  "profile-stated": "profile",
  "kb-stated": "docs",
};

const MAX_LABEL = 60;

/** A requirement in a few words: `AWS IAM`, `5+ years Go`, `5+ years`, `Meltano`, or the duty's words. */
export function requirementLabel(r: Requirement, catalog: Catalog): string {
  const name = (id: string) => catalog.get(id)?.name ?? id;
  if (r.kind === "technology" && r.technology) return name(r.technology);
  if (r.kind === "years") return `${r.years}+ years${r.technology ? ` ${name(r.technology)}` : ""}`;
  if (r.kind === "name" && r.name) return r.name;
  const text = r.text.replace(/[.:;]+$/, "");
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1).trimEnd()}…` : text;
}

export function coverage(
  matches: readonly { status: MatchStatus; label?: string; requirement: string }[],
): Coverage {
  const count = (by: string) => matches.filter((m) => BACKED_BY[m.status] === by).length;
  const [byProduction, byProfile, byDocs] = [count("production"), count("profile"), count("docs")];
  const backed = byProduction + byProfile + byDocs;
  const unbacked = matches.filter((m) => !BACKED_BY[m.status]);
  const unsupported = unbacked.map((m) => m.label ?? m.requirement);
  // "OpenAI (example only)": a candidate must not read a technology seen in their examples as missing.
  const shown = unbacked.map((m, i) =>
    m.status === "unsupported"
      ? unsupported[i]
      : `${unsupported[i]} (${m.status === "others-only" ? "only in others' code" : m.status.replace(/-/g, " ")})`,
  );
  const parts = [
    byProduction > 0 ? `${byProduction} by production code` : "",
    byProfile > 0 ? `${byProfile} by the profile` : "",
    byDocs > 0 ? `${byDocs} by docs` : "",
  ].filter(Boolean);
  const line =
    `${backed} of ${matches.length} requirement${matches.length === 1 ? "" : "s"} backed` +
    (parts.length > 0 ? ` (${parts.join(", ")})` : "") +
    (shown.length > 0 ? `; unsupported: ${shown.join(", ")}` : "");
  return { requirements: matches.length, backed, byProduction, byProfile, byDocs, unsupported, line };
}
