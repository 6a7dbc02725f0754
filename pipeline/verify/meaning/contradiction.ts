// Comparing a claim with the sentences of one chunk: whether the chunk says the opposite, and in what words.
import { type Frame, type Meaning, NEGATED, STATED, type Term } from "./types.js";

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
