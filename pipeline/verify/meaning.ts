// What words alone miss: whether a sentence states a thing or negates it (polarity), which way a change runs
// (direction), and which of two things was chosen (roles). A claim can hold every word of its source and
// still say the opposite: "moved from Amazon EKS to self-managed VMs" for "moved from self-managed VMs to
// Amazon EKS", "increased p95 latency from 140 ms to 820 ms" for "reduced it from 820 ms to 140 ms", "Redis
// instead of PostgreSQL" for "PostgreSQL instead of Redis", "never used PostgreSQL" for "uses PostgreSQL".
//
// Pure and linear: `readMeaning` reads one sentence once, from its words and the technology and figure
// mentions already found in it; `contradiction` compares a claim with the sentences of one chunk. A sentence
// is read clause by clause (punctuation and a line break end a clause), and nothing read crosses a clause.
import type { NumberMention } from "../../guards/numbers/index.js";
import { isContentWord, isNegation, stemOf, wordsOf } from "./words.js";

/** The technologies and figures a text names: what its words are read as. */
export interface Marks {
  technologies: readonly { id: string; start: number; end: number }[];
  numbers: readonly NumberMention[];
}

/** How a sentence holds a term: states it, negates it, or both (in different places). */
const STATED = 1;
const NEGATED = 2;

interface Term {
  /** STATED | NEGATED bits; 0 for a term a frame reads (the old side of a move: "from self-managed VMs"). */
  mask: number;
  /** Where the sentence states it / negates it, for the reason. */
  stated?: string;
  negated?: string;
}

type Direction = "up" | "down";

/**
 * One change or choice a clause states. `change`: from `first` to `second` ("from 820 ms to 140 ms", "moved
 * off VMs onto EKS", "A → B"), or only a direction ("reduced the bill by 23.4%"); `choice`: `second` chosen
 * over `first` ("PostgreSQL instead of Redis", "replaced Redis with PostgreSQL").
 */
