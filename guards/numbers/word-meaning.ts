// What a word right after a number can mean (scale, unit), memoised per spelling: the suffix readers ask
// for the same few words over and over, and a word's meaning never changes.
import { type NameNode, gluedCode, nameStart } from "./currency.js";
import { GLUED_SCALES, SCALE_WORDS, unitOf, type UnitDef } from "./units.js";

/** What a word after a number can be, looked up once per spelling (a word's meaning never changes). */
interface WordMeaning {
  /** `SCALE_WORDS` of the word in lower case (after a space). */
  scale: number | undefined;
  /** The unit it spells after a space. */
  spacedUnit: UnitDef | undefined;
  /** The unit it spells glued to the number. */
  gluedUnit: UnitDef | undefined;
  /** `GLUED_SCALES` of the word as written. */
  gluedScale: number | undefined;
  /** Where the word leads in the tree of currency names and codes after a space (`dollars`, `US`, `usd`). */
  currency: NameNode | undefined;
  /** The currency a code glued to the number spells (`USD` in `5USD`). */
  gluedCurrency: string | undefined;
}

/** Spellings seen so far by their hash (of the exact characters), with what they mean. */
const meanings = new Map<number, { word: string; meaning: WordMeaning }[]>();
let meaningCount = 0;
/** Spellings remembered at most; a long text of unusual words starts the memo over rather than grow it. */
const MAX_MEANINGS = 4096;

/** What `text[start, end)` means after a number: looked up in place, the word built once per spelling. */
export function meaningAt(text: string, start: number, end: number): WordMeaning {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  let same = meanings.get(h);
  if (same) {
    for (let i = 0; i < same.length; i++) {
      const known = same[i]!;
      if (known.word.length === end - start && text.startsWith(known.word, start)) return known.meaning;
    }
  }
  if (meaningCount >= MAX_MEANINGS) {
    meanings.clear();
    meaningCount = 0;
    same = undefined;
  }
  const word = text.slice(start, end);
  const meaning: WordMeaning = {
    scale: SCALE_WORDS[word.toLowerCase()],
    spacedUnit: unitOf(word, false),
    gluedUnit: unitOf(word, true),
    gluedScale: GLUED_SCALES[word],
    currency: nameStart(word),
    gluedCurrency: gluedCode(word),
  };
  if (same) same.push({ word, meaning });
  else meanings.set(h, [{ word, meaning }]);
  meaningCount++;
  return meaning;
}
