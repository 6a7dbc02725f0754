// Where a cue's reach ends: the sentences of a text (Markdown or plain), with link markup blanked first so
// its brackets are not clause punctuation.
import { sentenceSpans } from "../markdown.js";

// `[text](target "title")`, `![alt](src)` and `[text][ref]`: the brackets and target are markup, not clause
// punctuation ("Plan to adopt [OpenAI](https://openai.com) and K8s").
const LINK = /!?\[([^\]\n]*)\](\([^)\s]*(?:\s+"[^"\n]*")?\)|\[[^\]\n]*\])/g;

/** The text with link markup replaced by spaces: the same offsets, the link text kept. */
export function withoutLinkMarkup(text: string): string {
  if (!text.includes("](") && !text.includes("][")) return text;
  return text.replace(LINK, (whole, label: string) => {
    const open = whole.indexOf("[");
    return " ".repeat(open + 1) + label + " ".repeat(whole.length - open - 1 - label.length);
  });
}

// A line that starts a list item, heading, quote or table row starts a sentence of its own.
const BLOCK_START = /^[ \t]*(?:[-*+•][ \t]|\d{1,3}[.)][ \t]|#{1,6}[ \t]|>|\|)/;

// Abbreviations that end no sentence, though a capital follows.
const ABBREVIATION = /(?<![\p{L}\p{N}])(?:vs|e\.g|i\.e|cf|incl|approx|esp|resp|viz)\.$/iu;

/** The sentences of a text (Markdown or plain), as offsets. */
export function sentencesOf(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let blockStart = 0;
  let at = 0;
  const close = (end: number) => {
    if (end <= blockStart) return;
    for (const span of sentenceSpans(text, blockStart, end)) {
      const last = spans.at(-1);
      // "Snowflake vs. BigQuery" is one sentence.
      if (last && last[1] >= blockStart && ABBREVIATION.test(text.slice(last[0], last[1]))) last[1] = span[1];
      else spans.push(span);
    }
  };
  while (at <= text.length) {
    const newline = text.indexOf("\n", at);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(at, lineEnd);
    if (line.trim() === "" || (at > blockStart && BLOCK_START.test(line))) {
      close(at);
      blockStart = line.trim() === "" ? lineEnd + 1 : at;
    }
    if (newline < 0) break;
    at = newline + 1;
  }
  close(text.length);
  return spans;
}
