// Line numbers of offsets in a text, for evidence and chunks that name their lines.

/** The offset each line of `text` starts at. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding `offset`, given the text's `lineStarts`. */
export function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Returns a function mapping a 0-based string offset to its 1-based line. */
export function lineLocator(text: string): (offset: number) => number {
  const starts = lineStarts(text);
  return (offset) => lineAt(starts, offset);
}
