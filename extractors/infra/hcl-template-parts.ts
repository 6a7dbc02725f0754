// The literal text and sequences of a string or heredoc as the lexer reads them, and how they become a
// token's parts: `<<-` indentation removed, `~` strip markers applied, adjacent text joined.
import type { SequenceToken } from "./hcl-syntax.js";

/** The leading whitespace of a `<<-` heredoc line, replaced once the smallest indentation is known. */
export interface Indent {
  text: string;
  /** The line holds nothing else. */
  blank: boolean;
}

/** A sequence as lexed, with its `~` strip markers still to apply to the neighbouring literal text. */
export interface RawSequence extends SequenceToken {
  stripBefore: boolean;
  stripAfter: boolean;
}

export type RawPart = string | Indent | RawSequence;

/** `<<-`: every line loses the smallest indentation among lines that hold more than whitespace. */
export function removeIndent(parts: RawPart[]): RawPart[] {
  let smallest = Infinity;
  for (const part of parts)
    if (isIndent(part) && !part.blank) smallest = Math.min(smallest, part.text.length);
  if (smallest === Infinity) smallest = 0;
  return parts.map((part) =>
    isIndent(part) ? (part.text.length >= smallest ? part.text.slice(smallest) : part.text) : part,
  );
}

/** Joins adjacent literal text and applies `~` strip markers, which trim the whitespace next to a sequence. */
export function finishParts(raw: RawPart[]): (string | SequenceToken)[] {
  const parts: (string | SequenceToken)[] = [];
  let stripNext = false;
  for (const part of raw) {
    if (typeof part === "string" || isIndent(part)) {
      let literal = typeof part === "string" ? part : part.text;
      if (stripNext) literal = literal.trimStart();
      stripNext = stripNext && literal === "";
      const last = parts[parts.length - 1];
      if (typeof last === "string") parts[parts.length - 1] = last + literal;
      else if (literal !== "") parts.push(literal);
      continue;
    }
    const last = parts[parts.length - 1];
    if (part.stripBefore && typeof last === "string") {
      const trimmed = last.trimEnd();
      if (trimmed === "") parts.pop();
      else parts[parts.length - 1] = trimmed;
    }
    const { stripBefore: _before, stripAfter, ...sequence } = part;
    parts.push(sequence);
    stripNext = stripAfter;
  }
  return parts;
}

function isIndent(part: RawPart): part is Indent {
  return typeof part === "object" && "blank" in part;
}