interface Frame {
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

/** A word, technology or figure of a sentence, in order. */
interface Item {
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

const BREAK = /[.,;:!?()[\]{}"“”…—–|•\n]|\s-\s/;
const ARROW = /→|->|=>|⟶|⇒|➔|➜/;

/** Words that end a part of a clause: what follows is about something else. */
const JOINS = new Set(
  "and or but while whereas although though because so yet which who whom whose where when whenever after before since until unless then however".split(
    " ",
  ),
);
/** Prepositions end the object of a negated verb and an argument ("moved to Amazon EKS in 2024"). */
const PREPOSITIONS = new Set(
  "in on at with by for using via after before during across within per as through throughout under over into onto to from since until against among between around toward towards off upon behind beyond like".split(
    " ",
  ),
);
const TO = new Set(["to", "into", "onto"]);
/** Negating a verb and its object: "never used PostgreSQL", "no longer pages on-call". */
const NEGATING = new Set(["not", "never", "cannot", "stopped", "ceased"]);
/** "not only", "no more than": not a negation. */
const NOT_NEGATED_BY_NOT = new Set(["only", "just", "merely", "least"]);
const NOT_NEGATED_BY_NO = new Set(["more", "less", "fewer", "later", "earlier", "sooner", "matter", "doubt"]);
/** Negating a noun: "without downtime", "no manual steps", "neither Redis nor Memcached". */
const NEGATING_NOUN = new Set(["no", "without", "none", "neither", "nor"]);

const UP = new Set(
  "increas grew grow rais rose rise risen boost doubl tripl quadrupl climb jump spike soar surg higher".split(
    " ",
  ),
);
const DOWN = new Set(
  "reduc cut decreas lower drop fell fall fallen shrank shrunk shrink slash trim halv declin plung plummet lessen minim minimis shorten".split(
    " ",
  ),
);
/** "went up", "brought down". */
const GOING = new Set(
  "went go goe gone came come brought bring drove driven drive push ramp scale".split(" "),
);
const MOVING = new Set(
  "move migrat switch transit port shift convert rehost replatform upgrad downgrad".split(" "),
);
const CHOOSING = new Set(
  "chose choos chosen pick prefer select favour favor opt standardis standardiz".split(" "),
);
const REPLACING = new Set(["replac", "swap", "trade"]);
/** Figure kinds that can run up or down. */
const MEASURES = new Set(["count", "percent", "money", "measure", "multiplier"]);

const figureKey = (n: NumberMention) => `n:${n.value}:${n.unit ?? ""}`;

/** The words, technologies and figures of a text, with what stands between them. */
function itemsOf(text: string, marks: Marks): Item[] {
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
      if (last === span && prev) prev.end = Math.max(prev.end, w.end);
      else
        items.push(
          item(
            text,
            items,
            Math.min(span.start, w.start),
            Math.max(span.end, w.end),
            "",
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
    strong: word === "",
    figure,
    opens: !prev || BREAK.test(gap),
    arrow: ARROW.test(gap),
    hyphened: gap === "-" || gap === "‑",
  };
}

/** A run of items a frame reads as one side: what it is about, and where it is. */
interface Arg {
  keys: Set<string>;
  from: number;
  to: number;
}

const NO_ARG: Arg = { keys: new Set(), from: -1, to: -1 };

/**
 * Whether a text states the term somewhere, not only negates it ("never used MongoDB"), names it as the one
 * not chosen ("PostgreSQL over Redis") or as what a move left ("moved from self-managed VMs").
 */
export function states(meaning: Meaning, key: string): boolean {
  return ((meaning.terms.get(key)?.mask ?? 0) & STATED) !== 0;
}

/** Reads one sentence (or one claim). `marks` are the technologies and figures found in this same text. */
export function readMeaning(text: string, marks: Marks): Meaning {
  return new Reader(text, itemsOf(text, marks)).read();
}

class Reader {
  /** Per item: its clause's end (exclusive), its part's start and end, the direction of its part. */
  private readonly clauseEnd: number[] = [];
  private readonly partStart: number[] = [];
  private readonly partEnd: number[] = [];
  private readonly partDir: ({ dir: Direction; at: number } | undefined)[] = [];
  private readonly clauseStart: number[] = [];
  /** Per item: a verb of moving or a direction word / a verb of choosing comes before it in its part. */
  private readonly movedBefore: boolean[] = [];
  private readonly choseBefore: (number | undefined)[] = [];
  /** Per item: 0 stated; NEGATED with the negation's text; -1 read by a frame (no polarity). */
  private readonly polarity: number[];
  private readonly negation: (string | undefined)[];
  private readonly used = new Set<number>();
  private readonly frames: Frame[] = [];
  /** The parts (by their first item) that hold a from/to change: no direction-only frame for them. */
  private readonly framedParts = new Set<number>();

  constructor(
    private readonly text: string,
    private readonly items: Item[],
  ) {
    this.polarity = items.map(() => 0);
    this.negation = items.map(() => undefined);
    this.parse();
  }

  read(): Meaning {
    const { items } = this;
    for (let i = 0; i < items.length; i++) this.negations(i);
    for (let i = 0; i < items.length; i++) this.choices(i);
    for (let i = 0; i < items.length; i++) this.changes(i);
    this.trends();
    const terms = new Map<string, Term>();
    items.forEach((it, i) => {
      if (!it.key) return;
      const term = terms.get(it.key) ?? { mask: 0 };
      if (this.polarity[i] === NEGATED) {
        term.mask |= NEGATED;
        term.negated ??= this.negation[i];
      } else if (this.polarity[i] === 0) {
        term.mask |= STATED;
        // A few words either side, within its part of the clause: "uses PostgreSQL for the reporting".
        term.stated ??= this.slice(
          Math.max(this.partStart[i]!, i - 3),
          Math.min(this.partEnd[i]! - 1, i + 3),
        );
      }
      terms.set(it.key, term);
    });
    return { keys: new Set(terms.keys()), terms, frames: this.frames };
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

  private directionAt(i: number): Direction | undefined {
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

  private isPreposition(i: number): boolean {
    const it = this.items[i];
    return !!it && PREPOSITIONS.has(it.word) && !it.hyphened && !this.items[i + 1]?.hyphened;
  }

  private isCue(i: number): boolean {
    const w = this.items[i]?.word ?? "";
    return NEGATING.has(w) || NEGATING_NOUN.has(w) || w.endsWith("n't") || w === "instead" || w === "rather";
  }

  /** Where an argument stops: a preposition, a joining word, a negation, an arrow, the clause's end. */
  private stops(i: number, end: number): boolean {
    return i >= end || this.isPreposition(i) || JOINS.has(this.items[i]!.word) || this.isCue(i);
  }

  /** The side of a frame that starts at `i` and runs forward, at most 6 items. */
  private forward(i: number, stopAt = this.clauseEnd[i] ?? i): Arg {
    const from = i;
    let to = i;
    while (to < stopAt && to - from < 6 && !(to > from && (this.stops(to, stopAt) || this.items[to]!.arrow)))
      to++;
    return this.arg(from, to);
  }

  /** The side of a frame that ends at `i` and runs back, at most 4 items, within the clause. */
  private backward(i: number): Arg {
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

  private isVerb(i: number): boolean {
    const stem = this.items[i]!.stem;
    return CHOOSING.has(stem) || REPLACING.has(stem) || MOVING.has(stem);
  }

  /** Items [from, to) as one side: its technologies and figures if it names any, else its content words. */
  private arg(from: number, to: number): Arg {
    const all = this.items.slice(from, to).filter((it) => it.key);
    const strong = all.filter((it) => it.strong);
    return { keys: new Set((strong.length > 0 ? strong : all).map((it) => it.key!)), from, to };
  }

  private slice(from: number, last: number): string {
    if (last < from) return "";
    return this.text.slice(this.items[from]!.start, this.items[last]!.end);
  }

  private mark(arg: Arg, polarity: number, negation?: string): void {
    for (let i = arg.from; i < arg.to; i++) {
      if (this.polarity[i] === NEGATED) continue;
      this.polarity[i] = polarity;
      if (negation) this.negation[i] = negation;
    }
  }

  /** "never used PostgreSQL", "no longer pages on-call", "failed to move", "without downtime". */
  private negations(i: number): void {
    const { items } = this;
    const w = items[i]!.word;
    const next = items[i + 1]?.word ?? "";
    let scope = -1;
    if (w === "no" && next === "longer") scope = i + 2;
    else if ((w === "failed" || w === "fail" || w === "fails" || w === "unable") && next === "to")
      scope = i + 2;
    else if ((NEGATING.has(w) || (w.endsWith("n't") && w.length > 3)) && !NOT_NEGATED_BY_NOT.has(next))
      scope = i + 1;
    if (scope >= 0) return this.negateVerb(i, scope);
    if (NEGATING_NOUN.has(w) && !(w === "no" && NOT_NEGATED_BY_NO.has(next))) this.negateNoun(i);
  }

  /** A negated verb: it and its object, up to a preposition (its adjuncts are not negated), a join or 6 terms. */
  private negateVerb(cue: number, scope: number): void {
    // Bounded: a clause without punctuation (a line of code, a long list) is not read to its end per cue.
    const end = Math.min(this.clauseEnd[cue]!, scope + 12);
    const marked: number[] = [];
    let j = scope;
    for (; j < end && marked.length < 6; j++) {
      const it = this.items[j]!;
      if ((it.word === "and" || it.word === "or") && this.items[j + 1]?.strong) continue;
      if (JOINS.has(it.word) || this.isCue(j) || it.arrow) break;
      // "never in production": the preposition's object is what is negated.
      if (this.isPreposition(j) && (marked.length > 0 || j > scope)) break;
      if (it.key) marked.push(j);
    }
    const text = this.slice(cue, marked.at(-1) ?? cue);
    for (const m of marked) {
      this.polarity[m] = NEGATED;
      this.negation[m] = text;
    }
  }

  /** A negated noun: the first term after the cue, the next one too when spaced ("no customer downtime"). */
  private negateNoun(cue: number): void {
    const end = Math.min(this.clauseEnd[cue]!, cue + 8);
    const marked: number[] = [];
    for (let j = cue + 1; j < end && marked.length < 2; j++) {
      const it = this.items[j]!;
      if (marked.length > 0) {
        // "no-downtime migration": the hyphened word only; "downtime or data loss": both.
        if (this.items[cue + 1]!.hyphened) break;
        if (it.word === "or" || it.word === "nor") continue;
        if (!it.key || j !== marked.at(-1)! + 1) {
          if (this.items[j - 1]!.word !== "or" && this.items[j - 1]!.word !== "nor") break;
        }
      } else if (this.isPreposition(j) || JOINS.has(it.word) || this.isCue(j)) {
        if (it.word === "of") continue;
        break;
      }
      if (it.key) marked.push(j);
    }
    const text = this.slice(cue, marked.at(-1) ?? cue);
    for (const m of marked) {
      this.polarity[m] = NEGATED;
      this.negation[m] = text;
    }
  }

  /** "X instead of Y", "X rather than Y", "chose X over Y", "replaced Y with X", "dropped Y in favour of X". */
  private choices(i: number): void {
    const { items } = this;
    const it = items[i]!;
    const next = items[i + 1]?.word;
    let rejected: Arg | undefined;
    let chosen: Arg | undefined;
    let negates = true;
    /** Where the reason's quote starts when the verb comes first ("replaced PostgreSQL with Redis"). */
    let verb = Infinity;
    if ((it.word === "instead" && next === "of") || (it.word === "rather" && next === "than")) {
      chosen = this.backward(i - 1);
      rejected = this.forward(i + 2);
      // "Instead of Redis, the service uses PostgreSQL": what is chosen comes after.
      if (chosen.keys.size === 0) chosen = this.strongAfter(rejected.to);
    } else if (it.word === "over" && !it.hyphened && this.choseBefore[i] !== undefined) {
      verb = this.choseBefore[i]!;
      chosen = this.backward(i - 1);
      rejected = this.forward(i + 1);
    } else if (
      (it.word === "favour" || it.word === "favor") &&
      items[i - 1]?.word === "in" &&
      next === "of"
    ) {
      rejected = this.backward(i - 2);
      chosen = this.forward(i + 2);
      negates = false;
    } else if (REPLACING.has(it.stem) && it.word !== "replacement") {
      negates = false;
      const end = this.clauseEnd[i]!;
      // "replaced Redis with PostgreSQL", "swapped Redis for PostgreSQL" ("replaced Redis for balances": no).
      const partners = it.stem === "replac" ? ["with", "by"] : ["with", "for"];
      let by = i + 1;
      while (by < end && by - i <= 7 && !partners.includes(items[by]!.word) && !JOINS.has(items[by]!.word))
        by++;
      if (by < end && partners.includes(items[by]!.word)) {
        // "replaced Redis with PostgreSQL"; "Redis was replaced by PostgreSQL".
        rejected = by > i + 1 ? this.arg(i + 1, by) : this.backward(i - 1);
        if (by > i + 1) verb = i;
        chosen = this.forward(by + 1);
      } else {
        // "PostgreSQL replaced Redis".
        chosen = this.backward(i - 1);
        rejected = this.forward(i + 1);
      }
    }
    if (!rejected || !chosen || rejected.keys.size === 0 || chosen.keys.size === 0) return;
    const text = this.slice(Math.min(verb, chosen.from, rejected.from), Math.max(chosen.to, rejected.to) - 1);
    this.frames.push({
      kind: "choice",
      first: rejected.keys,
      second: chosen.keys,
      context: new Set([...rejected.keys, ...chosen.keys]),
      text,
    });
    this.mark(rejected, negates ? NEGATED : -1, negates ? this.slice(i, rejected.to - 1) : undefined);
  }

  private strongAfter(from: number): Arg {
    const strong = this.items.slice(from, from + 12).filter((it) => it.strong);
    return { keys: new Set(strong.map((it) => it.key!)), from, to: from };
  }

  /** "from A to B", "to B from A", "A → B", "moved off A onto B", "moved to B", "cut latency to 140 ms". */
  private changes(i: number): void {
    const { items } = this;
    if (this.used.has(i)) return;
    const it = items[i]!;
    const end = this.clauseEnd[i]!;
    const within = (j: number) => j < end && j - i <= 8 && !JOINS.has(items[j]!.word);
    let from: Arg | undefined;
    let to: Arg | undefined;
    if (it.word === "from" || (it.word === "off" && this.movedBefore[i])) {
      let j = i + 1;
      while (within(j) && !(TO.has(items[j]!.word) && !items[j]!.hyphened) && !items[j]!.arrow) j++;
      if (within(j)) {
        from = this.arg(i + 1, j);
        to = items[j]!.arrow ? this.forward(j) : this.forward(j + 1);
        this.used.add(j);
      } else if (this.movedBefore[i]) {
        from = this.forward(i + 1);
      }
    } else if (TO.has(it.word) && !it.hyphened) {
      let k = i + 1;
      while (within(k) && items[k]!.word !== "from") k++;
      if (within(k)) {
        to = this.arg(i + 1, k);
        from = this.forward(k + 1);
        this.used.add(k);
      } else if (this.movedBefore[i]) {
        to = this.forward(i + 1);
      }
    } else if (it.arrow) {
      from = this.backward(i - 1);
      to = this.forward(i);
    }
    if (!from && !to) return;
    from ??= NO_ARG;
    to ??= NO_ARG;
    if (from.keys.size === 0 && to.keys.size === 0) return;
    // The old side of a move is read by the frame: "moved from Redis" neither states nor negates Redis.
    this.mark(from, -1);
    const dir = this.partDir[i];
    const at = dir && dir.at < i && dir.at >= this.partStart[i]! ? dir.at : i;
    const anchor = it.arrow ? Math.max(0, from.from) : i;
    this.framedParts.add(this.partStart[i]!);
    this.frames.push({
      kind: "change",
      first: from.keys,
      second: to.keys,
      dir: dir?.dir,
      dirWord: dir ? items[dir.at]!.word : undefined,
      order: orderOf(items, from, to),
      context: this.contextOf(i, from, to),
      text: this.slice(Math.min(at, anchor), Math.max(from.to, to.to, i + 1) - 1),
    });
  }

  /** A direction with no from or to: "reduced the monthly AWS bill by 23.4%", "made latency 5.9x lower". */
  private trends(): void {
    const { items } = this;
    for (let i = 0; i < items.length; i = this.partEnd[i]!) {
      const dir = this.partDir[i];
      if (!dir || this.framedParts.has(this.partStart[i]!)) continue;
      const at = dir.at >= this.partStart[i]! ? dir.at : this.partStart[i]!;
      const [from, to] = this.near(at);
      this.frames.push({
        kind: "change",
        first: new Set(),
        second: new Set(),
        dir: dir.dir,
        dirWord: items[dir.at]!.word,
        context: this.contextOf(at),
        text: this.slice(from, to - 1),
      });
    }
  }

  /** What a frame at `i` is about: the terms near it in its part (bounded, so a long part stays linear). */
  private contextOf(i: number, ...args: Arg[]): Set<string> {
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
  private near(i: number): [number, number] {
    return [Math.max(this.partStart[i]!, i - 10), Math.min(this.partEnd[i]!, i + 12)];
  }
}

/** Up or down, when each side is one figure and both measure the same thing. */
function orderOf(items: readonly Item[], from: Arg, to: Arg): Direction | undefined {
  const a = figureOf(items, from);
  const b = figureOf(items, to);
  if (!a || !b || a.unit !== b.unit || a.value === b.value) return undefined;
  return b.value > a.value ? "up" : "down";
}

function figureOf(items: readonly Item[], arg: Arg): NumberMention | undefined {
  const figures = items.slice(Math.max(0, arg.from), Math.max(0, arg.to)).filter((it) => it.figure);
  const f = figures.length === 1 ? figures[0]!.figure! : undefined;
  return f && MEASURES.has(f.kind) ? f : undefined;
}

/** How a contradiction is worded in what a chunk lacks for a claim. */
export const SAYS_OPPOSITE = "the source says the opposite";

/**
 * Whether a claim says the opposite of the chunk it is checked against, in words a person reads, or
 * undefined. `sentences` are the chunk's sentences, read. Each thing the claim says is compared with the
 * sentences of the chunk that speak of it and share the most with the claim: a change or choice with the
 * ones stating a change or choice about the same things, a term with the ones naming it. It is a
 * contradiction when all of those say the opposite; when one of them agrees the chunk may support it.
 */
export function contradiction(claim: Meaning, sentences: readonly Meaning[]): string | undefined {
  const shared = sentences.map((s) => {
    let n = 0;
    for (const k of claim.keys) if (s.keys.has(k)) n++;
    return n;
  });
  for (const f of claim.frames) {
    let best = -1;
    let found: Frame[] = [];
    sentences.forEach((s, i) => {
      const about = s.frames.filter((g) => concerns(f, g));
      if (about.length === 0 || shared[i]! < best) return;
      if (shared[i]! > best) found = [];
      best = shared[i]!;
      found.push(...about);
    });
    if (found.length > 0 && found.every((g) => opposes(f, g))) return frameReason(f, found[0]!);
  }
  for (const [key, term] of claim.terms) {
    const want = term.mask === STATED ? STATED : term.mask === NEGATED ? NEGATED : 0;
    if (want === 0) continue;
    let best = -1;
    let opposite = false;
    let witness: Term | undefined;
    sentences.forEach((s, i) => {
      if (!s.keys.has(key) || shared[i]! < best) return;
      const held = s.terms.get(key)!;
      const says = want === STATED ? held.mask === NEGATED : held.mask === STATED;
      if (shared[i]! > best) {
        best = shared[i]!;
        opposite = says;
        witness = held;
      } else opposite &&= says;
    });
    if (opposite && witness) {
      const source = want === STATED ? witness.negated : witness.stated;
      const said = want === STATED ? term.stated : term.negated;
      return opposed(source ?? "", said ?? "");
    }
  }
  return undefined;
}

function opposed(source: string, claim: string): string {
  return `${SAYS_OPPOSITE} ("${source}" vs "${claim}")`;
}

const sides = (f: Frame) => f.first.size + f.second.size > 0;
const directed = (f: Frame) => f.dir !== undefined || f.order !== undefined;

/**
 * Whether two frames are about the same things: a shared side, or directions about one subject: a shared
 * figure or technology, or two shared words (one, when that is all either says: "increased latency"). One
 * word is not enough: "reduced deploy time" is not about "deploy failures increased".
 */
function concerns(c: Frame, s: Frame): boolean {
  if (sides(c) && sides(s)) {
    for (const k of [...c.first, ...c.second]) if (s.first.has(k) || s.second.has(k)) return true;
  }
  if (!directed(c) || !directed(s)) return false;
  let words = 0;
  for (const k of c.context) {
    if (!s.context.has(k)) continue;
    if (!k.startsWith("w:")) return true;
    words++;
  }
  return words >= Math.min(2, c.context.size, s.context.size);
}

function crossed(c: Frame, s: Frame): boolean {
  if (!sides(c) || !sides(s)) return false;
  const count = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].filter((k) => b.has(k)).length;
  return (
    count(c.first, s.second) + count(c.second, s.first) > count(c.first, s.first) + count(c.second, s.second)
  );
}

function directionsOppose(c: Frame, s: Frame): boolean {
  const cd = [c.dir, c.order].filter(Boolean);
  const sd = [s.dir, s.order].filter(Boolean);
  return cd.some((x) => sd.some((y) => x !== y));
}

function opposes(c: Frame, s: Frame): boolean {
  return crossed(c, s) || directionsOppose(c, s);
}

function frameReason(c: Frame, s: Frame): string {
  // "reduced" vs "increased" says it best when both have such a word and the words disagree.
  if (!crossed(c, s) && c.dir && s.dir && c.dir !== s.dir) return opposed(s.dirWord!, c.dirWord!);
  return opposed(s.text, c.text);
}
