import type { MarkdownIt, StateInline, Token } from "markdown-it";
import { lazy } from "../core/lazy.js";
import { type MarkdownItClass, markdownIt } from "../core/markdown-it.js";
import { lineLocator } from "../core/lines.js";
import { readingView } from "../core/text-view.js";
import type { Catalog } from "./catalog.js";
import { buildFirstWords, indexName, type FirstWords, type TextName } from "./catalog-mentions.js";
import { type Found, scan } from "./mentions/scan.js";
import type { DocClaim } from "../core/truth.js";
import { docClaimUseCues, listLeadIn, mentionUse } from "../core/use-cues.js";

const MARKDOWN = /\.(md|mdx|markdown)$/i;
const OTHER_DOCS = /\.(rst|adoc|asciidoc|txt)$/i;
// History and policy files name what a project used to use or what it forbids, not what it runs on.
const NOT_CLAIMS =
  /^(changelog|changes|history|releases?|release[-_ ]?notes|news|license|licence|copying|security|code_of_conduct|authors|contributors|notice)(\.|$)/i;
const MAX_CLAIM_TEXT = 300;

/** Whether a file is documentation whose prose makes claims about the project. */
export function isDocFile(path: string): boolean {
  const file = path.slice(path.lastIndexOf("/") + 1);
  if (NOT_CLAIMS.test(file)) return false;
  return (
    MARKDOWN.test(file) || (OTHER_DOCS.test(file) && /^readme/i.test(file)) || /\.(rst|adoc)$/i.test(file)
  );
}

// Language folders of translated docs (`docs/es/…`, `i18n/zh-hant/…`): ISO 639-1 codes, with a region or script.
const LANGUAGE_SEGMENT =
  /(^|\/)(?:af|ar|az|be|bg|bn|ca|cs|da|de|el|es|et|fa|fi|fr|he|hi|hr|hu|hy|id|it|ja|ka|kk|ko|lt|lv|ms|nb|nl|no|pl|pt|ro|ru|sk|sl|sq|sr|sv|ta|th|tr|uk|ur|uz|vi|zh)(?:[-_][a-z]{2,4})?(?=\/)/i;

/**
 * Whether a doc is a translation of another doc in the repository: the same path with `en` for its language
 * folder exists. Its claims are the English one's, in other words; reading every language of a docs site
 * (fastapi has fifteen) would multiply the cost and add nothing.
 */
export function isTranslation(path: string, exists: (path: string) => boolean): boolean {
  const m = LANGUAGE_SEGMENT.exec(path);
  if (!m) return false;
  const english = `${path.slice(0, m.index)}${m[1]}en${path.slice(m.index + m[0].length)}`;
  return english !== path && exists(english);
}

/** Where each inline token starts in its block's inline source; markdown-it keeps no inline positions. */
const inlineStart = new WeakMap<Token, number>();

/** The Markdown parser, made once before the first document (core/markdown-it.ts loads markdown-it). */
const markdownParser = lazy(() => createParser(markdownIt()));

/** Loads the Markdown parser; await it before `findDocClaims`. */
export async function loadDocParser(): Promise<void> {
  markdownParser();
}

function createParser(MarkdownIt: MarkdownItClass): MarkdownIt {
  // Plain CommonMark with HTML, as micromark read it before: no tables, strikethrough or bare-URL links.
  // Up to 1,000 levels of nesting (markdown-it's default is 20); deeper content is skipped, where the
  // parser's stack would otherwise run out near 3,000.
  const md = new MarkdownIt("commonmark", { maxNesting: 1_000 });
  // Every link is a link, whatever its scheme (markdown-it turns `javascript:` links back into text), and
  // its target is never rendered, so it needs no normalising.
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;
  // Rules push each token while `pos` is at its first character; plain text is flushed with `pos` just past
  // its last, on the same line. So `pos` at push time gives every inline token its line.
  class PositionedState extends md.inline.State {
    override pushPending(): Token {
      const token = super.pushPending();
      inlineStart.set(token, this.pos);
      return token;
    }
    override push(type: string, tag: string, nesting: -1 | 0 | 1): Token {
      const token = super.push(type, tag, nesting);
      inlineStart.set(token, this.pos);
      return token;
    }
  }
  md.inline.State = PositionedState as typeof StateInline;
  // A paragraph or heading whose source names no technology is left unparsed (no children): its runs of
  // text could name none either. Everything else is parsed as markdown-it's own inline rule does.
  md.core.ruler.at("inline", (state) => {
    const { mayName } = state.env as ParseEnv;
    for (const token of state.tokens) {
      if (token.type === "inline" && mayName(token.content))
        state.md.inline.parse(token.content, state.md, state.env, token.children ?? []);
    }
  });
  return md;
}

/** What a parse is given (markdown-it's `env`): which inline sources to parse. */
type ParseEnv = Record<string, unknown> & { mayName: (source: string) => boolean };

