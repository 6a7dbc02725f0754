// Filters by guard, action and section. Without JavaScript they are anchored sections listing the records
// of each value; the inline script adds toggle buttons that hide the records that do not match.
import type { RedactionRecord } from "../../../guards/index.js";
import { escapeHtml } from "./escape.js";
import { countBy } from "./header.js";
import { recordTitle } from "./records-view.js";
import { sectionOf } from "./sections.js";

const FACETS = [
  { id: "guard", title: "By guard", key: (r: RedactionRecord) => r.guard },
  { id: "action", title: "By action", key: (r: RedactionRecord) => r.action },
  { id: "section", title: "By section", key: (r: RedactionRecord) => sectionOf(r.field) },
] as const;

/** The toggles' place (filled by the script) and the anchored index that works without it. */
export function filtersHtml(records: readonly RedactionRecord[]): { nav: string; index: string } {
  if (records.length === 0) return { nav: "", index: "" };
  const nav = FACETS.map(
    (f) =>
      `<li>${f.title}: ${countBy(records, f.key)
        .map(([v, n]) => `<a href="#${f.id}-${escapeHtml(v)}">${escapeHtml(v)} (${n})</a>`)
        .join(" · ")}</li>`,
  ).join("");
  const index = FACETS.map((f) => {
    const groups = countBy(records, f.key).map(([v]) => {
      const links = records
        .filter((r) => f.key(r) === v)
        .map(
          (r) =>
            `<li><a href="#record-${r.seq}">${escapeHtml(recordTitle(r))}</a> <code>${escapeHtml(r.field)}</code></li>`,
        )
        .join("");
      return `<section class="facet" id="${f.id}-${escapeHtml(v)}" aria-labelledby="${f.id}-${escapeHtml(v)}-h"><h4 id="${f.id}-${escapeHtml(v)}-h">${escapeHtml(f.title.replace(/^By /, ""))}: ${escapeHtml(v)}</h4><ul>${links}</ul></section>`;
    });
    return `<section class="facets"><h3>${f.title}</h3>${groups.join("")}</section>`;
  }).join("");
  return {
    nav: `<nav class="filters" aria-label="Filter the records">
<h2>Filters</h2>
<div id="filter-toggles" hidden></div>
<p id="filter-status" role="status" aria-live="polite"></p>
<ul class="filter-links" id="filter-links">${nav}</ul>
</nav>`,
    index: `<section class="filter-index" id="filter-index" aria-labelledby="filter-index-h"><h2 id="filter-index-h">Records by guard, action and section</h2>${index}</section>`,
  };
}
