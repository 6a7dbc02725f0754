// Link markup blanked before a text's sentences are read, so its brackets are not clause punctuation.
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