/** Each catalog's names by their first word, as the catalog indexes them, for `mayName`. */
const nameIndexes = new WeakMap<Catalog, { byFirstWord: Map<string, TextName[]>; firstWords: FirstWords }>();

function nameIndex(catalog: Catalog) {
  let index = nameIndexes.get(catalog);
  if (!index) {
    const byFirstWord = new Map<string, TextName[]>();
    for (const entry of catalog.entries) {
      if (entry.text === "none") continue;
      for (const name of [entry.name, ...(entry.aliases ?? [])]) indexName(byFirstWord, entry, name);
    }
    index = { byFirstWord, firstWords: buildFirstWords(byFirstWord) };
    nameIndexes.set(catalog, index);
  }
  return index;
}

/**
 * Whether inline source may hold a catalog name in one of its runs of text. Runs are pieces of the source
 * cut at markup and line breaks, so a name in a run is a name in the source, unless markdown-it rewrote
 * characters (a backslash escape, an entity) or reading the text does (core/text-view.ts), or lower case
 * moves offsets: then the source is parsed. Any match counts, an ordinary word's (`Go`) too.
 */
function mayName(catalog: Catalog, source: string): boolean {
  if (source.includes("\\") || source.includes("&")) return true;
  if (readingView(source).changed || source.toLowerCase().length !== source.length) return true;
  const { byFirstWord, firstWords } = nameIndex(catalog);
  const found: Found = { spans: [], kinds: [], pending: [], codes: undefined };
  scan(source, true, byFirstWord, firstWords, found);
  return found.spans.length > 0;
}

/**
 * Technologies a document says the project uses, one claim per technology and line; none are stale yet.
 * A sentence that only mentions a technology claims nothing about it (mention is not use: "We evaluated
 * MongoDB", "migrated from MySQL to PostgreSQL" claims PostgreSQL only; core/use-cues.ts).
 */
export function findDocClaims(repo: string, path: string, text: string, catalog: Catalog): DocClaim[] {
  const lines = text.split(/\r?\n/);
  const claims = new Map<string, DocClaim>();
  const add = (line: number, technology: string) => {
    const key = `${line}\0${technology}`;
    if (claims.has(key)) return;
    const source = (lines[line - 1] ?? "").trim();
    claims.set(key, { repo, path, line, technology, text: source.slice(0, MAX_CLAIM_TEXT), stale: false });
  };

  if (MARKDOWN.test(path)) {
    const markdown = markdownParser.peek();
    if (!markdown) throw new Error("findDocClaims: await loadDocParser() first");
    const env: ParseEnv = { mayName: (source) => mayName(catalog, source) };
    markdownTexts(markdown, text, env, (value, firstLine, sentence) => {
      const lineOf = lineLocator(value);
      for (const mention of catalog.findMentions(value)) {
        if (!sentence.uses(mention.start, mention.end, mention.matched)) continue;
        add(firstLine + lineOf(mention.start) - 1, mention.id);
      }
    });
  } else {
    let offset = 0;
    lines.forEach((line, i) => {
      for (const mention of catalog.findMentions(line)) {
        if (mentionUse(text, offset + mention.start, offset + mention.end, docClaimUseCues()).used)
          add(i + 1, mention.id);
      }
      offset += line.length + 1 + (text[offset + line.length] === "\r" ? 1 : 0);
    });
  }
  return [...claims.values()].sort((a, b) => a.line - b.line || a.technology.localeCompare(b.technology));
}

/**
 * Where a run of text sits in the prose around it: whether a mention at `[start, end)` of the run is stated
 * as used, read in its whole paragraph (a cue may sit in another run: "We evaluated **MongoDB**").
 */
interface Surroundings {
  uses(start: number, end: number, matched: string): boolean;
}

/** Code: each line is read on its own (a comment's "never used MySQL" says nothing of the next line). */
function codeLines(code: string): Surroundings {
  return {
    uses(start, end) {
      const from = code.lastIndexOf("\n", start - 1) + 1;
      const to = code.indexOf("\n", end);
      const line = code.slice(from, to < 0 ? undefined : to);
      return mentionUse(line, start - from, end - from, docClaimUseCues()).used;
    },
  };
}

/** A run of `source` that starts near `at`: mentions are found again in the source, where cues are read. */
function surroundings(source: string, at: number): Surroundings {
  return {
    uses(start, end, matched) {
      // A run's text is its source less escapes and entities: look for the name where it should be.
      const near = Math.max(0, at + start - 8);
      const found = source.indexOf(matched, near);
      const place = found >= 0 && found <= at + start + 32 ? found : at + start;
      return mentionUse(source, place, place + end - start, docClaimUseCues()).used;
    },
  };
}

/**
 * Calls `onText` with each run of claim-bearing text and the line it starts on. Prose, inline code and code
 * blocks carry claims; HTML, link targets, image descriptions and reference definitions do not, and neither
 * does a link's text: it names the page it points to ("Run it on AKS" → a blog post), not this project.
 * Neither does a list of what the project supports: the section under a heading such as "Supported
 * frameworks" or "Integrations", or the list after a lead-in such as "It works with:" (core/use-cues.yaml,
 * family `supported`): a library's users run those, not the library.
 */
