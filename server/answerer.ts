// The embedded answerer: no model, only quotes. It splits the candidate chunks into sentences, scores
// each against the question's content words, the technologies it names and the part of the record it asks
// about (a title, an employer, dates, a degree), and quotes the best one to three verbatim with their chunk
// ids. When nothing is relevant it quotes nothing, and the chat says the portfolio does not show it. It
// never obeys the question or the chunks: it can only repeat the portfolio.
import type { Catalog } from "../extractors/catalog.js";
import type { Chunk } from "../core/chunk.js";
import type { Intent } from "./answers/index.js";
import { isFact } from "./answers/facts.js";
import { isContentWord, stemOf, wordsOf } from "../core/words.js";
import { isInstruction } from "./injection.js";
import { sentencesOf } from "./sentences.js";
import type { Turn } from "./sessions.js";

export interface AnswerInput {
  question: string;
  /** Earlier turns of the session: they may say what a follow-up is about, never what is true. */
  history: readonly Turn[];
  /** What the answer may draw on, the best retrieved first. */
  chunks: readonly Chunk[];
  /** What the question asks, as understood (answers/intent.ts). */
  intent?: Intent;
  /** The truth's and the profile's facts that answer the intent: the lines of the composed answer. */
  facts?: readonly Chunk[];
}

export interface Quote {
  chunkId: string;
  text: string;
}

/** `quotes` is empty when the chunks hold nothing relevant; `text` is then empty too. */
export interface Answer {
  text: string;
  quotes: Quote[];
}

export interface Answerer {
  readonly name: string;
  /**
   * A model writes its own answer, and the answer composed from the truth stands in when the guards or the
   * verifier block it; the embedded answerer gives the composed answer itself when there is one.
   */
  readonly model?: boolean;
  answer(input: AnswerInput): Promise<Answer>;
}

const MAX_QUOTES = 3;
const MAX_PER_CHUNK = 2;
/** Share of the question's terms a quoted sentence must hold. */
const MIN_COVERAGE = 0.5;
/** A further quote must score at least this share of the best one. */
const NEAR_BEST = 0.8;
const MIN_WORDS = 4;
const MAX_CHARS = 400;
/**
 * The candidate's own statements answer a question about them most directly; code-derived facts are terse
 * lists of files, so the profile's and the docs' sentences read better. Examples and stale doc claims are
 * never quoted: they are not the candidate's work, or the code contradicts them.
 */
const KIND_WEIGHT: Partial<Record<Chunk["kind"], number>> = {
  profile: 1.05,
  "production-doc": 1,
  truth: 0.85,
};

// Words that say what the recruiter wants done, not what about: "tell me", "does Dana know".
// ("When" asks for dates: see RECORD_WORDS.)
const QUESTION_WORDS = new Set(
  "does ever kind please know knows tell describe explain give list show use uses used using why candidate portfolio person"
    .split(" ")
    .map(stemOf),
);

// A question about a kind of technology ("which database") is answered by a sentence naming one.
const CATEGORY_WORDS: Record<string, readonly string[]> = {
  database: ["database", "orm"],
  db: ["database"],
  datastore: ["database"],
  queue: ["message-broker"],
  messaging: ["message-broker"],
  broker: ["message-broker"],
  events: ["message-broker"],
  cache: ["cache"],
  caching: ["cache"],
  cloud: ["cloud-provider", "compute", "kubernetes-hosting", "serverless", "storage"],
  language: ["language"],
  framework: ["web-framework", "frontend-framework"],
  frontend: ["frontend-framework"],
  testing: ["testing"],
  tests: ["testing"],
  infrastructure: ["infrastructure-as-code", "kubernetes-hosting", "container-orchestration"],
  deployment: ["deployment", "container-orchestration", "kubernetes-hosting"],
  container: ["container", "container-orchestration", "kubernetes-hosting"],
  orchestration: ["container-orchestration", "kubernetes-hosting"],
  monitoring: ["observability", "logging"],
  observability: ["observability", "logging"],
  logging: ["logging"],
  ci: ["ci"],
  storage: ["storage"],
  search: ["search"],
  auth: ["auth", "identity"],
  ai: ["ai-llm", "ml"],
  llm: ["ai-llm"],
};
const CATEGORIES_BY_STEM = new Map(Object.entries(CATEGORY_WORDS).map(([word, c]) => [stemOf(word), c]));

