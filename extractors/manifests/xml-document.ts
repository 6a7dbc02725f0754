// XML with element positions, via fast-xml-parser: its validator names the line of an error, and its
// metadata gives the offset where each element (with children or attributes) starts.
import { lazy } from "../../core/lazy.js";
import { ParseError } from "../types.js";
import { LineIndex, isRecord } from "./shared.js";

const xmlModule = lazy(() => import("fast-xml-parser"));

/** Loads fast-xml-parser once; the XML detectors' `init()`. */
export async function loadXml(): Promise<void> {
  await xmlModule();
}

export type XmlNode = Record<string, unknown>;

export interface XmlDocument {
  root: XmlNode;
  /** The line of an element's start tag, when the parser kept its position. */
  lineOf(node: unknown): number | undefined;
}

/**
 * Parses XML (call after `loadXml`); elements named in `repeated` always come back as arrays. Attributes
 * are `@_name`.
 */
export function parseXmlDocument(text: string, repeated: readonly string[]): XmlDocument {
  const xml = xmlModule.peek();
  if (!xml)
    throw new Error("fast-xml-parser is not loaded: the detector's init() was not awaited before detect()");
  const { XMLParser, XMLValidator } = xml;
  const metaKey = XMLParser.getMetaDataSymbol() as unknown as string;
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const { line, msg } = verdict.err;
    throw new ParseError(`Invalid XML on line ${line}: ${msg.replace(/\.$/, "")}.`, line);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    parseAttributeValue: false,
    captureMetaData: true,
    isArray: (name) => repeated.includes(name),
  });
  const lines = new LineIndex(text);
  let root: unknown;
  try {
    root = parser.parse(text);
  } catch (error) {
    // The validator accepts a few inputs the parser then rejects (a stray `<!` after the root);
    // the parser's own message is internal, so only its position is kept.
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
    const line = position === undefined ? undefined : lines.lineAt(Number(position));
    throw new ParseError(
      `Invalid XML${line ? ` on line ${line}` : ""}: markup the parser cannot read.`,
      line,
    );
  }
  return {
    root: isRecord(root) ? root : {},
    lineOf(node) {
      const meta = isRecord(node) ? (node[metaKey] as { startIndex?: number } | undefined) : undefined;
      return meta?.startIndex === undefined ? undefined : lines.lineAt(meta.startIndex);
    },
  };
}

/** Child elements named `name` as a list (absent → empty; one → a list of one). */
export function children(node: unknown, name: string): unknown[] {
  if (!isRecord(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function child(node: unknown, name: string): unknown {
  return children(node, name)[0];
}

/** The trimmed text of an element (`<a>x</a>` or `<a attr="1">x</a>`), or undefined. */
export function textOf(node: unknown): string | undefined {
  if (typeof node === "string") return node.trim();
  if (isRecord(node) && typeof node["#text"] === "string") return node["#text"].trim();
  return undefined;
}

/** An attribute's value, matching its name case-insensitively (MSBuild does). */
export function attribute(node: unknown, name: string): string | undefined {
  if (!isRecord(node)) return undefined;
  const wanted = `@_${name}`.toLowerCase();
  for (const [key, value] of Object.entries(node)) {
    if (key.toLowerCase() === wanted && typeof value === "string") return value.trim();
  }
  return undefined;
}