type OnText = (value: string, line: number, sentence: Surroundings) => void;

function markdownTexts(md: MarkdownIt, text: string, env: ParseEnv, onText: OnText): void {
  const tokens = md.parse(text, env);
  // A support section runs until the next heading of its level or higher; a support list until it closes.
  let sectionLevel: number | undefined;
  let listLevel: number | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === "heading_open") {
      const level = Number(token.tag.slice(1));
      if (sectionLevel !== undefined && level <= sectionLevel) sectionLevel = undefined;
      if (sectionLevel === undefined && listLevel === undefined) {
        const heading = tokens[i + 1]?.type === "inline" ? tokens[i + 1]!.content : "";
        if (listLeadIn(heading, docClaimUseCues())) sectionLevel = level;
      }
    }
    if (sectionLevel !== undefined) continue;
    if (listLevel !== undefined) {
      if (
        (token.type === "bullet_list_close" || token.type === "ordered_list_close") &&
        token.level === listLevel
      )
        listLevel = undefined;
      continue;
    }
    if (token.type === "paragraph_close") {
      const next = tokens[i + 1];
      const lead = tokens[i - 1]?.type === "inline" ? tokens[i - 1]!.content : "";
      if (
        (next?.type === "bullet_list_open" || next?.type === "ordered_list_open") &&
        listLeadIn(lead, docClaimUseCues())
      ) {
        listLevel = next.level;
        i++;
      }
      continue;
    }
    if (!token.map) continue;
    if (token.type === "fence" || token.type === "code_block") {
      // The code starts on the line after the fence. An indented block has no fence line, yet its claims
      // are placed one line late too: a known off-by-one, kept while the output must not change.
      if (token.content) onText(token.content, token.map[0] + 2, codeLines(token.content));
    } else if (token.type === "inline" && token.children) {
      inlineTexts(token.content, token.children, token.map[0] + 1, onText);
    }
  }
}

/**
 * Text runs of one paragraph or heading. A run is what a reader sees as one stretch of plain text: words
 * and soft line breaks, up to the next emphasis, code span, link, HTML tag or hard break.
 */
function inlineTexts(source: string, tokens: readonly Token[], firstLine: number, onText: OnText): void {
  const lineAt = lineCounter(source, firstLine);
  let run = "";
  let runLine = firstLine;
  let runStart = 0;
  let linkDepth = 0;
  const flush = () => {
    if (run) onText(run, runLine, surroundings(source, runStart));
    run = "";
  };
  for (const token of tokens) {
    const start = inlineStart.get(token) ?? 0;
    if (token.type === "link_open") {
      flush();
      linkDepth++;
    } else if (token.type === "link_close") {
      linkDepth--;
    } else if (linkDepth > 0) {
      continue;
    } else if (token.type === "text" || token.type === "softbreak") {
      const value = token.type === "text" ? token.content : "\n";
      if (!run) {
        runLine = lineAt(start);
        // Plain text is pushed with `pos` just past it.
        runStart = token.type === "text" ? Math.max(0, start - value.length) : start;
      }
      run += value;
    } else if (token.type === "code_inline") {
      flush();
      const value = codeSpanText(source, start, token);
      if (value) onText(value, lineAt(start), surroundings(source, start + token.markup.length));
    } else {
      flush(); // emphasis, strong, hard break, inline HTML, image
    }
  }
  flush();
}

/**
 * A code span's text as written: markdown-it turns its line breaks into spaces, but a claim on the second
 * line of a span belongs to that line. One space (or line break) of padding on both sides is dropped.
 */
function codeSpanText(source: string, start: number, token: Token): string {
  const open = start + token.markup.length;
  const close = closingRun(source, open, token.markup.length);
  const inner = source.slice(open, close);
  return inner.length > token.content.length ? inner.slice(1, -1) : inner;
}

/** Where the first run of exactly `length` backticks at or after `from` starts (the span's closer). */
function closingRun(source: string, from: number, length: number): number {
  for (let at = source.indexOf("`", from); at !== -1; at = source.indexOf("`", at)) {
    let end = at + 1;
    while (source.charCodeAt(end) === 0x60) end++;
    if (end - at === length) return at;
    at = end;
  }
  return source.length;
}

/** Maps offsets of `source` to lines, counting from `firstLine`; cheapest when asked in increasing order. */
function lineCounter(source: string, firstLine: number): (offset: number) => number {
  let offset = 0;
  let line = firstLine;
  return (target) => {
    if (target < offset) {
      offset = 0;
      line = firstLine;
    }
    for (let i = source.indexOf("\n", offset); i !== -1 && i < target; i = source.indexOf("\n", i + 1))
      line++;
    offset = target;
    return line;
  };
}
