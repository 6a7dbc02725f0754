// A thin view over the `yaml` AST that keeps node positions, follows aliases and `<<` merge keys.
// `yaml` loads in `loadYaml()`, which the YAML detectors' `init()` awaits (or `requireYaml()` asks for);
// parsing afterwards is synchronous.
import type * as YamlLibrary from "yaml";
import type { Document, LineCounter, Node, Tags } from "yaml";
import { lazy } from "../../core/lazy.js";
import { NeedsLoading, ParseError } from "../types.js";

const yamlModule = lazy(() => import("yaml"));

/** Loads the `yaml` library once; the YAML detectors' `init()`. */
export async function loadYaml(): Promise<void> {
  await yamlModule();
}

/**
 * For detectors that read YAML only after a cheap content check (most `.yaml` and `.json` files are not
 * Kubernetes manifests or CloudFormation templates): throws `NeedsLoading` until `yaml` is loaded, so a
 * repository whose YAML no detector needs never loads it.
 */
export function requireYaml(): void {
  if (!yamlModule.peek()) throw new NeedsLoading(loadYaml(), "the yaml library is");
}

function yamlLibrary(): typeof YamlLibrary {
  const yaml = yamlModule.peek();
  if (!yaml) throw new Error("yaml is not loaded: the detector's init() was not awaited before detect()");
  return yaml;
}

export interface YamlEntry {
  key: string;
  keyNode: Node;
  value: Node | undefined;
}

export interface YamlProblem {
  message: string;
  line?: number;
}

/** One document of a YAML stream, with helpers that never throw on unexpected shapes. */
export class YamlDoc {
  constructor(
    private readonly doc: Document,
    private readonly counter: LineCounter,
    private readonly lib: typeof YamlLibrary,
  ) {}

  get root(): Node | undefined {
    return this.resolve(this.doc.contents ?? undefined);
  }

  /** Follows an alias to its anchored node. */
  resolve(node: unknown): Node | undefined {
    if (this.lib.isAlias(node)) return (node.resolve(this.doc) as Node | undefined) ?? undefined;
    return (node as Node | null | undefined) ?? undefined;
  }

  /** The pairs of a mapping; entries pulled in by `<<: *anchor` come after and never override own keys. */
  entries(node: unknown): YamlEntry[] {
    const map = this.resolve(node);
    if (!this.lib.isMap(map)) return [];
    const own: YamlEntry[] = [];
    const merged: YamlEntry[] = [];
    for (const pair of map.items) {
      const keyNode = pair.key as Node;
      if (!this.lib.isScalar(keyNode)) continue;
      if (keyNode.value === "<<" || typeof keyNode.value === "symbol") {
        const sources = this.lib.isSeq(this.resolve(pair.value)) ? this.items(pair.value) : [pair.value];
        for (const source of sources) merged.push(...this.entries(source));
        continue;
      }
      own.push({ key: String(keyNode.value), keyNode, value: this.resolve(pair.value) });
    }
    const ownKeys = new Set(own.map((entry) => entry.key));
    return [...own, ...merged.filter((entry) => !ownKeys.has(entry.key))];
  }

  entry(node: unknown, key: string): YamlEntry | undefined {
    return this.entries(node).find((entry) => entry.key === key);
  }

  get(node: unknown, key: string): Node | undefined {
    return this.entry(node, key)?.value;
  }

  getIn(node: unknown, keys: string[]): Node | undefined {
    let current = this.resolve(node);
    for (const key of keys) current = this.get(current, key);
    return current;
  }

  /** The items of a sequence, aliases resolved; anything else gives []. */
  items(node: unknown): Node[] {
    const seq = this.resolve(node);
    if (!this.lib.isSeq(seq)) return [];
    return seq.items.map((item) => this.resolve(item)).filter((item): item is Node => item !== undefined);
  }

  /**
   * A string scalar's trimmed text. Undefined for anything else: collections, numbers, booleans, nulls,
   * empty strings, and values behind a local tag such as CloudFormation's `!Ref`, which are expressions.
   */
  string(node: unknown): string | undefined {
    const scalar = this.resolve(node);
    if (!this.lib.isScalar(scalar) || typeof scalar.value !== "string" || scalar.tag?.startsWith("!"))
      return undefined;
    const text = scalar.value.trim();
    return text === "" ? undefined : text;
  }

  /** A boolean scalar's value (`push: true`); undefined for anything else. */
  boolean(node: unknown): boolean | undefined {
    const scalar = this.resolve(node);
    return this.lib.isScalar(scalar) && typeof scalar.value === "boolean" ? scalar.value : undefined;
  }

  /** 1-based line where the node starts. */
  line(node: unknown): number | undefined {
    const range = (node as Node | undefined)?.range;
    return range ? this.counter.linePos(range[0]).line : undefined;
  }

  isMap(node: unknown): boolean {
    return this.lib.isMap(this.resolve(node));
  }
}

/** Tags that must parse but whose meaning we do not need (`!Ref x`, `!If [a, b, c]`), in every node form. */
export function passThroughTags(names: string[]): Tags {
  return names.flatMap((name) => [
    { tag: name, resolve: (value: string) => value },
    { tag: name, collection: "seq" as const, resolve: (value: unknown) => value },
    { tag: name, collection: "map" as const, resolve: (value: unknown) => value },
  ]) as Tags;
}

export interface ParsedYaml {
  docs: YamlDoc[];
  problem?: YamlProblem;
}

export interface YamlOptions {
  customTags?: Tags;
}

/** Parses every document of a stream; the first error (if any) is reported instead of thrown. */
export function parseYaml(text: string, options: YamlOptions = {}): ParsedYaml {
  const library = yamlLibrary();
  const counter = new library.LineCounter();
  const parsed = library.parseAllDocuments(text, {
    lineCounter: counter,
    prettyErrors: false,
    uniqueKeys: false,
    ...(options.customTags ? { customTags: options.customTags } : {}),
  });
  const documents = [...parsed];
  const firstError = documents.flatMap((doc) => doc.errors)[0];
  const docs = documents.map((doc) => new YamlDoc(doc, counter, library));
  if (!firstError) return { docs };
  return {
    docs,
    problem: { message: firstSentence(firstError.message), line: counter.linePos(firstError.pos[0]).line },
  };
}

/** Parses a file the detector claims by name: malformed YAML becomes a ParseError. */
export function parseClaimedYaml(label: string, text: string, options: YamlOptions = {}): YamlDoc[] {
  const { docs, problem } = parseYaml(text, options);
  if (problem) throw yamlError(label, problem);
  return docs;
}

export function yamlError(label: string, problem: YamlProblem): ParseError {
  return new ParseError(`${label} is not valid YAML: ${problem.message}.`, problem.line);
}

function firstSentence(message: string): string {
  return (message.split(/ at line \d+|\n/)[0] ?? message).replace(/[.:]\s*$/, "");
}
