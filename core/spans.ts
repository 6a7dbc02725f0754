// Spans of a text found by place in logarithmic time: a reader that asked of every span for each place it
// looks at costs time quadratic in a long text. Pure.

export interface Span {
  start: number;
  end: number;
}

/** Spans of a text with a start and an end: a long line names thousands, and each question is about a few. */
export class SpanIndex<T extends Span> {
  private readonly byStart: readonly T[];
  private readonly byEnd = new Map<number, T>();
  /** The longest span end among those that start before each index of `byStart`, that one included. */
  private readonly reach: number[] = [];

  constructor(spans: readonly T[]) {
    this.byStart = [...spans].sort((a, b) => a.start - b.start);
    let reach = -1;
    for (const m of this.byStart) {
      if (!this.byEnd.has(m.end)) this.byEnd.set(m.end, m);
      this.reach.push((reach = Math.max(reach, m.end)));
    }
  }

  /** The index of the first span starting at or after `at`. */
  private firstFrom(at: number): number {
    let low = 0;
    let high = this.byStart.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.byStart[mid]!.start < at) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Whether a span overlaps `[start, end)`. */
  overlaps(start: number, end: number): boolean {
    const before = this.firstFrom(end) - 1; // the last that starts before `end`
    return before >= 0 && this.reach[before]! > start;
  }

  /** The spans inside `[start, end)`, left to right. */
  within(start: number, end: number): T[] {
    const out: T[] = [];
    for (let i = this.firstFrom(start); i < this.byStart.length && this.byStart[i]!.start < end; i++)
      if (this.byStart[i]!.end <= end) out.push(this.byStart[i]!);
    return out;
  }

  /** The last span (by start) that ends by `at` and starts at or after `from`. */
  lastBefore(at: number, from: number): T | undefined {
    for (let i = this.firstFrom(at) - 1; i >= 0 && this.byStart[i]!.start >= from; i--)
      if (this.byStart[i]!.end <= at) return this.byStart[i];
    return undefined;
  }

  /** The first span (by start) that ends in `[from, to]`. */
  endingAt(from: number, to: number): T | undefined {
    let best: T | undefined;
    for (let end = from; end <= to; end++) {
      const m = this.byEnd.get(end);
      if (m && (!best || m.start < best.start)) best = m;
    }
    return best;
  }
}
