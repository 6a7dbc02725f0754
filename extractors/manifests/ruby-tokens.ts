// A tokenizer for the part of Ruby that Gemfiles use: words, `label:`s, `:symbols`, strings, %w/%i
// lists and punctuation, with comments, =begin/=end blocks and `\` line continuations removed.
import { ParseError } from "../types.js";

export type RubyTokenKind = "word" | "label" | "symbol" | "string" | "list" | "punct" | "newline";

export interface RubyToken {
  kind: RubyTokenKind;
  value: string;
  /** For `list` tokens (%w[], %i[]): the words. */
  items?: string[];
  line: number;
}

const CLOSERS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "<": ">" };

export function tokenizeRuby(text: string): RubyToken[] {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const tokens: RubyToken[] = [];
  let at = 0;
  let line = 1;
  const atLineStart = (): boolean => at === 0 || source[at - 1] === "\n";
  const push = (kind: RubyTokenKind, value: string, startLine: number, items?: string[]): void => {
    tokens.push(items ? { kind, value, items, line: startLine } : { kind, value, line: startLine });
  };

  // Reads up to the unescaped `close`, allowing nested `open`/`close` pairs and `#{...}` interpolation.
  const readDelimited = (open: string, close: string, interpolates: boolean): string => {
    const startLine = line;
    let depth = 0;
    let body = "";
    for (;;) {
      const c = source[at];
      if (c === undefined)
        throw new ParseError(`The string starting on line ${startLine} is never closed.`, startLine);
      at++;
      if (c === "\n") line++;
      if (c === "\\") {
        body += c + (source[at] ?? "");
        if (source[at] === "\n") line++;
        at++;
      } else if (interpolates && c === "#" && source[at] === "{") {
        at++;
        body += `#{${readDelimited("{", "}", true)}}`;
      } else if (c === close && depth === 0) {
        return body;
      } else {
        if (c === open && open !== close) depth++;
        else if (c === close) depth--;
        body += c;
      }
    }
  };

  while (at < source.length) {
    const c = source[at] ?? "";
    const startLine = line;
    if (atLineStart() && source.startsWith("=begin", at)) {
      const end = source.indexOf("\n=end", at);
      const stop = end === -1 ? source.length : source.indexOf("\n", end + 1);
      for (const ch of source.slice(at, stop === -1 ? source.length : stop)) if (ch === "\n") line++;
      at = stop === -1 ? source.length : stop;
    } else if (atLineStart() && source.startsWith("__END__", at)) {
      break;
    } else if (c === "#") {
      while (at < source.length && source[at] !== "\n") at++;
    } else if (c === "\\" && source[at + 1] === "\n") {
      at += 2;
      line++;
    } else if (c === "\n" || c === ";") {
      push("newline", c, startLine);
      if (c === "\n") line++;
      at++;
    } else if (c === " " || c === "\t") {
      at++;
    } else if (c === '"' || c === "'" || c === "`") {
      at++;
      push("string", readDelimited(c, c, c !== "'"), startLine);
    } else if (c === "%" && /^%[qQwWiI]?[([{<|!/]/.test(source.slice(at, at + 3))) {
      const letter = /[qQwWiI]/.test(source[at + 1] ?? "") ? (source[at + 1] ?? "") : "";
      const type = letter || "Q"; // a bare %(...) is a %Q string
      at += 1 + letter.length;
      const open = source[at++] ?? "";
      const body = readDelimited(open, CLOSERS[open] ?? open, type === "Q" || type === "W" || type === "I");
      if (/[wWiI]/.test(type))
        push(
          "list",
          body,
          startLine,
          body.split(/\s+/).filter((w) => w !== ""),
        );
      else push("string", body, startLine);
    } else if (c === ":" && source[at + 1] === ":") {
      push("punct", "::", startLine);
      at += 2;
    } else if (c === ":" && (source[at + 1] === '"' || source[at + 1] === "'")) {
      const quote = source[at + 1] ?? "";
      at += 2;
      push("symbol", readDelimited(quote, quote, quote === '"'), startLine);
    } else if (c === ":" && /[A-Za-z_]/.test(source[at + 1] ?? "")) {
      const word = /^[A-Za-z_]\w*[?!]?/.exec(source.slice(at + 1))?.[0] ?? "";
      push("symbol", word, startLine);
      at += 1 + word.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_]\w*[?!]?/.exec(source.slice(at))?.[0] ?? c;
      at += word.length;
      if (source[at] === ":" && source[at + 1] !== ":") {
        push("label", word, startLine);
        at++;
      } else {
        push("word", word, startLine);
      }
    } else if (source.startsWith("=>", at)) {
      push("punct", "=>", startLine);
      at += 2;
    } else {
      push("punct", c, startLine);
      at++;
    }
  }
  return tokens;
}
