// What the guards' removals left empty is dropped, so no renderer draws a bare heading: a skills group whose
// every keyword went, a highlights or keywords list with nothing in it. A skills group that never had a
// keyword list (`{ name: "Kubernetes", level: "Advanced" }`) is a skill of its own and stays, and so does a
// list the draft had empty before any guard ran: no guard removed anything, so there is nothing to record. A section with
// no entry left stays an empty list in resume.json (taking a top-level key out would lose its place in the
// document on revert); the renderers draw nothing for it.
import type { JsonResume } from "../../core/resume.js";
import type { DraftFinding, Reported } from "../types.js";
import { asEntry, asList } from "./normalise.js";
import { RECORD_SECTIONS } from "./sections.js";

const LISTS_IN_ENTRIES = ["highlights", "keywords", "courses", "roles"];
const SECTIONS = ["skills", ...RECORD_SECTIONS.map((s) => s.key)];

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

function finding(
  field: string,
  what: string,
  edit: DraftFinding["edit"],
  actual = "",
): Reported<DraftFinding> {
  return {
    guard: "record-provenance",
    rule: "empty-group",
    action: edit.op === "set" ? "fallback" : "remove",
    field: edit.field,
    data: { field, what },
    actual,
    evidence: [],
    edit,
  };
}

/**
 * The edits that take out what the guards emptied (`emptied`: the lists their removals emptied, as
 * `skills[2].keywords`), in an order whose fields stay right as they are made.
 */
export function tidyEmpty(draft: JsonResume, emptied: ReadonlySet<string>): Reported<DraftFinding>[] {
  const found: Reported<DraftFinding>[] = [];
  for (const section of SECTIONS) {
    const list = asList(draft[section]).map(asEntry);
    // Highest index first: a removed group does not renumber the ones still to check.
    for (let i = list.length - 1; i >= 0; i--) {
      const entry = list[i]!;
      const at = `${section}[${i}]`;
      if (section === "skills" && isEmptyList(entry.keywords) && emptied.has(`${at}.keywords`)) {
        found.push(finding(at, "skills group", { op: "remove", field: at }, JSON.stringify(entry)));
        continue;
      }
      const empty = LISTS_IN_ENTRIES.filter((key) => isEmptyList(entry[key]) && emptied.has(`${at}.${key}`));
      if (empty.length === 0) continue;
      const kept = Object.fromEntries(Object.entries(entry).filter(([key]) => !empty.includes(key)));
      found.push(
        finding(`${at}.${empty.join(", ")}`, `${empty.join(" and ")} list`, {
          op: "set",
          field: at,
          value: kept,
        }),
      );
    }
  }
  return found;
}
