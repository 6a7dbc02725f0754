// One sentence being read: its clauses and their parts, the sides a frame reads (`forward`, `backward`), and
// what the rules (negations.ts, choices.ts, changes.ts) mark on it: each term's polarity and the frames.
import {
  CHOOSING,
  DOWN,
  GOING,
  JOINS,
  MOVING,
  NEGATING,
  NEGATING_NOUN,
  PREPOSITIONS,
  REPLACING,
  UP,
} from "./lexicon.js";
import type { Item } from "./items.js";
import { type Direction, type Frame, NEGATED } from "./types.js";

/** A run of items a frame reads as one side: what it is about, and where it is. */
export interface Arg {
  keys: Set<string>;
  from: number;
  to: number;
}

export const NO_ARG: Arg = { keys: new Set(), from: -1, to: -1 };

/** A sentence's items and its clause structure (fixed once parsed), and what the rules mark on it. */
export class Sentence {
  /** Per item: its clause's end (exclusive), its part's start and end, the direction of its part. */
  readonly clauseEnd: number[] = [];
  readonly partStart: number[] = [];
  readonly partEnd: number[] = [];
  readonly partDir: ({ dir: Direction; at: number } | undefined)[] = [];
  readonly clauseStart: number[] = [];
  /** Per item: a verb of moving or a direction word / a verb of choosing comes before it in its part. */
  readonly movedBefore: boolean[] = [];
  readonly choseBefore: (number | undefined)[] = [];
  /** Per item: 0 stated; NEGATED with the negation's text; -1 read by a frame (no polarity). */
  readonly polarity: number[];
  readonly negation: (string | undefined)[];
  /** The "to" or "from" a from/to change already read as its partner: it starts no change of its own. */
  readonly used = new Set<number>();
  readonly frames: Frame[] = [];
  /** The parts (by their first item) that hold a from/to change: no direction-only frame for them. */
  readonly framedParts = new Set<number>();

  constructor(
    readonly text: string,
    readonly items: Item[],
  ) {
    this.polarity = items.map(() => 0);
    this.negation = items.map(() => undefined);
    this.parse();
  }

  /** Clauses, their parts (split at "and", "while", "after" …) and each part's direction word. */
  private parse(): void {
    const { items } = this;
    let clause = 0;
    while (clause < items.length) {
      let end = clause + 1;
      while (end < items.length && !items[end]!.opens) end++;
      let dir: { dir: Direction; at: number } | undefined;
      let part = clause;
      while (part < end) {
        let partEnd = part + 1;
        while (partEnd < end && !JOINS.has(items[partEnd]!.word)) partEnd++;
        let own: { dir: Direction; at: number } | undefined;
        for (let i = part; i < partEnd && !own; i++) {
          const d = this.directionAt(i);
          if (d) own = { dir: d, at: i };
        }
        // "Reduced latency and error rates by 40%": a part with no verb of its own shares the one before.
        dir = own ?? dir;
        let moved = false;
        let chose: number | undefined;
        for (let i = part; i < partEnd; i++) {
          this.clauseStart[i] = clause;
          this.clauseEnd[i] = end;
          this.partStart[i] = JOINS.has(items[part]!.word) ? part + 1 : part;
          this.partEnd[i] = partEnd;
          this.partDir[i] = dir;
          this.movedBefore[i] = moved;
          this.choseBefore[i] = chose;
          moved ||= MOVING.has(items[i]!.stem) || this.directionAt(i) !== undefined;
          if (CHOOSING.has(items[i]!.stem)) chose = i;
        }
        part = partEnd;
      }
      clause = end;
    }
  }

  directionAt(i: number): Direction | undefined {
    const it = this.items[i]!;
    if (!it.word) return undefined;
    const next = this.items[i + 1];
    if (it.word === "up" || it.word === "down") {
      const prev = this.items[i - 1];
      return prev && GOING.has(prev.stem) ? (it.word === "up" ? "up" : "down") : undefined;
    }
    if (UP.has(it.stem)) return "up";
    // "cut over to EKS" is a move, "a drop-in replacement" no change.
    if (DOWN.has(it.stem) && !(next?.word === "over") && !next?.hyphened) return "down";
    return undefined;
  }

  isPreposition(i: number): boolean {
    const it = this.items[i];
    return !!it && PREPOSITIONS.has(it.word) && !it.hyphened && !this.items[i + 1]?.hyphened;
  }

  isCue(i: number): boolean {
    const w = this.items[i]?.word ?? "";
    return NEGATING.has(w) || NEGATING_NOUN.has(w) || w.endsWith("n't") || w === "instead" || w === "rather";
  }

  /** Where an argument stops: a preposition, a joining word, a negation, an arrow, the clause's end. */
  stops(i: number, end: number): boolean {
    return i >= end || this.isPreposition(i) || JOINS.has(this.items[i]!.word) || this.isCue(i);
  }

  /** The side of a frame that starts at `i` and runs forward, at most 6 items. */
  forward(i: number, stopAt = this.clauseEnd[i] ?? i): Arg {
    const from = i;
    let to = i;
    while (to < stopAt && to - from < 6 && !(to > from && (this.stops(to, stopAt) || this.items[to]!.arrow)))
      to++;
    return this.arg(from, to);
  }

  /** The side of a frame that ends at `i` and runs back, at most 4 items, within the clause. */
  backward(i: number): Arg {
    if (i < 0) return NO_ARG;
    const end = i + 1;
    let from = end;
    const clauseStart = this.clauseStart[i]!;
    while (
      from > clauseStart &&
      end - from < 4 &&
      !this.stops(from - 1, Infinity) &&
      !this.isVerb(from - 1)
    ) {
      from--;
      if (this.items[from]!.arrow) break;
    }
    return this.arg(from, end);
  }

  isVerb(i: number): boolean {
    const stem = this.items[i]!.stem;
    return CHOOSING.has(stem) || REPLACING.has(stem) || MOVING.has(stem);
  }

  /** Items [from, to) as one side: its technologies and figures if it names any, else its content words. */
  arg(from: number, to: number): Arg {
    const all = this.items.slice(from, to).filter((it) => it.key);
    const strong = all.filter((it) => it.strong);
    return { keys: new Set((strong.length > 0 ? strong : all).map((it) => it.key!)), from, to };
  }

  slice(from: number, last: number): string {
    if (last < from) return "";
    return this.text.slice(this.items[from]!.start, this.items[last]!.end);
  }

  mark(arg: Arg, polarity: number, negation?: string): void {
    for (let i = arg.from; i < arg.to; i++) {
      if (this.polarity[i] === NEGATED) continue;
      this.polarity[i] = polarity;
      if (negation) this.negation[i] = negation;
    }
  }

  /** What a frame at `i` is about: the terms near it in its part (bounded, so a long part stays linear). */
  contextOf(i: number, ...args: Arg[]): Set<string> {
    const context = new Set<string>();
    const [from, to] = this.near(i);
    for (let j = from; j < to; j++) {
      const it = this.items[j]!;
      if (it.key && this.directionAt(j) === undefined) context.add(it.key);
    }
    for (const a of args) for (const k of a.keys) context.add(k);
    return context;
  }

  /** Items [from, to) of the part of `i` within 10 items before it and 12 after. */
  near(i: number): [number, number] {
    return [Math.max(this.partStart[i]!, i - 10), Math.min(this.partEnd[i]!, i + 12)];
  }
}
