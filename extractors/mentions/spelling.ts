// A technology the candidate misspelt in their own profile ("deployed on Kubernets", "Postgress") is still
// the one they named: a word no dictionary has, one slip from a catalog name (core/spelling.ts). Only
// names read in any case qualify: a name that is also a word (Go, Express) is too easily something else.
import { isDictionaryWord, isNearSpelling, MIN_SLIP_LENGTH } from "../../core/spelling.js";
import type { CatalogEntry } from "../catalog-schema.js";
import type { Mention } from "./scan.js";

const WORD = /\p{L}+/gu;

/** Single-word catalog names a slip can be read as, by first letter (lower case). */
export type SlipNames = Map<string, { name: string; id: string }[]>;

export function slipNames(entries: readonly CatalogEntry[]): SlipNames {
  const byLetter: SlipNames = new Map();
  for (const entry of entries) {
    if (entry.text === "none" || entry.text === "exact" || entry.ambiguous) continue;
    for (const name of [entry.name, ...(entry.aliases ?? [])]) {
      if (!/^\p{L}+$/u.test(name) || name.length < MIN_SLIP_LENGTH) continue;
      const letter = name[0]!.toLowerCase();
      const list = byLetter.get(letter) ?? [];
      list.push({ name, id: entry.id });
      byLetter.set(letter, list);
    }
  }
  return byLetter;
}

/** The misspelt technologies of `text`: words outside `found` one slip from exactly one technology. */
export function misspeltMentions(text: string, found: readonly Mention[], names: SlipNames): Mention[] {
  const slips: Mention[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    const end = start + word.length;
    if (word.length < MIN_SLIP_LENGTH || found.some((m) => start < m.end && end > m.start)) continue;
    // A word glued to digits ("Kafka3") is not a word of its own.
    if (/[\p{N}_]/u.test(text[start - 1] ?? "") || /[\p{N}_]/u.test(text[end] ?? "")) continue;
    const ids = new Set(
      (names.get(word[0]!.toLowerCase()) ?? []).filter((n) => isNearSpelling(n.name, word)).map((n) => n.id),
    );
    if (ids.size !== 1 || isDictionaryWord(word)) continue;
    slips.push({ id: [...ids][0]!, start, end, matched: word });
  }
  return slips;
}
