// go.mod `require` directives, one-line and block form.
import { type Detection, type FileDetector, ParseError } from "../types.js";
import { type ManifestDetection, baseName, manifestDetection, ownPackageDetection } from "./shared.js";

interface GoLine {
  tokens: string[];
  comment: string;
}

function unquote(quoted: string, lineNumber: number): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    throw new ParseError(`Bad escape in the quoted string on line ${lineNumber}.`, lineNumber);
  }
}

/** Splits a go.mod line into tokens (unquoting "..." and `...`) and its trailing `//` comment. */
function splitLine(raw: string, lineNumber: number): GoLine {
  const tokens: string[] = [];
  let at = 0;
  while (at < raw.length) {
    const c = raw[at] ?? "";
    if (/\s/.test(c)) {
      at++;
    } else if (raw.startsWith("//", at)) {
      return { tokens, comment: raw.slice(at + 2).trim() };
    } else if (c === '"' || c === "`") {
      let end = at + 1;
      while (end < raw.length && raw[end] !== c) end += raw[end] === "\\" && c === '"' ? 2 : 1;
      if (end >= raw.length) throw new ParseError(`Unterminated string on line ${lineNumber}.`, lineNumber);
      tokens.push(c === '"' ? unquote(raw.slice(at, end + 1), lineNumber) : raw.slice(at + 1, end));
      at = end + 1;
    } else if (c === "(" || c === ")") {
      tokens.push(c);
      at++;
    } else {
      let end = at;
      while (end < raw.length && !/[\s()]/.test(raw[end] ?? "") && !raw.startsWith("//", end)) end++;
      tokens.push(raw.slice(at, end));
      at = end;
    }
  }
  return { tokens, comment: "" };
}

/** `// indirect` (possibly followed by `; more`) marks a module the build needs but the author never chose. */
function isIndirect(comment: string): boolean {
  return /^indirect\s*(;|$)/.test(comment);
}

export const goModDetector: FileDetector = {
  id: "go.mod",
  matches: (path) => baseName(path) === "go.mod",
  detect({ text }) {
    const detections: Detection[] = [];
    let block: { directive: string; line: number } | undefined;

    const requireEntry = (args: string[], comment: string, line: number): void => {
      const [module, version] = args;
      if (args.length !== 2 || module === undefined || version === undefined) {
        throw new ParseError(`The require on line ${line} must name a module and a version.`, line);
      }
      if (isIndirect(comment)) return;
      // go.mod has one list for everything a module's code and tests import: the importers decide.
      const detection: ManifestDetection = manifestDetection(
        "go",
        module,
        line,
        `require ${module} ${version}`,
        "runtime",
      );
      detection.unseparated = true;
      detections.push(detection);
    };

    text
      .replace(/^\uFEFF/, "")
      .split("\n")
      .forEach((raw, index) => {
        const line = index + 1;
        const { tokens, comment } = splitLine(raw, line);
        if (tokens.length === 0) return;
        if (block) {
          if (tokens[0] === ")") block = undefined;
          else if (block.directive === "require") requireEntry(tokens, comment, line);
          return;
        }
        const [directive, ...args] = tokens;
        if (directive === undefined) return;
        if (args.length === 1 && args[0] === "(") block = { directive, line };
        else if (directive === "require") requireEntry(args, comment, line);
      });

    if (block) {
      throw new ParseError(
        `The \`${block.directive} (\` block on line ${block.line} is never closed.`,
        block.line,
      );
    }
    return detections;
  },
};

/** The module a go.mod declares (`module github.com/gin-gonic/gin`); nothing for a malformed file. */
export function goOwnPackage(text: string): ManifestDetection[] {
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  for (let index = 0; index < lines.length; index++) {
    let tokens: string[];
    try {
      tokens = splitLine(lines[index] ?? "", index + 1).tokens;
    } catch {
      continue;
    }
    const [directive, module] = tokens;
    if (directive !== "module" || module === undefined || module === "(" || tokens.length !== 2) continue;
    return [ownPackageDetection("go", module, index + 1, `module ${module}`)];
  }
  return [];
}
