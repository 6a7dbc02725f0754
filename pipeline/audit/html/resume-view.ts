// The guarded resume as rendered (pipeline/render/blocks.ts), section by section: each kept line with its
// evidence, each change marked where it sits (pipeline/render/review.ts anchors, as in the review DOCX), and
// each removed line struck through where it was.
import { recordKind, type RedactionRecord } from "../../../guards/index.js";
import type { JsonResume } from "../../../core/resume.js";
import { formatField, parseField } from "../../../core/resume.js";
import { type Block, type BlockOptions, blockText, resumeBlocks } from "../../render/blocks.js";
import { isItemRemoval, isMatchRecord, placeRecords } from "../../render/record-places.js";
import { type Anchor, DEFAULT_BLOCK_OPTIONS, anchorRecords } from "../../render/review.js";
import { escapeHtml } from "./escape.js";
import type { EvidenceNotes } from "./evidence-view.js";
import { ACTION_ICONS } from "./records-view.js";
import type { LineEvidence } from "./types.js";

interface Removed {
  record: RedactionRecord;
  field: string;
}

/** `#5` links to the records that changed a line. */
function changedBy(seqs: readonly number[]): string {
  if (seqs.length === 0) return "";
  const links = [...new Set(seqs)].sort((a, b) => a - b).map((s) => `<a href="#record-${s}">#${s}</a>`);
  return ` <span class="changed-by">(changed: ${links.join(", ")})</span>`;
}

/** A segment's text with the anchored ranges (block offsets) marked. */
function marked(text: string, offset: number, anchors: readonly Anchor[]): string {
  const cuts = new Set([0, text.length]);
  for (const a of anchors) {
    for (const at of [a.start - offset, a.end - offset]) if (at > 0 && at < text.length) cuts.add(at);
  }
  const points = [...cuts].sort((a, b) => a - b);
  let html = "";
  for (let i = 0; i < points.length - 1; i++) {
    const [from, to] = [points[i]!, points[i + 1]!];
    const piece = escapeHtml(text.slice(from, to));
    const covered = anchors.some((a) => a.start - offset < to && a.end - offset > from);
    html += covered ? `<mark>${piece}</mark>` : piece;
  }
  return html;
}

function blockInner(block: Block, anchors: readonly Anchor[], evidence: LineEvidence, notes: EvidenceNotes) {
  let offset = 0;
  const parts = block.segments.map((segment) => {
    const text = marked(segment.text, offset, anchors);
    offset += segment.text.length;
    const styled = segment.bold ? `<strong>${text}</strong>` : segment.italic ? `<em>${text}</em>` : text;
    return segment.field
      ? notes.unit(segment.field, styled, segment.text, evidence.get(segment.field))
      : styled;
  });
  return parts.join("") + changedBy(anchors.flatMap((a) => a.seqs));
}

function removedHtml(removed: Removed, tag: "li" | "p"): string {
  const icon = ACTION_ICONS.remove;
  return `<${tag} class="removed"><span class="icon" aria-hidden="true">${icon}</span> <span class="label">Removed</span> <del>${escapeHtml(removed.record.original)}</del> <span class="changed-by">(<a href="#record-${removed.record.seq}">#${removed.record.seq}</a> ${escapeHtml(removed.record.guard)}: <code>${escapeHtml(removed.field)}</code>)</span></${tag}>`;
}

/** Where a removed item is shown: before the item now at its index, after its list, or after its entry. */
function hostOf(field: string, blocks: readonly Block[]): { key: string; before: boolean } | undefined {
  if (blocks.some((b) => b.key === field)) return { key: field, before: true };
  const parts = parseField(field);
  const list = formatField(parts.slice(0, -1));
  const last = blocks.filter((b) => b.key.startsWith(`${list}[`)).at(-1);
  if (last) return { key: last.key, before: false };
  for (let n = parts.length - 1; n > 0; n--) {
    const prefix = formatField(parts.slice(0, n));
    if (blocks.some((b) => b.key === prefix)) return { key: prefix, before: false };
  }
  return undefined;
}

export interface ResumeView {
  html: string;
  /** Removed items with no place left in the rendered resume (a whole section emptied). */
  unplaced: number;
}

/** The resume, section by section, with every kept line's evidence and every change in place. */
export function resumeHtml(
  resume: JsonResume,
  records: readonly RedactionRecord[],
  evidence: LineEvidence,
  notes: EvidenceNotes,
  options: BlockOptions = DEFAULT_BLOCK_OPTIONS,
): ResumeView {
  const blocks = resumeBlocks(resume, options);
  const placements = placeRecords(records.filter((r) => recordKind(r) !== "override"));
  const removed = placements
    .filter((p) => p.removed && isItemRemoval(p.record) && !isMatchRecord(p.record))
    .map((p): Removed => ({ record: p.record, field: p.field }));
  const removedSeqs = new Set(removed.map((r) => r.record.seq));
  const anchors = anchorRecords(
    resume,
    records.filter((r) => recordKind(r) !== "override" && !removedSeqs.has(r.seq)),
    options,
  );

  const before = new Map<string, Removed[]>();
  const after = new Map<string, Removed[]>();
  const unplaced: Removed[] = [];
  for (const item of removed) {
    const host = hostOf(item.field, blocks);
    if (!host) unplaced.push(item);
    else {
      const into = host.before ? before : after;
      into.set(host.key, [...(into.get(host.key) ?? []), item]);
    }
  }

  const out: string[] = [];
  let inList = false;
  let inSection = false;
  const row = (html: string, isItem: boolean) => {
    if (isItem && !inList) out.push("<ul>");
    if (!isItem && inList) out.push("</ul>");
    inList = isItem;
    out.push(html);
  };
  const openSection = (id: string, heading: string) => {
    if (inList) out.push("</ul>");
    if (inSection) out.push("</section>");
    inList = false;
    inSection = true;
    out.push(
      `<section class="resume-section" id="resume-${id}" aria-labelledby="resume-${id}-h"><h3 id="resume-${id}-h">${escapeHtml(heading)}</h3>`,
    );
  };
  openSection("header", "Header");
  for (const block of blocks) {
    if (block.kind === "heading") {
      openSection(block.section ?? block.key, blockText(block));
      continue;
    }
    const isItem = block.kind === "bullet";
    for (const item of before.get(block.key) ?? []) row(removedHtml(item, isItem ? "li" : "p"), isItem);
    const inner = blockInner(block, anchors.get(block.key) ?? [], evidence, notes);
    const dates = block.dates ? ` <span class="dates">${escapeHtml(block.dates)}</span>` : "";
    if (block.kind === "name") row(`<p class="name">${inner}</p>`, false);
    else if (block.kind === "entry") row(`<h4 class="entry">${inner}${dates}</h4>`, false);
    else if (isItem) row(`<li>${inner}</li>`, true);
    else row(`<p class="${block.kind}">${inner}</p>`, false);
    for (const item of after.get(block.key) ?? []) {
      const asItem = /\.highlights\[\d+\]$/.test(item.field);
      row(removedHtml(item, asItem ? "li" : "p"), asItem);
    }
  }
  if (inList) out.push("</ul>");
  if (inSection) out.push("</section>");
  if (unplaced.length > 0) {
    out.push(
      `<section class="resume-section" id="resume-removed" aria-labelledby="resume-removed-h"><h3 id="resume-removed-h">Removed, with nothing left around them</h3>${unplaced.map((u) => removedHtml(u, "p")).join("")}</section>`,
    );
  }
  return { html: out.join("\n"), unplaced: unplaced.length };
}
