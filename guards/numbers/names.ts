// Digits that name a thing rather than measure one: `ISO 27001`, `Windows 11`, `version 3`, and digits in or
// right after a technology name from the catalog (`Route 53`, `Java 17`, `Node.js 20`).
import type { Catalog } from "../../extractors/catalog.js";
import type { Reading } from "./reading.js";
import { WordSet, isSpaceCode, isWordCode, skipSpacesBack, wordStartBefore } from "./text.js";
import { lowerWords } from "../../core/words.js";

/** A bare number after these words names a thing (`ISO 27001`, `Windows 11`, `version 3`), it does not measure one. */
const NAMING_WORDS = new WordSet(
  "version versions ver v release rev revision build iso iec soc rfc pep jsr wcag ieee pci fortune s&p section windows ios android macos ubuntu debian fedora rhel centos tier level series".split(
    " ",
  ),
);

const nameWordsCache = new WeakMap<Catalog, WordSet>();

/**
 * The words of catalog names that can come right before a number: a name's last word (`java` in `Java 17`,
 * `js` in `Node.js 20`) and a word before digits inside a name (`route` in `Route 53`). A number after any
 * other word is neither in nor right after a name, so the catalog is not asked.
 */
function nameWords(catalog: Catalog): WordSet {
  let set = nameWordsCache.get(catalog);
  if (!set) {
    const words = new Set<string>();
    for (const entry of catalog.entries) {
      if (entry.text === "none") continue;
      for (const name of [entry.name, ...(entry.aliases ?? [])]) {
        const lower = name.toLowerCase();
        // Most names are ASCII: split them without compiling a Unicode class in a cold process.
        const parts = /^[\x20-\x7e]*$/.test(lower)
          ? lower.split(/[^a-z0-9]+/).filter(Boolean)
          : lowerWords(lower);
        parts.forEach((w, i) => {
          if (i === parts.length - 1 || /^\d/.test(parts[i + 1]!)) words.add(w);
        });
      }
    }
    set = new WordSet(words);
    nameWordsCache.set(catalog, set);
  }
  return set;
}

/**
 * Whether the word right before `start` is a name word (one space or none between; `C#`, `C++` keep their
 * letters).
 */
function afterNameWord(text: string, start: number, catalog: Catalog): boolean {
  let j = start;
  if (isSpaceCode(text.charCodeAt(j - 1))) j--;
  for (let n = 0; n < 2 && (text[j - 1] === "#" || text[j - 1] === "+"); n++) j--;
  let k = j;
  while (k > 0 && k > j - 40 && isWordCode(text.charCodeAt(k - 1))) k--;
  return nameWords(catalog).has(text, k, j);
}

/** Whether the number at `[start, end)` is inside a technology name (`Route 53`) or right after one (`Java 17`). */
function nameRelation(
  text: string,
  start: number,
  end: number,
  catalog: Catalog,
): "inside" | "after" | undefined {
  if (!afterNameWord(text, start, catalog)) return undefined;
  // A window from a word start at least 48 characters back: the longest catalog name is 41.
  let from = Math.max(0, start - 48);
  for (const limit = from - 32; from > 0 && from > limit && text[from - 1] !== " ";) from--;
  for (const m of catalog.findMentions(text.slice(from, end))) {
    const ms = from + m.start;
    const me = from + m.end;
    if (ms <= start && me > start) return "inside";
    if (me <= start && start - me <= 1 && /^[ \u00a0]?$/.test(text.slice(me, start))) return "after";
  }
  return undefined;
}

/** A bare number that names a thing: `ISO 27001`, `Windows 11`, `Route 53`, `Java 17`, `Node.js 20`. */
export function isName(
  text: string,
  catalog: Catalog | undefined,
  d: Reading,
  digitsStart: number,
  digitsEnd: number,
): boolean {
  if (d.word || d.start !== digitsStart) return false;
  const dot = text[d.start - 2] === "." && text[d.start - 1] === " " ? 2 : 0; // `v. 2`, `ver. 3`
  const wordEnd = skipSpacesBack(text, d.start - dot);
  const wordStart = wordStartBefore(text, wordEnd);
  if (wordStart < wordEnd && NAMING_WORDS.has(text, wordStart, wordEnd)) return true;
  if (!catalog) return false;
  const relation = nameRelation(text, digitsStart, digitsEnd, catalog);
  // Right after a name, only a version-shaped number is a version: `Kafka 1,200` counts something.
  return relation === "inside" || (relation === "after" && !text.slice(digitsStart, digitsEnd).includes(","));
}
