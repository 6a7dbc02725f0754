// The units of a Markdown or plain-text job post, read from markdown-it's tokens: each heading, paragraph,
// list item and table row is one unit; the soft line breaks of a hard-wrapped paragraph or bullet join.
// A list item knows the items nested under it (its context) and the item it is nested under.
import { markdownIt } from "../../core/markdown-it.js";
import type { MarkdownIt, Token } from "markdown-it";

export interface Unit {
  text: string;
  /** 1-based line where the unit starts. */
  line: number;
  heading: boolean;
  /** A list item or table row (not a paragraph or heading). */
  item?: true;
  /** A list item's nested items' text. */
  context?: string[];
  /** The text of the list item this one is nested under. */
  parent?: string;
}

let markdown: MarkdownIt | undefined;

function parser(): MarkdownIt {
  if (markdown) return markdown;
  const MarkdownIt = markdownIt();
  // Indented lines are prose in a pasted post, not code; HTML is text.
  markdown = new MarkdownIt("default", { html: false, linkify: false }).disable(["code"]);
  return markdown;
}

/** Plain-text bullets (`•`, `◦`, `▪`, `–`) read as Markdown list markers, indentation kept. */
const PLAIN_BULLET = /^(\s*)[•◦▪‣–—]\s+/gmu;

/** The text of an inline token without its markup: emphasis and code marks dropped, line breaks joined. */
function inlineText(token: Token): string {
  const parts = (token.children ?? []).map((child) => {
    if (child.type === "softbreak" || child.type === "hardbreak") return "\n";
    if (child.type === "text" || child.type === "code_inline") return child.content;
    if (child.type === "image") return child.content;
    return "";
  });
  return parts.join("");
}

/** HTML tags pasted with a post (`<b>Go</b>`) are markup, not words. */
const TAG = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>/gi;

const flat = (text: string) => text.replace(TAG, " ").replace(/\s+/g, " ").trim();

// A line that ends a phrase mid-way: the next line continues it.
const OPEN_END = /(?:[,(/&+-]|\b(?:and|or|the|a|an|to|of|in|on|for|with|by|at|as|from|into|using|via))$/i;

/**
 * A paragraph's lines: one unit when it is prose (hard-wrapped), one unit per line when every line starts
 * like an item (capital or digit) and none leaves its phrase open: a plain-text list without markers, whose
 * lines are items (or labels).
 */
function paragraphUnits(text: string, line: number): Unit[] {
  const lines = text.split("\n").map((l) => l.trim());
  const listLike =
    lines.length > 1 &&
    lines.every((l) => /^[\p{Lu}\p{N}]/u.test(l)) &&
    lines.slice(0, -1).every((l) => !OPEN_END.test(l));
  if (!listLike) return [{ text: flat(text), line, heading: false }];
  return lines.map((l, i) => {
    const heading = isLabel(l);
    return {
      text: l.replace(/:$/, ""),
      line: line + i,
      heading,
      ...(heading ? {} : { item: true as const }),
    };
  });
}

/** A short line that only names what follows ("Requirements:", "**Nice to have**") is a heading. */
function isLabel(text: string, paragraph: Token[] = []): boolean {
  if (text.includes("\n") || text.split(/\s+/).length > 6) return false;
  if (/^[^.!?]+:$/.test(text)) return true;
  const children = (paragraph[1]?.children ?? []).filter((c) => c.type !== "text" || c.content.trim() !== "");
  return (
    children.length >= 3 && children[0]?.type === "strong_open" && children.at(-1)?.type === "strong_close"
  );
}

interface OpenItem {
  unit?: Unit;
  parts: string[];
  line: number;
}

export function jobUnits(text: string): Unit[] {
  const tokens = parser().parse(text.replace(/^\uFEFF/, "").replace(PLAIN_BULLET, "$1- "), {});
  const units: Unit[] = [];
  const items: OpenItem[] = [];
  let row: { cells: string[]; line: number } | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const line = (token.map?.[0] ?? 0) + 1;
    switch (token.type) {
      case "heading_open":
        units.push({ text: flat(inlineText(tokens[i + 1]!)).replace(/:$/, ""), line, heading: true });
        break;
      case "list_item_open":
        // The item's unit is made at its first paragraph, so it comes before its nested items.
        items.push({ parts: [], line });
        break;
      case "list_item_close": {
        const item = items.pop();
        if (item?.unit) item.unit.text = flat(item.parts.join(" "));
        break;
      }
      case "paragraph_open": {
        const content = inlineText(tokens[i + 1]!);
        const item = items.at(-1);
        if (item) {
          item.parts.push(content);
          if (!item.unit) item.unit = placeItem(units, items, item);
        } else if (isLabel(flat(content), tokens.slice(i, i + 2))) {
          units.push({
            text: flat(content)
              .replace(/:$/, "")
              .replace(/^\*+|\*+$/g, ""),
            line,
            heading: true,
          });
        } else for (const unit of paragraphUnits(content, line)) units.push(unit);
        break;
      }
      case "tr_open":
        row = { cells: [], line };
        break;
      case "inline":
        if (row && /^t[hd]_open$/.test(tokens[i - 1]?.type ?? "")) row.cells.push(flat(inlineText(token)));
        break;
      case "tr_close": {
        const cells = row?.cells.filter(Boolean) ?? [];
        if (row && cells.length > 0)
          units.push({ text: cells.join(" — "), line: row.line, heading: false, item: true });
        row = undefined;
        break;
      }
      default:
    }
  }
  return units
    .filter((u) => u.text !== "")
    .map((u) => {
      const nested = children
        .get(u)
        ?.map((c) => c.text)
        .filter(Boolean);
      return { ...u, ...(nested?.length ? { context: nested } : {}) };
    });
}

/** The units nested under each list item's unit, in order. */
const children = new WeakMap<Unit, Unit[]>();

/** A new item's unit, linked to the item it is nested under (whose context lists it). */
function placeItem(units: Unit[], items: readonly OpenItem[], item: OpenItem): Unit {
  const unit: Unit = { text: "", line: item.line, heading: false, item: true };
  const parent = items.at(-2)?.unit;
  units.push(unit);
  if (parent) {
    // The parent's text is complete once its first paragraph is read, which comes before its items.
    parent.text = flat(items.at(-2)!.parts.join(" "));
    unit.parent = parent.text;
    children.set(parent, [...(children.get(parent) ?? []), unit]);
  }
  return unit;
}
