// Titles and employers claimed in prose: "as Staff Engineer", "Head of Platform", "worked at Google". A claim
// is held when the profile says it: the phrase stands in a profile string, or its words are a subsequence
// of a position or label the candidate held ("Senior Engineer" of "Senior Platform Engineer").
import { readingView } from "../../core/text-view.js";
import { foldedWords } from "../../core/words.js";

export interface Claim {
  kind: "title" | "employer";
  /** The phrase as written. */
  text: string;
  start: number;
  end: number;
  /** Its words, normalised (`sr` → `senior`). */
  words: string[];
  /** For a title followed by its employer ("Staff Engineer at Quillmark"): that employer claim. */
  at?: Claim;
}

// A role noun ends a title; alone ("an engineer") it claims nothing but a kind of work.
const ROLE_NOUNS = new Set(
  "engineer developer architect manager director scientist analyst consultant designer administrator programmer sre lead officer president head founder cofounder vp cto ceo cio ciso coo cfo cpo svp evp specialist researcher fellow".split(
    " ",
  ),
);
// These claim a rank even alone ("as CTO", "was founder"), when the text gives them to its subject.
const RANKS_ALONE = new Set(
  "director president founder cofounder vp cto ceo cio ciso coo cfo cpo svp evp".split(" "),
);
// Words that build a title before its noun, whatever their case.
const TITLE_WORDS = new Set(
  "senior sr staff principal lead chief head distinguished executive vice associate junior founding co backend back end frontend front software platform site reliability data machine learning ml devops cloud infrastructure security solutions solution systems full stack fullstack mobile web product engineering technical tech team program project delivery qa test quality research application applications database network release build support sales customer api ai integration".split(
    " ",
  ),
);
// After a role noun, these still end the title; any other word makes it attributive ("developer tooling").
const TITLE_ENDS = new Set(
  "with at for in on who and or of since from to by where while during after before until across within under over through when among alongside via then but so as whose which that".split(
    " ",
  ),
);
const OF_RANKS = new Set(["head", "director", "vp", "president", "officer", "manager"]);
const EMPLOY_VERBS = new Set(
  "worked work working works employed joined joining join hired interned consulted contracted served".split(
    " ",
  ),
);
const EMPLOY_LINKS = new Set(["at", "for", "by"]);
// Before a bare rank, these give it to the text's subject: "served as CTO", "became the founder". Without
// one, a rank names someone else: "presented the plan to the CTO".
const RANK_CUES = new Set(
  "as was is became become becoming promoted named appointed acting interim".split(" "),
);
const DETERMINERS = new Set(["the", "a", "an", "its"]);
const OTHERS = new Set(["our", "their", "his", "her", "my", "your", "whose"]);
const SYNONYMS: Record<string, string> = { sr: "senior", jr: "junior" };

interface Word {
  norm: string;
  start: number;
  end: number;
  /** Starts a sentence: its capital says nothing. */
  initial: boolean;
  capital: boolean;
  /** Ends in `'s`: "Fernhill Supply's team" names Fernhill Supply and ends there. */
  possessive: boolean;
}

const SENTENCE_BREAK = new Set([...".!?:;\n•-–—"]);

/** Whether the word at `start` opens a sentence or a line: the last character before it (spaces aside) ends one. */
function opensSentence(text: string, start: number): boolean {
  let k = start - 1;
  while (k >= 0 && (text[k] === " " || text[k] === "\t" || text[k] === "\r")) k--;
  return k < 0 || SENTENCE_BREAK.has(text[k]!);
}

/** A word as compared: lower case, NFKC and accents aside for any other script. */
const normOf = (raw: string) =>
  /^[\x20-\x7e]*$/.test(raw) ? raw.toLowerCase().replace(/[^a-z0-9]/g, "") : foldedWords(raw).join("");

