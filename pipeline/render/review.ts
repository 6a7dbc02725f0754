// The review variant: a Word comment at every place a guard or the verifier changed, saying what and why.
// `anchorRecords` decides where each comment goes; the DOCX renderer only draws them.
import type { JsonResume } from "../../core/resume.js";
import { formatField, parseField } from "../../core/resume.js";
import { type Block, type BlockOptions, blockText, resumeBlocks } from "./blocks.js";
import { SECTION_HEADINGS, type SectionId } from "./layout-schema.js";
import { type Placement, type RecordFacts, isMatchRecord, placeRecords } from "./record-places.js";

export const REVIEW_AUTHOR = { author: "vouch", initials: "V" } as const;

export interface Anchor {
  /** Offsets into the paragraph's text (for a highlight or a summary: into the field's own string). */
  start: number;
  end: number;
  /** The comment's text; one line per record, and lines become paragraphs of the comment. */
  comment: string;
  seqs: number[];
}

/** Paragraph keys as in blocks.ts (`work[0].highlights[2]`, `skills[1]`, `heading:skills`) → anchors. */
export type AnchorMap = Map<string, Anchor[]>;

// Block keys and texts depend on the layout only through separators and labels; these stand in when the
// caller has no layout (the DOCX renderer passes its own).
export const DEFAULT_BLOCK_OPTIONS: BlockOptions = {
  sections: Object.keys(SECTION_HEADINGS) as SectionId[],
  dates: { format: "MMM YYYY", present: "Present", separator: " – ", position: "right" },
  header: { align: "center", separator: " | " },
  labels: { keywords: "Technologies" },
};

/** `<guard>/<rule>: <action> "<original>" → "<replacement>". <reason>` */
export function commentText(record: RecordFacts): string {
  const original = isMatchRecord(record) ? describeMatch(record.original) : record.original;
  const replacement = isMatchRecord(record) ? describeMatch(record.replacement) : record.replacement;
  return `${record.guard}/${record.rule}: ${record.action} "${original}" → "${replacement}". ${record.reason}`;
}

/** A match record holds whole matches as JSON; a person wants the technology and its status. */
function describeMatch(json: string): string {
  if (json === "") return "";
  try {
    const match = JSON.parse(json) as { technology?: string; requirement?: string; status?: string };
    const what = match.technology ?? match.requirement ?? "";
    return match.status ? `${what} (${match.status})` : what;
  } catch {
    return json;
  }
}

interface Located {
  block: Block;
  offset: number;
  length: number;
}

function whole(block: Block): { key: string; start: number; end: number } {
  return { key: block.key, start: 0, end: blockText(block).length };
}

/** Where in the rendered paragraphs one placed record goes. */
function locate(
  placement: Placement,
  blocks: Map<string, Block>,
  fields: Map<string, Located>,
  fallback: Block,
) {
  if (!placement.removed) {
    const at = fields.get(placement.field);
    if (at) {
      const range = placement.range;
      if (range && range[0] < range[1] && range[1] <= at.length) {
        return { key: at.block.key, start: at.offset + range[0], end: at.offset + range[1] };
      }
      // No exact place (whole-string fallback, an overlapping later edit, an empty replacement): the string.
      return { key: at.block.key, start: at.offset, end: at.offset + at.length };
    }
  }
  // A removed item, or a field with nothing rendered: the nearest containing paragraph (for a removed skill
  // keyword, its skill group's line; for a removed highlight, its entry's line).
  const parts = parseField(placement.field);
  for (let n = placement.removed ? parts.length - 1 : parts.length; n > 0; n--) {
    const prefix = formatField(parts.slice(0, n));
    const block = blocks.get(prefix) ?? fields.get(prefix)?.block;
    if (block) return whole(block);
  }
  return whole(fallback);
}

/**
 * For the guarded resume and its run's records: per rendered paragraph, where each comment starts and ends.
 * Records on `matches[...]` changed the strategist's matches, not the text: they share one comment on the
 * Skills heading (or the name line when there are no skills).
 */
export function anchorRecords(
  resume: JsonResume,
  records: readonly RecordFacts[],
  options: BlockOptions = DEFAULT_BLOCK_OPTIONS,
): AnchorMap {
  const list = resumeBlocks(resume, options);
  const anchors: AnchorMap = new Map();
  const fallback = list.find((b) => b.kind === "name") ?? list[0];
  if (!fallback) return anchors;
  const blocks = new Map(list.map((b) => [b.key, b]));
  const fields = new Map<string, Located>();
  for (const block of list) {
    let offset = 0;
    for (const segment of block.segments) {
      if (segment.field) fields.set(segment.field, { block, offset, length: segment.text.length });
      offset += segment.text.length;
    }
  }
  const add = (key: string, anchor: Anchor) => anchors.set(key, [...(anchors.get(key) ?? []), anchor]);

  const placements = placeRecords(records);
  for (const placement of placements.filter((p) => !isMatchRecord(p.record))) {
    const { key, start, end } = locate(placement, blocks, fields, fallback);
    add(key, { start, end, comment: commentText(placement.record), seqs: [placement.record.seq] });
  }
  const matchRecords = placements.filter((p) => isMatchRecord(p.record)).map((p) => p.record);
  if (matchRecords.length > 0) {
    const target = whole(blocks.get("heading:skills") ?? fallback);
    const lines = matchRecords.map((r) => `${r.field}: ${commentText(r)}`);
    add(target.key, {
      start: target.start,
      end: target.end,
      comment: ["Changed before writing (the job's requirements matched to evidence):", ...lines].join("\n"),
      seqs: matchRecords.map((r) => r.seq),
    });
  }
  for (const entries of anchors.values()) entries.sort((a, b) => a.start - b.start || b.end - a.end);
  return anchors;
}