/** A part of the candidate's record a sentence states. */
type RecordPart = "position" | "employer" | "education" | "date" | "current";

// A question about the record names what it wants ("title", "degree", "when") in words the record's own
// lines do not hold ("Software Engineer at Quillmark (2018-06 – 2021-03)."): such a word is held by a
// sentence that states that part of the record. (Stop words such as "since" and "now" never reach it.)
const RECORD_WORDS: Record<string, readonly RecordPart[]> = {
  title: ["position"],
  role: ["position"],
  position: ["position"],
  job: ["position"],
  employer: ["employer"],
  employed: ["employer"],
  company: ["employer"],
  companies: ["employer"],
  organisation: ["employer"],
  organization: ["employer"],
  study: ["education"],
  studied: ["education"],
  degree: ["education"],
  degrees: ["education"],
  school: ["education"],
  university: ["education"],
  college: ["education"],
  education: ["education"],
  graduate: ["education"],
  graduated: ["education"],
  qualification: ["education"],
  major: ["education"],
  diploma: ["education"],
  when: ["date"],
  date: ["date"],
  dates: ["date"],
  start: ["date"],
  started: ["date"],
  current: ["current"],
  currently: ["current"],
  today: ["current"],
};
const RECORD_BY_STEM = new Map<string, readonly RecordPart[]>();
for (const [word, parts] of Object.entries(RECORD_WORDS)) RECORD_BY_STEM.set(stemOf(word), parts);

/** A date as the record writes it (`2018`, `2018-06`); the open end of a record line's dates. */
const DATE = /\b(?:19|20)\d{2}(?:-\d{2})?\b/;
const OPEN_END = /\bpresent\b/i;

/**
 * The parts of the record a sentence states. A profile entry's record line is its first, starting with the
 * entry's title (the KB's profile documents, pipeline/kb/fact-docs.ts, write "Software Engineer at
 * Quillmark (2018-06 – 2021-03)." under the title "Software Engineer at Quillmark"): a job's states the position and
 * the employer, an education entry's the degree and the school; "present" there is the current one. A year
 * anywhere is a date.
 */
function recordParts(chunk: Chunk, index: number, text: string): Set<RecordPart> {
  const parts = new Set<RecordPart>();
  if (DATE.test(text)) parts.add("date");
  if (chunk.kind !== "profile" || index !== 0 || !chunk.title || !text.startsWith(chunk.title)) return parts;
  const field = typeof chunk.metadata?.field === "string" ? chunk.metadata.field : chunk.uri.split("#")[1];
  if (/^work\[\d+\]$/.test(field ?? "")) parts.add("position").add("employer");
  else if (/^education\[\d+\]$/.test(field ?? "")) parts.add("education");
  else return parts;
  if (OPEN_END.test(text)) parts.add("current");
  return parts;
}

interface Analysed {
  text: string;
  stems: Set<string>;
  technologies: Set<string>;
  categories: Set<string>;
  record: Set<RecordPart>;
}