function tokens(text: string): Word[] {
  const out: Word[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:[-'’.&][\p{L}\p{N}]+)*/gu)) {
    const start = m.index;
    const possessive = /['’]s$/iu.test(m[0]);
    const raw = possessive ? m[0].slice(0, -2) : m[0];
    const norm = normOf(raw);
    out.push({
      norm: SYNONYMS[norm] ?? norm,
      start,
      end: start + raw.length,
      initial: opensSentence(text, start),
      capital: /^\p{Lu}/u.test(raw),
      possessive,
    });
  }
  return out;
}

// Every claim holds a role noun or an employment verb: a text with neither is not read word by word.
const TRIGGERS = new RegExp(`\\b(?:${[...ROLE_NOUNS, ...EMPLOY_VERBS, "co-founder"].join("|")})\\b`, "iu");

/** Words adjacent in the text: nothing but spaces between them. */
const adjacent = (text: string, a: Word, b: Word) => /^[ \t]+$/.test(text.slice(a.end, b.start));

const isModifier = (w: Word) => TITLE_WORDS.has(w.norm) || (w.capital && !w.initial);

function claim(kind: Claim["kind"], text: string, words: readonly Word[]): Claim {
  const [first, last] = [words[0]!, words.at(-1)!];
  return {
    kind,
    text: text.slice(first.start, last.end),
    start: first.start,
    end: last.end,
    words: words.map((w) => w.norm),
  };
}

/** Whether the text gives a bare rank to its subject: "as CTO", "became the founder", or a sentence opens with it. */
function givenToSubject(words: readonly Word[], i: number): boolean {
  let j = i - 1;
  if (j >= 0 && DETERMINERS.has(words[j]!.norm)) j--;
  return j < 0 || RANK_CUES.has(words[j]!.norm) || words[j + 1]!.initial;
}

/** Whether a title starting at word `s` is someone else's: "with the Staff Engineer", "our VP", "Dana's manager". */
function someoneElses(words: readonly Word[], s: number): boolean {
  const before = words[s - 1];
  if (!before) return false;
  if (before.possessive || OTHERS.has(before.norm)) return true;
  const cue = words[s - 2];
  return DETERMINERS.has(before.norm) && !(cue && RANK_CUES.has(cue.norm));
}

/** Title phrases: modifiers then a role noun ("Staff Platform Engineer"), or a rank of something ("Head of Data"). */
function titleClaims(text: string, words: readonly Word[]): Claim[] {
  const found: Claim[] = [];
  for (let i = 0; i < words.length; i++) {
    const noun = words[i]!;
    if (!ROLE_NOUNS.has(noun.norm)) continue;
    const next = words[i + 1];
    const joined = next && adjacent(text, noun, next);
    // "Head of Platform": the rank takes the capitalised words after "of".
    if (OF_RANKS.has(noun.norm) && joined && next.norm === "of") {
      let j = i + 2;
      while (j < words.length && words[j]!.capital && adjacent(text, words[j - 1]!, words[j]!)) j++;
      if (j > i + 2) {
        let s = i;
        while (s > 0 && isModifier(words[s - 1]!) && adjacent(text, words[s - 1]!, words[s]!)) s--;
        if (!someoneElses(words, s) && (s < i || givenToSubject(words, i))) {
          found.push(claim("title", text, words.slice(s, j)));
        }
        i = j - 1;
        continue;
      }
    }
    if (joined && !TITLE_ENDS.has(next.norm)) continue; // attributive: "developer tooling", "Lead the migration"
    let s = i;
    while (s > 0 && i - s < 6 && isModifier(words[s - 1]!) && adjacent(text, words[s - 1]!, words[s]!)) s--;
    // A bare noun claims a kind of work, not a title; "lead" and "head" alone are a verb and a body part.
    if (s === i && !(RANKS_ALONE.has(noun.norm) && givenToSubject(words, i))) continue;
    if (someoneElses(words, s)) continue;
    found.push(claim("title", text, words.slice(s, i + 1)));
  }
  return found;
}

// Nouns a name can qualify: "Quillmark customers", "the Stripe API".
const QUALIFIED = new Set(
  "team platform project stack ecosystem api sdk client customer account startup community program codebase".split(
    " ",
  ),
);

/** "consulted for Fortune 500 companies", "joined Kafka topics": a name qualifying the next word. */
function usedAsAdjective(text: string, last: Word, next: Word | undefined): boolean {
  if (!next || !adjacent(text, last, next) || next.capital) return false;
  return (
    /^\d/.test(next.norm) || QUALIFIED.has(next.norm) || (next.norm.length > 3 && next.norm.endsWith("s"))
  );
}

/** The organisation after an employment phrase: "worked at Google", "joined Stripe", "Engineer at Meta". */
function employerClaims(text: string, words: readonly Word[], titles: readonly Claim[]): Claim[] {
  const found: Claim[] = [];
  const titleEnds = new Set(titles.map((t) => t.end));
  for (let i = 0; i < words.length - 1; i++) {
    const w = words[i]!;
    if (!EMPLOY_VERBS.has(w.norm) && !titleEnds.has(w.end)) continue;
    const link = words[i + 1]!;
    const start = EMPLOY_LINKS.has(link.norm) ? i + 2 : w.norm.startsWith("join") ? i + 1 : -1;
    if (start === -1) continue;
    let j = start;
    const continues = (k: number) =>
      (words[k]!.capital || (words[k]!.norm === "of" && k > start)) &&
      adjacent(text, words[k - 1]!, words[k]!);
    while (j < words.length && j - start < 5 && continues(j) && !words[j - 1]!.possessive) j++;
    while (j > start && words[j - 1]!.norm === "of") j--;
    if (j === start) continue;
    if (usedAsAdjective(text, words[j - 1]!, words[j])) continue;
    const employer = claim("employer", text, words.slice(start, j));
    found.push(employer);
    // "Senior Engineer at Quillmark": the title must be the one held there.
    const title = titles.find((t) => t.end === w.end);
    if (title) title.at = employer;
  }
  return found;
}

/** Every title and employer a string claims, in text order. */
export function recordClaims(written: string): Claim[] {
  // Read as the guards read ("Ｓｔａｆｆ Ｅｎｇｉｎｅｅｒ" and "Sta\u200bff Engineer" are Staff Engineer); placed and
  // quoted as written.
  const view = readingView(written);
  const text = view.text;
  if (!TRIGGERS.test(text)) return [];
  const words = tokens(text);
  const titles = titleClaims(text, words);
  const claims = [...titles, ...employerClaims(text, words, titles)].sort((a, b) => a.start - b.start);
  if (view.changed) {
    for (const c of claims) {
      [c.start, c.end] = view.toOriginal(c.start, c.end);
      c.text = written.slice(c.start, c.end);
    }
  }
  return claims;
}

/** Whether `needle` stands, word for word, in `hay`. */
export function containsPhrase(hay: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return needle.length === 0;
}

/** Words a title joins its parts with: "Backend and Platform Engineer" is "Backend / Platform Engineer". */
const JOINERS = new Set(["and", "of", "the", "a", "an", "for", "in"]);
/** Words that place a title below the one without them: leaving one out inflates ("Vice President"). */
const LOWER_RANK = new Set(
  "assistant associate junior jr intern trainee apprentice deputy vice acting interim graduate student entry".split(
    " ",
  ),
);

/**
 * Whether `claim` is `title` reworded: its words are the title's (in any order, joiners aside) and it
 * leaves out no word that ranks the title lower. "C#/.NET Backend Developer" is "Contract C# / .NET
 * developer (backend)"; "Manager" is not "Assistant Manager".
 */
/**
 * Whether a title joining two ("Site Reliability and Cloud Engineer") is two the candidate held, each
 * reworded from one of `titles`, the head noun shared ("Site Reliability Engineer", "Cloud Engineer").
 */
export function isJoinedTitles(titles: readonly (readonly string[])[], claim: readonly string[]): boolean {
  const at = claim.indexOf("and");
  if (at <= 0 || at === claim.length - 1) return false;
  const head = claim.at(-1)!;
  const left = [...claim.slice(0, at), head];
  const right = claim.slice(at + 1);
  const held = (part: string[]) => titles.some((t) => isReworded(t, part));
  return held(left) && held(right);
}

export function isReworded(title: readonly string[], claim: readonly string[]): boolean {
  // "Full-Stack" is "Full Stack" (the record reads it "fullstack"); a word that ranks the claim lower
  // ("Junior") claims nothing more.
  const parts = (ws: readonly string[]) => ws.filter((w) => !JOINERS.has(w));
  const plain = parts(title);
  const have = new Set([...plain, ...plain.slice(1).map((w, i) => plain[i] + w)]);
  const said = parts(claim);
  const words = new Set(said.filter((w) => have.has(w) || !LOWER_RANK.has(w)));
  const held = (w: string) => {
    if (have.has(w)) return true;
    const i = said.indexOf(w);
    return have.has(said[i - 1] + w) || have.has(w + said[i + 1]);
  };
  if (words.size === 0 || ![...words].every(held)) return false;
  return ![...have].some((w) => LOWER_RANK.has(w) && !words.has(w));
}

/** Whether `needle`'s words appear in `hay` in order, the last word last ("senior engineer" ⊂ "senior platform engineer"). */
export function isSubsequence(hay: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || hay.at(-1) !== needle.at(-1)) return false;
  let j = 0;
  for (const word of hay) if (word === needle[j]) j++;
  return j === needle.length;
}

/** A title or employer phrase's words as the profile's strings are compared with them. */
export function phraseWords(text: string): string[] {
  return tokens(text).map((w) => w.norm);
}
