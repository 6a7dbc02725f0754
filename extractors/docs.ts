import type { fromMarkdown as FromMarkdown } from "mdast-util-from-markdown";
import type { Catalog } from "./catalog.js";
import type { DocClaim } from "./types.js";

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

interface ProseNode {
  type: string;
  value?: string;
  position?: { start: { line: number } };
  children?: ProseNode[];
}

let fromMarkdown: typeof FromMarkdown | undefined;

/** Load the Markdown parser (70 ms of module loading) once, before the first document. */
export async function loadDocParser(): Promise<void> {
  fromMarkdown ??= (await import("mdast-util-from-markdown")).fromMarkdown;
}

/** Technologies named in a document, one claim per technology and line; none are stale yet. */
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
    if (!fromMarkdown) throw new Error("findDocClaims: await loadDocParser() first");
    visit(fromMarkdown(text) as ProseNode, (value, firstLine) => {
      for (const mention of catalog.findMentions(value))
        add(firstLine + countNewlines(value, mention.start), mention.id);
    });
  } else {
    lines.forEach((line, i) => {
      for (const mention of catalog.findMentions(line)) add(i + 1, mention.id);
    });
  }
  return [...claims.values()].sort((a, b) => a.line - b.line || a.technology.localeCompare(b.technology));
}

// Prose, inline code and code blocks carry claims; link targets, HTML and front matter do not.
const CLAIM_NODES = new Set(["text", "inlineCode", "code"]);
// A link's text names the page it points to ("Run it on AKS" → a blog post), not this project.
const NOT_CLAIM_PARENTS = new Set(["link", "linkReference"]);

function visit(node: ProseNode, onText: (value: string, line: number) => void): void {
  if (CLAIM_NODES.has(node.type) && node.value && node.position) {
    // A fenced block's value starts on the line after the fence.
    const offset = node.type === "code" ? 1 : 0;
    onText(node.value, node.position.start.line + offset);
  }
  if (NOT_CLAIM_PARENTS.has(node.type)) return;
  for (const child of node.children ?? []) visit(child, onText);
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) count++;
  return count;
}
