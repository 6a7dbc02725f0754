// The technologies a line of a job names: the catalog's mentions, plus the members of a parenthesised or
// slash list that are named only through the list's head ("AWS (EKS, IAM, VPC, KMS)": IAM is AWS IAM;
// "AWS IAM/KMS": KMS is AWS KMS). Pure.
import type { Catalog, Mention } from "../../extractors/catalog.js";

export interface NamedTechnology {
  id: string;
  /** Where in the line it is named: its list item's offsets for an expanded member. */
  start: number;
  end: number;
}

/** A parenthesised group and the clause before it; a slash list's members after the first. */
const GROUP = /\(([^()]*)\)/g;
const SLASH_LIST = /[\p{L}\p{N}][\p{L}\p{N}.+#-]*(?:\s*\/\s*[\p{L}\p{N}][\p{L}\p{N}.+#-]*)+/gu;
const SEPARATOR = /\s*(?:[,;/&]|\band\b|\bor\b|\betc\.?|\be\.g\.,?|\bi\.e\.,?|\bsuch as\b|\bincluding\b)\s*/i;

export function namedTechnologies(text: string, catalog: Catalog): NamedTechnology[] {
  const mentions = catalog.findMentions(text);
  const found: NamedTechnology[] = mentions.map((m) => ({ id: m.id, start: m.start, end: m.end }));
  const has = (id: string) => found.some((f) => f.id === id);
  for (const item of listItems(text, mentions)) {
    if (mentions.some((m) => m.start < item.end && m.end > item.start)) continue; // named on its own
    const id = throughHeads(item.text, item.heads, catalog);
    if (id && !has(id)) found.push({ id, start: item.start, end: item.end });
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

function listItems(text: string, mentions: readonly Mention[]): ListItem[] {
  const items: ListItem[] = [];
  const idsWithin = (start: number, end: number) =>
    mentions.filter((m) => m.start >= start && m.end <= end).map((m) => m.id);
  for (const group of text.matchAll(GROUP)) {
    const open = group.index;
    const close = open + group[0].length;
    // The head is the last technology named before the group in the same clause.
    const clauseStart = Math.max(0, ...[".", ";", ":", ")"].map((p) => text.lastIndexOf(p, open - 1) + 1));
    const head = mentions.filter((m) => m.end <= open && m.start >= clauseStart).at(-1);
    const heads = [...(head ? [head.id] : []), ...idsWithin(open, close)];
    items.push(...split(text, open + 1, close - 1, heads));
  }
  for (const list of text.matchAll(SLASH_LIST)) {
    const start = list.index;
    const end = start + list[0].length;
    // "AWS IAM/KMS": the head is the technology that ends at the list's first member.
    const first = start + list[0].indexOf("/");
    const head = mentions.find((m) => m.end <= first && text.slice(m.end, first).trim() === "");
    const heads = [...(head ? [head.id] : []), ...idsWithin(start, end)];
    items.push(...split(text, first + 1, end, heads));
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
