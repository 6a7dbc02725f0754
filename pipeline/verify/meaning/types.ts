// The shapes a read sentence has: the terms it holds, with their polarity, and its changes and choices.
import type { NumberMention } from "../../../guards/index.js";

/** The technologies and figures a text names: what its words are read as. */
export interface Marks {
  technologies: readonly { id: string; start: number; end: number }[];
  numbers: readonly NumberMention[];
}

/** How a sentence holds a term: states it, negates it, or both (in different places). */
export const STATED = 1;
export const NEGATED = 2;

export interface Term {
  /** STATED | NEGATED bits; 0 for a term a frame reads (the old side of a move: "from self-managed VMs"). */
  mask: number;
  /** Where the sentence states it / negates it, for the reason. */
  stated?: string;
  negated?: string;
}

export type Direction = "up" | "down";

/**
 * One change or choice a clause states. `change`: from `first` to `second` ("from 820 ms to 140 ms", "moved
 * off VMs onto EKS", "A → B"), or only a direction ("reduced the bill by 23.4%"); `choice`: `second` chosen
 * over `first` ("PostgreSQL instead of Redis", "replaced Redis with PostgreSQL").
 */
export interface Frame {
  kind: "change" | "choice";
  first: ReadonlySet<string>;
  second: ReadonlySet<string>;
  /** The direction a word gives ("reduced": down). */
  dir?: Direction;
  dirWord?: string;
  /** The direction the two figures give, when they measure the same thing (820 ms → 140 ms: down). */
  order?: Direction;
  /** The keys of the clause's part the frame sits in: what the change is about. */
  context: ReadonlySet<string>;
  text: string;
}

/** One sentence (or claim) read: its terms by key, and the changes and choices it states. */
export interface Meaning {
  /** Every term's key: `t:<technology id>`, `n:<value>:<unit>` for a figure, `w:<stem>` for a content word. */
  keys: ReadonlySet<string>;
  terms: ReadonlyMap<string, Term>;
  frames: readonly Frame[];
}
