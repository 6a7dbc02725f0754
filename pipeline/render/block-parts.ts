// The pieces blocks.ts and its section modules build with: the block and segment shapes, and helpers that
// read a JSON Resume value defensively (a draft is model output: any field may be missing or mistyped).
import { formatDateRange } from "./dates.js";
import type { Layout, SectionId } from "./layout-schema.js";

export type BlockKind = "name" | "label" | "contact" | "heading" | "entry" | "text" | "bullet" | "skills";

export interface Segment {
  text: string;
  /**
   * The JSON Resume field this text is exactly, e.g. `work[0].highlights[2]`; absent for separators and for
   * text composed or shortened from fields (a degree, a URL without its scheme).
   */
  field?: string;
  bold?: boolean;
  italic?: boolean;
  /** Where the text links to (a URL, `mailto:`): drawn as a link where the format has them. */
  href?: string;
}

export interface Block {
  /** A stable name: a field path (`work[0]`, `basics.summary`) or `heading:<section>`. */
  key: string;
  kind: BlockKind;
  segments: Segment[];
  /** An entry's dates, drawn apart from its text (at a right tab stop or on a line below). */
  dates?: string;
  /** For headings: which section they open. */
  section?: SectionId;
}

export type BlockOptions = Pick<Layout, "sections" | "dates" | "header" | "labels">;

export function blockText(block: Block): string {
  return block.segments.map((s) => s.text).join("");
}

export const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
/** Past this, a URL's query and fragment are not shown (the link keeps them): a reader wants where it goes. */
const LONG_URL = 60;

/** A URL as the resume shows it: no scheme, no trailing slash, and a long one without its query. */
export function shownUrl(url: string): string {
  const shown = url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
  return shown.length > LONG_URL ? shown.replace(/[?#].*$/, "").replace(/\/$/, "") : shown;
}
/** A link target for a URL as a profile writes it (`github.com/ada` is https); nothing for anything else. */
export function linkTarget(url: string): string | undefined {
  const target = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  return /^(https?:\/\/|mailto:)[^\s<>"]+$/i.test(target) ? target : undefined;
}
const withHref = (segment: Segment, url: string): Segment => {
  const href = linkTarget(url);
  return href ? { ...segment, href } : segment;
};

/** `A — B` from the parts that exist, each segment keeping its field. */
export function joined(parts: (Segment | undefined)[], separator: string): Segment[] {
  const present = parts.filter((p): p is Segment => p !== undefined);
  return present.flatMap((p, i) => (i === 0 ? [p] : [{ text: separator }, p]));
}

// A field's text is kept exactly as written: a review comment's offsets are offsets into this string.
export { withHref };
export const field = (value: unknown, path: string, style: Partial<Segment> = {}): Segment | undefined =>
  text(value) === undefined ? undefined : { text: value as string, field: path, ...style };

/** A URL shown without its scheme; it keeps its field only when that left the text as written. */
export function link(value: unknown, path: string): Segment | undefined {
  const url = text(value);
  if (url === undefined) return undefined;
  const shown = shownUrl(url);
  return withHref(shown === value ? { text: shown, field: path } : { text: shown }, url);
}

/** The non-empty strings of a list as `a, b, c`, each keeping its field `<path>[j]`. */
export const fieldList = (values: unknown, path: string): Segment[] =>
  joined(
    list(values).map((v, j) => field(v, `${path}[${j}]`)),
    ", ",
  );

/** A one-day field (a certificate's date, an award's, a publication's releaseDate) in the layout's format. */
export function singleDate(value: unknown, dates: Layout["dates"]): string {
  const date = text(value);
  return date ? formatDateRange(date, date, dates) : "";
}

/** An entry's line, its optional summary line and its highlights as bullets. */
export function entryBlocks(
  key: string,
  title: Segment[],
  dates: string,
  summary: Segment | undefined,
  highlights: unknown,
): Block[] {
  const blocks: Block[] = [];
  if (title.length > 0 || dates) {
    blocks.push({ key, kind: "entry", segments: title, ...(dates ? { dates } : {}) });
  }
  if (summary) blocks.push({ key: summary.field as string, kind: "text", segments: [summary] });
  list(highlights).forEach((h, j) => {
    const bullet = field(h, `${key}.highlights[${j}]`);
    if (bullet) blocks.push({ key: bullet.field as string, kind: "bullet", segments: [bullet] });
  });
  return blocks;
}

/** `Name: a, b` (a skills group, an interest): nothing without a keyword, so no group name stands alone. */
export function groupLine(entry: unknown, key: string): Block[] {
  const group = record(entry);
  const name = field(group.name, `${key}.name`, { bold: true });
  // With no keyword list at all it is a skill (or interest) of its own: `{ name: "Kubernetes", level: … }`.
  if (!Array.isArray(group.keywords)) {
    const level = field(group.level, `${key}.level`);
    return name
      ? [{ key, kind: "skills", segments: level ? [name, { text: " (" }, level, { text: ")" }] : [name] }]
      : [];
  }
  const keywords = fieldList(group.keywords, `${key}.keywords`);
  if (keywords.length === 0) return [];
  return [{ key, kind: "skills", segments: name ? [name, { text: ": " }, ...keywords] : keywords }];
}
