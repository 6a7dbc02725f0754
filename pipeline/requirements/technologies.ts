// The technologies a line of a job names: the catalog's mentions, plus the members of a parenthesised or
// slash list that are named only through the list's head ("AWS (EKS, IAM, VPC, KMS)": IAM is AWS IAM;
// "AWS IAM/KMS": KMS is AWS KMS). Pure.
import { SpanIndex } from "../../core/spans.js";
import type { Catalog, Mention } from "../../extractors/catalog.js";

export interface NamedTechnology {
  id: string;
  /** Where in the line it is named: its list item's offsets for an expanded member. */
  start: number;
  end: number;
}

/** A parenthesised group and the clause before it; a slash list's members after the first. */
const GROUP = /\(([^()]*)\)/g;
// A list starts where a word does: tried inside a word too, one long word costs time quadratic in its length.
const SLASH_LIST =
  /(?<![\p{L}\p{N}.+#-])[\p{L}\p{N}][\p{L}\p{N}.+#-]*(?:\s*\/\s*[\p{L}\p{N}][\p{L}\p{N}.+#-]*)+/gu;
const CLAUSE_END = ".;:)";
const SEPARATOR = /\s*(?:[,;/&]|\band\b|\bor\b|\betc\.?|\be\.g\.,?|\bi\.e\.,?|\bsuch as\b|\bincluding\b)\s*/i;

export function namedTechnologies(text: string, catalog: Catalog): NamedTechnology[] {
  const mentions = catalog.findMentions(text);
  const found: NamedTechnology[] = mentions.map((m) => ({ id: m.id, start: m.start, end: m.end }));
  const ids = new Set(found.map((f) => f.id));
  const places = new SpanIndex(mentions);
  for (const item of listItems(text, places)) {
    if (places.overlaps(item.start, item.end)) continue; // named on its own
    const id = throughHeads(item.text, item.heads, catalog);
    if (id && !ids.has(id)) {
      ids.add(id);
      found.push({ id, start: item.start, end: item.end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

interface ListItem {
  text: string;
  start: number;
  end: number;
  /** The technologies that may prefix it: the list's head, then its named members. */
  heads: string[];
}

function listItems(text: string, places: SpanIndex<Mention>): ListItem[] {
  const items: ListItem[] = [];
  const idsWithin = (start: number, end: number) => places.within(start, end).map((m) => m.id);
  for (const group of text.matchAll(GROUP)) {
    const open = group.index;
    const close = open + group[0].length;
    // The head is the last technology named before the group in the same clause.
    // Read back to the clause's start only: the previous group's ")" ends it at the latest.
    let clauseStart = open;
    while (clauseStart > 0 && !CLAUSE_END.includes(text[clauseStart - 1]!)) clauseStart--;
    const head = places.lastBefore(open, clauseStart);
    const heads = [...(head ? [head.id] : []), ...idsWithin(open, close)];
    for (const item of split(text, open + 1, close - 1, heads)) items.push(item);
  }
  for (const list of text.matchAll(SLASH_LIST)) {
    const start = list.index;
    const end = start + list[0].length;
    // "AWS IAM/KMS": the head is the technology that ends at the list's first member.
    const first = start + list[0].indexOf("/");
    let word = first;
    while (word > start && /\s/u.test(text[word - 1]!)) word--;
    const head = places.endingAt(word, first);
    const heads = [...(head ? [head.id] : []), ...idsWithin(start, end)];
    for (const item of split(text, first + 1, end, heads)) items.push(item);
  }
  return items;
}

/** The members of `text[from, to)` split at commas, slashes, "and", "or", with their offsets. */
function split(text: string, from: number, to: number, heads: string[]): ListItem[] {
  const out: ListItem[] = [];
  const body = text.slice(from, to);
  let at = 0;
  for (const part of body.split(SEPARATOR)) {
    const index = body.indexOf(part, at);
    at = index + part.length;
    const trimmed = part.trim();
    if (trimmed === "" || !/^[\p{L}\p{N}]/u.test(trimmed)) continue;
    const start = from + index + part.indexOf(trimmed);
    out.push({ text: trimmed, start, end: start + trimmed.length, heads });
  }
  return out;
}

/**
 * The technology a list member names through a head: `<head's name or vendor> <member>`, and for AWS
 * also `Amazon <member>` ("Amazon VPC"), when that whole phrase is one catalog name.
 */
function throughHeads(member: string, heads: readonly string[], catalog: Catalog): string | undefined {
  if (member.split(/\s+/).length > 3) return undefined; // a phrase, not a name
  for (const headId of heads) {
    const head = catalog.get(headId);
    if (!head) continue;
    const vendor = head.vendor ?? head.name;
    const prefixes = [...new Set([vendor, head.name, ...(vendor === "AWS" ? ["Amazon"] : [])])];
    for (const prefix of prefixes) {
      const phrase = `${prefix} ${member}`;
      const named = catalog.findMentions(phrase);
      if (named.length === 1 && named[0]!.start === 0 && named[0]!.end === phrase.length) return named[0]!.id;
    }
  }
  return undefined;
}
