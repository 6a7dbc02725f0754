// A text as the reader sees it: its words, technologies and figures in order, each with what stands before it
// (punctuation that opens a clause, an arrow, a bare hyphen).
import type { NumberMention } from "../../../guards/index.js";
import { isContentWord, isNegation, stemOf, wordsOf } from "../../../core/words.js";
import { ARROW, BREAK } from "./lexicon.js";
import type { Marks } from "./types.js";

/** A word, technology or figure of a sentence, in order. */
export interface Item {
  start: number;
  end: number;
  /** Lower case, with a typographic apostrophe read as `'`; empty for a technology or figure. */
  word: string;
  stem: string;
  key?: string;
  /** A technology or a figure: what an argument is about when it names one. */
  strong: boolean;
  figure?: NumberMention;
  /** Punctuation or a line break before it: it starts a clause. */
  opens: boolean;
  /** An arrow between it and the item before ("A → B"). */
  arrow: boolean;
  /** Joined to the item before by a bare hyphen ("on-call", "self-managed"). */
  hyphened: boolean;
}

const figureKey = (n: NumberMention) => `n:${n.value}:${n.unit ?? ""}`;

/** The words, technologies and figures of a text, with what stands between them. */
export function itemsOf(text: string, marks: Marks): Item[] {
  const spans = [
    ...marks.technologies.map((t) => ({ start: t.start, end: t.end, key: `t:${t.id}`, figure: undefined })),
    ...marks.numbers.map((n) => ({ start: n.span[0], end: n.span[1], key: figureKey(n), figure: n })),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const items: Item[] = [];
  let s = 0;
  let last: (typeof spans)[number] | undefined;
  for (const w of wordsOf(text)) {
    while (s < spans.length && spans[s]!.end <= w.start) s++;
    const span = spans[s];
    if (span && span.start < w.end) {
      const prev = items.at(-1);
      // A figure written as one word ("doubled", "halved", "tenfold") still says its direction as a word.
      const said = span.figure && span.start === w.start && span.end === w.end ? w.text.toLowerCase() : "";
      if (last === span && prev) prev.end = Math.max(prev.end, w.end);
      else
        items.push(
          item(
            text,
            items,
            Math.min(span.start, w.start),
            Math.max(span.end, w.end),
            said,
            span.key,
            span.figure,
          ),
        );
      last = span;
      continue;
    }
    const word = w.text.toLowerCase().replaceAll("’", "'");
    const key = isContentWord(w.text) && !isNegation(w.text) ? `w:${stemOf(w.text)}` : undefined;
    items.push(item(text, items, w.start, w.end, word, key));
  }
  return items;
}

function item(
  text: string,
  before: readonly Item[],
  start: number,
  end: number,
  word: string,
  key: string | undefined,
  figure?: NumberMention,
): Item {
  const prev = before.at(-1);
  const gap = prev ? text.slice(prev.end, start) : "";
  return {
    start,
    end,
    word,
    stem: word ? stemOf(word) : "",
    key,
    strong: word === "" || figure !== undefined,
    figure,
    opens: !prev || BREAK.test(gap),
    arrow: ARROW.test(gap),
    hyphened: gap === "-" || gap === "‑",
  };
}