/** Content stems, with possessives dropped ("Dana's" is "Dana"). */
function stemsOf(text: string): string[] {
  return wordsOf(text)
    .map((w) => w.text.replace(/['’]s$/i, ""))
    .filter(isContentWord)
    .map(stemOf);
}

export function extractiveAnswerer(options: { catalog: Catalog; candidateName?: string }): Answerer {
  const { catalog } = options;
  // The whole portfolio is about the candidate: their name tells no sentence from another.
  const ignored = new Set([...QUESTION_WORDS, ...stemsOf(options.candidateName ?? "")]);
  const analysed = new WeakMap<Chunk, Analysed[]>();

  function sentencesFor(chunk: Chunk): Analysed[] {
    let out = analysed.get(chunk);
    if (!out) {
      out = sentencesOf(chunk.text)
        .map((s, index) => ({ ...s, index }))
        .filter((s) => !s.heading && !isInstruction(s.text) && s.text.length <= MAX_CHARS)
        .filter((s) => wordsOf(s.text).length >= MIN_WORDS)
        .map((s) => {
          const technologies = new Set(catalog.findMentions(s.text).map((m) => m.id));
          const categories = new Set([...technologies].map((id) => catalog.get(id)?.category ?? ""));
          const record = recordParts(chunk, s.index, s.text);
          return { text: s.text, stems: new Set(stemsOf(s.text)), technologies, categories, record };
        });
      analysed.set(chunk, out);
    }
    return out;
  }

  /** The question's terms (weight 1) and, for a short follow-up, the previous question's (weight ½). */
  function termsOf(input: AnswerInput): { terms: Map<string, number>; technologies: Set<string> } {
    const terms = new Map<string, number>();
    const technologies = new Set<string>();
    const add = (text: string, weight: number) => {
      const mentions = catalog.findMentions(text);
      for (const m of mentions) if (weight === 1) technologies.add(m.id);
      const outside = mentions.reduceRight((t, m) => t.slice(0, m.start) + " " + t.slice(m.end), text);
      for (const stem of stemsOf(outside)) {
        if (ignored.has(stem) || terms.has(stem)) continue;
        // "Which database": the kind of thing asked for counts double, it is what the answer must name.
        terms.set(stem, CATEGORIES_BY_STEM.has(stem) ? 2 * weight : weight);
      }
    };
    add(input.question, 1);
    const previous = input.history.at(-1)?.question;
    if (previous && terms.size + technologies.size < 2) add(previous, 0.5);
    return { terms, technologies };
  }

  function score(sentence: Analysed, terms: Map<string, number>, technologies: Set<string>): number {
    let total = technologies.size;
    let held = 0;
    for (const id of technologies) if (sentence.technologies.has(id)) held++;
    // A question naming a technology is answered only by a sentence naming it.
    if (technologies.size > 0 && held === 0) return 0;
    for (const [stem, weight] of terms) {
      total += weight;
      const byCategory = CATEGORIES_BY_STEM.get(stem)?.some((c) => sentence.categories.has(c)) ?? false;
      const byRecord = RECORD_BY_STEM.get(stem)?.some((p) => sentence.record.has(p)) ?? false;
      if (sentence.stems.has(stem) || byCategory || byRecord) held += weight;
    }
    return total === 0 ? 0 : held / total;
  }

  return {
    name: "extractive",
    answer(input) {
      const { terms, technologies } = termsOf(input);
      // The truth's facts are the composed answers' (answers/): retrieval quotes the portfolio's own words.
      const usable = input.chunks.filter((c) => KIND_WEIGHT[c.kind] !== undefined && !isFact(c));
      if (terms.size + technologies.size === 0) return Promise.resolve(summary(usable, sentencesFor));
      const scored: { chunk: Chunk; text: string; score: number }[] = [];
      usable.forEach((chunk, rank) => {
        for (const sentence of sentencesFor(chunk)) {
          const coverage = score(sentence, terms, technologies);
          if (coverage < MIN_COVERAGE) continue;
          // The retrieval's order breaks ties between equally relevant sentences.
          const value = coverage * (KIND_WEIGHT[chunk.kind] ?? 0) + 0.04 / (1 + rank);
          scored.push({ chunk, text: sentence.text, score: value });
        }
      });
      scored.sort((a, b) => b.score - a.score);
      const best = scored[0]?.score ?? 0;
      const quotes: Quote[] = [];
      const perChunk = new Map<string, number>();
      const seen = new Set<string>();
      for (const s of scored) {
        if (quotes.length === MAX_QUOTES || s.score < best * NEAR_BEST) break;
        const count = perChunk.get(s.chunk.id) ?? 0;
        const key = s.text.toLowerCase();
        if (count === MAX_PER_CHUNK || seen.has(key)) continue;
        perChunk.set(s.chunk.id, count + 1);
        seen.add(key);
        quotes.push({ chunkId: s.chunk.id, text: s.text });
      }
      return Promise.resolve(answerOf(quotes));
    },
  };
}

/** A question about the candidate in general ("Tell me about Dana"): their own summary. */
function summary(chunks: readonly Chunk[], sentencesFor: (chunk: Chunk) => Analysed[]): Answer {
  const own = chunks.find((c) => c.kind === "profile" && c.uri.endsWith("#basics.summary"));
  if (!own) return answerOf([]);
  return answerOf(
    sentencesFor(own)
      .slice(0, MAX_PER_CHUNK)
      .map((s) => ({ chunkId: own.id, text: s.text })),
  );
}

/** One quote as a sentence; several as a list, one claim per line for the verifier. */
function answerOf(quotes: Quote[]): Answer {
  if (quotes.length <= 1) return { text: quotes[0]?.text ?? "", quotes };
  return { text: quotes.map((q) => `- ${q.text}`).join("\n"), quotes };
}
