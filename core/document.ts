// One reader for every input document (profile, job JSON, config, layouts, guard case, truth file, chunks,
// scripted draft, catalog): parse keeping line numbers, check with zod, and fail with one sentence,
// `FILE: line N: field "x.y[2]": message.`
import { createRequire } from "node:module";
import { extname } from "node:path";
import type * as YamlModule from "yaml";
import type { ZodError, ZodType, output } from "zod";
import { InputError } from "./errors.js";
import { fieldPath, parseJson, readTextFile } from "./json-file.js";
import { lineAt, syntaxLine } from "./yaml-lines.js";
import { MAX_NESTING, tooDeepAt } from "./nesting.js";

export interface DocumentOptions {
  /**
   * `json` keeps JSON's own syntax errors (with a column); `yaml` reads YAML, and JSON as YAML.
   * Default: by extension, `.json` is JSON and anything else YAML.
   */
  syntax?: "json" | "yaml";
  /** What the file is, for a missing one: `profile file` gives `no such profile file.` */
  noun?: string;
  /** The value of a YAML document with no content (an empty file, only comments); else null. */
  empty?: unknown;
  /** What the document must be when it is not a mapping: `a JSON Resume document (an object)`. */
  mapping?: string;
  /** Said after a schema message, in parentheses: `expected the output of vouch extract --json`. */
  hint?: string;
}

let yaml: typeof YamlModule | undefined;
// Loaded at first use, not import: commands that read no YAML start without it.
const loadYaml = () => (yaml ??= createRequire(import.meta.url)("yaml") as typeof YamlModule);

/** Read, parse and check a document file; every problem is an InputError of one sentence. */
export async function readDocument<S extends ZodType>(
  path: string,
  schema: S,
  options: DocumentOptions = {},
): Promise<output<S>> {
  return checkDocument(await readTextFile(path, options.noun), path, schema, options);
}

/** Parse and check a document's text, `path` naming it in messages. */
export function checkDocument<S extends ZodType>(
  text: string,
  path: string,
  schema: S,
  options: DocumentOptions = {},
): output<S> {
  const syntax = options.syntax ?? (extname(path).toLowerCase() === ".json" ? "json" : "yaml");
  const deep = tooDeepAt(text);
  if (deep !== undefined)
    throw new InputError(`${path}: line ${deep}: nested more than ${MAX_NESTING} levels deep.`);
  let parsed: Parsed | undefined;
  let value: unknown;
  if (syntax === "json") {
    value = parseJson(text, path);
  } else {
    parsed = parseYaml(text);
    const error = parsed.doc.errors[0];
    if (error) {
      throw new InputError(
        `${path}: line ${syntaxLine(error, parsed.lines)}: ${error.message.split("\n")[0]}.`,
      );
    }
    value =
      parsed.doc.contents === null && options.empty !== undefined ? options.empty : toValue(parsed, path);
  }
  if (options.mapping && (value === null || typeof value !== "object" || Array.isArray(value))) {
    throw new InputError(`${path}: expected ${options.mapping}.`);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // JSON is parsed again as YAML only now, for the line of the field.
  const located = parsed ?? parseYaml(text);
  const message = describeIssue(result.error, (at) => lineAt(located.doc, located.lines, at));
  throw new InputError(`${path}: ${message}${options.hint ? ` (${options.hint})` : ""}.`);
}

/**
 * The first issue of a failed check as `line N: field "x.y[2]": message`, without the file or a final
 * period; a part that is not known is left out, and `whole` names the subject of a top-level issue.
 */
export function describeIssue(
  error: ZodError,
  lineOf: (path: readonly PropertyKey[]) => number | undefined,
  whole = "",
): string {
  const issue = error.issues[0]!;
  // zod reports an unknown key on its parent: name the key itself, which is where the mistake is.
  const path =
    issue.code === "unrecognized_keys" && issue.keys[0] ? [...issue.path, issue.keys[0]] : issue.path;
  const line = lineOf(path);
  const field = fieldPath(path);
  const subject = field ? `field "${field}": ` : whole ? `${whole}: ` : "";
  return `${line ? `line ${line}: ` : ""}${subject}${issue.message}`;
}

/**
 * The document's value. Aliases that multiply into more than yaml's limit (a "billion laughs") are bad
 * input, named by the first alias's line, not an internal error.
 */
function toValue(parsed: Parsed, path: string): unknown {
  try {
    return parsed.doc.toJS();
  } catch (error) {
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    const { isAlias, visit } = loadYaml();
    let first: number | undefined;
    visit(parsed.doc, {
      Alias(_key, node) {
        if (isAlias(node) && node.range) first = parsed.lines.linePos(node.range[0]).line;
        return visit.BREAK;
      },
    });
    throw new InputError(
      `${path}: ${first ? `line ${first}: ` : ""}its aliases expand past what vouch reads (${error.message.replace(/\.$/, "")}).`,
    );
  }
}

interface Parsed {
  doc: YamlModule.Document;
  lines: YamlModule.LineCounter;
}

function parseYaml(text: string): Parsed {
  const { LineCounter, parseDocument } = loadYaml();
  const lines = new LineCounter();
  return { doc: parseDocument(text, { lineCounter: lines, prettyErrors: false }), lines };
}
