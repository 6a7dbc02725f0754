// The table `vouch generate --explain` prints: each requirement, its status, and the evidence behind it,
// so a candidate sees the gaps before sending.
import type { RunReport } from "../../outputs/report.js";

const MAX_TEXT = 70;

const clip = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1).trimEnd()}…` : flat;
};

/** One row per requirement, one line per piece of evidence; a note says why when there is none. */
export function explainTable(matches: RunReport["matches"]): string[] {
  const rows = matches.map((m) => ({
    requirement: `${m.requirementId ?? ""} ${m.label ?? clip(m.requirement)}`.trim(),
    status: m.status,
    evidence:
      m.evidence.length > 0
        ? m.evidence.map((e) => `${e.source} ${e.ref}${e.text ? ` "${clip(e.text)}"` : ""}`)
        : [m.note ? `none: ${clip(m.note)}` : "none"],
  }));
  const width = (key: "requirement" | "status", header: string) =>
    Math.max(header.length, ...rows.map((r) => r[key].length));
  const [w1, w2] = [width("requirement", "requirement"), width("status", "status")];
  const line = (a: string, b: string, c: string) => `  ${a.padEnd(w1)}  ${b.padEnd(w2)}  ${c}`.trimEnd();
  return [
    line("requirement", "status", "evidence"),
    ...rows.flatMap((r) =>
      r.evidence.map((e, i) => (i === 0 ? line(r.requirement, r.status, e) : line("", "", e))),
    ),
  ];
}
