// Before → after as one highlighted text: words kept, removed and added, from a longest common subsequence
// of word tokens (whitespace kept as its own token so that the text joins back exactly).

export type DiffPart = { op: "same" | "removed" | "added"; text: string };

// Past this many token pairs the table would be too large: the whole text is shown replaced.
const MAX_CELLS = 250_000;

function tokens(text: string): string[] {
  return text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
}

/** The parts that turn `before` into `after`; joining the same+removed gives `before`, same+added `after`. */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length * b.length > MAX_CELLS) return merge([removed(before), added(after)]);
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      parts.push({ op: "same", text: a[i++]! });
      j++;
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // On a tie the removal comes first: a reader sees what went, then what replaced it.
      parts.push(removed(a[i++]!));
    } else {
      parts.push(added(b[j++]!));
    }
  }
  return merge(parts);
}

const removed = (text: string): DiffPart => ({ op: "removed", text });
const added = (text: string): DiffPart => ({ op: "added", text });

/** Neighbouring parts of one kind become one. */
function merge(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    if (part.text === "") continue;
    const last = out.at(-1);
    if (last?.op === part.op) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
