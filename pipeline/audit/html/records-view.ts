// Every record of the log as an article: the change as one highlighted diff, guard, rule, reason, evidence,
// and for an override who made it and why. Icons and words say what happened; colour only repeats it.
import { recordKind, type RedactionRecord } from "../../../guards/index.js";
import { auditorOf } from "../override.js";
import { describeMatch } from "../summary.js";
import { diffWords } from "./diff.js";
import { escapeHtml, slug } from "./escape.js";
import { sectionOf } from "./sections.js";

export const ACTION_ICONS: Record<string, string> = {
  redact: "▇",
  remove: "✂",
  fallback: "↺",
  restore: "⤶",
  demote: "↓",
  "mark-stale": "⌛",
  annotate: "✎",
  override: "⚑",
};

/** The change as one line: kept words plain, removed ones struck through, added ones underlined. */
export function diffHtml(before: string, after: string): string {
  if (before === "" && after === "") return `<span class="none">(no text)</span>`;
  return diffWords(before, after)
    .map((part) => {
      const text = escapeHtml(part.text);
      if (part.op === "same") return `<span>${text}</span>`;
      if (part.op === "removed") return `<del><span class="sr-only">removed: </span>${text}</del>`;
      return `<ins><span class="sr-only">added: </span>${text}</ins>`;
    })
    .join("");
}

function jsonText(value: string): string {
  if (value === "") return "";
  try {
    return JSON.stringify(JSON.parse(value));
  } catch {
    return value;
  }
}

function changeHtml(record: RedactionRecord): string {
  const kind = recordKind(record);
  if (kind === "match") {
    return diffHtml(describeMatch(record.original), describeMatch(record.replacement));
  }
  if (kind === "structure")
    return `<code class="json">${diffHtml(jsonText(record.original), jsonText(record.replacement))}</code>`;
  return diffHtml(record.original, record.replacement);
}

function evidenceHtml(record: RedactionRecord): string {
  if (record.evidence.length === 0) return `<p class="none">No evidence cited.</p>`;
  const items = record.evidence.map((e) => {
    const text = e.text !== undefined ? ` <q>${escapeHtml(e.text)}</q>` : "";
    return `<li><span class="kind">${escapeHtml(e.source)}</span> <code>${escapeHtml(e.ref)}</code>${text}</li>`;
  });
  return `<ul class="record-evidence">${items.join("")}</ul>`;
}

/** `#seq` of the record an override points at (its evidence ref ends `#seq=N`). */
export function overriddenSeq(record: RedactionRecord): number | undefined {
  if (recordKind(record) !== "override") return undefined;
  const ref = record.evidence.map((e) => /#seq=(\d+)$/.exec(e.ref)).find(Boolean);
  return ref ? Number(ref[1]) : undefined;
}

export function recordTitle(record: RedactionRecord): string {
  return `#${record.seq} ${record.action} by ${record.guard}`;
}

/** "as alice", or a note that an override written before vouch named its auditor has no name. */
function whoOverrode(record: RedactionRecord): string {
  const auditor = auditorOf(record);
  return auditor
    ? `as <strong>${escapeHtml(auditor)}</strong>`
    : "(this override names no auditor: it was written before vouch recorded one)";
}

function recordHtml(record: RedactionRecord, overriddenBy: ReadonlyMap<number, RedactionRecord>): string {
  const id = `record-${record.seq}`;
  const icon = ACTION_ICONS[record.action] ?? "•";
  const target = overriddenSeq(record);
  const override =
    target !== undefined
      ? `<p class="override-note">⚑ An auditor overrode <a href="#record-${target}">#${target}</a> at <time>${escapeHtml(record.ts)}</time> ${whoOverrode(record)}. Why: ${escapeHtml(record.reason)}</p>`
      : "";
  const by = overriddenBy.get(record.seq);
  const overridden = by
    ? `<p class="override-note">⚑ Overridden by <a href="#record-${by.seq}">#${by.seq}</a>: ${escapeHtml(by.reason)}</p>`
    : "";
  return `<article class="record action-${slug(record.action)}" id="${id}" data-guard="${escapeHtml(record.guard)}" data-action="${escapeHtml(record.action)}" data-section="${escapeHtml(sectionOf(record.field))}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="icon" aria-hidden="true">${icon}</span> #${record.seq} <span class="action">${escapeHtml(record.action)}</span> · <span class="guard">${escapeHtml(record.guard)}</span> / <span class="rule">${escapeHtml(record.rule)}</span></h3>
<p class="field">Field <code>${escapeHtml(record.field)}</code>${record.range ? ` at ${record.range[0]}–${record.range[1]}` : ""}</p>
<p class="change"><span class="label">Before → after:</span> ${changeHtml(record)}</p>
<p class="reason"><span class="label">Why:</span> ${escapeHtml(record.reason)}</p>
${override}${overridden}<div class="evidence-block"><span class="label">Evidence:</span>${evidenceHtml(record)}</div>
<p class="meta"><span>at <time>${escapeHtml(record.ts)}</time></span> <span>hash <code>${escapeHtml(record.hash.slice(0, 16))}…</code></span></p>
</article>`;
}

/** Every record in log order. */
export function recordsHtml(records: readonly RedactionRecord[]): string {
  const overriddenBy = new Map<number, RedactionRecord>();
  for (const r of records) {
    const target = overriddenSeq(r);
    if (target !== undefined) overriddenBy.set(target, r);
  }
  if (records.length === 0) return `<p>The log holds no records: the guards changed nothing.</p>`;
  return records.map((r) => recordHtml(r, overriddenBy)).join("\n");
}
