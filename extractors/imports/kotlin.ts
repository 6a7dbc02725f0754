// Kotlin imports: `import a.b.C`, `import a.b.*` (reported as `a.b`) and `import a.b.C as D`, under the
// Java import space, since Kotlin code imports the same JVM packages the catalog names for Java.
// Hand-written on purpose: the registry's Kotlin grammars for tree-sitter ship a native build and, as a
// runtime dependency, npm-check-updates; and Kotlin allows imports only in a file's header (after file
// annotations and `package`, before any declaration), so reading the header token by token is exact.
import type { FileDetector, SourceFile } from "../types.js";
import { hasExtension, toDetections, type Hit } from "./common.js";

const IDENTIFIER = /(?:`[^`\n]+`|[\p{L}_][\p{L}\p{Nd}_]*)/uy;
const SPACE = /(?:[ \t\r\n;]+|\/\/[^\n]*|#![^\n]*)/y;

/** A reader of one file's header; `at` moves forward only. */
class Header {
  at = 0;
  constructor(readonly text: string) {}

  /** Skips spaces, semicolons, line comments and (nested) block comments; false on an unclosed comment. */
  skip(): boolean {
    for (;;) {
      SPACE.lastIndex = this.at;
      if (SPACE.test(this.text)) {
        this.at = SPACE.lastIndex;
        continue;
      }
      if (!this.text.startsWith("/*", this.at)) return true;
      let depth = 0;
      let i = this.at;
      for (; i < this.text.length; i++) {
        if (this.text.startsWith("/*", i)) {
          depth++;
          i++;
        } else if (this.text.startsWith("*/", i)) {
          i++;
          if (--depth === 0) break;
        }
      }
      if (depth !== 0) return false;
      this.at = i + 1;
    }
  }

  word(): string | undefined {
    IDENTIFIER.lastIndex = this.at;
    const m = IDENTIFIER.exec(this.text);
    if (!m) return undefined;
    this.at = IDENTIFIER.lastIndex;
    return m[0].replace(/`/g, "");
  }

  /** A dotted name, with a trailing `.*` kept as `*`; spaces may sit around the dots. */
  dotted(): string[] {
    const parts: string[] = [];
    for (;;) {
      const part = this.word();
      if (part === undefined) break;
      parts.push(part);
      const before = this.at;
      this.skip();
      if (this.text[this.at] !== ".") {
        this.at = before;
        break;
      }
      this.at++;
      this.skip();
      if (this.text[this.at] === "*") {
        this.at++;
        parts.push("*");
        break;
      }
    }
    return parts;
  }

  /** `@file:Name(...)` or `@file:[A B]`: skipped with its balanced brackets. */
  fileAnnotation(): boolean {
    if (!/^@file\s*:/.test(this.text.slice(this.at, this.at + 12))) return false;
    this.at = this.text.indexOf(":", this.at) + 1;
    this.skip();
    if (this.text[this.at] === "[") return this.balanced("[", "]");
    this.dotted();
    this.skip();
    return this.text[this.at] === "(" ? this.balanced("(", ")") : true;
  }

  private balanced(open: string, close: string): boolean {
    let depth = 0;
    for (let i = this.at; i < this.text.length; i++) {
      const c = this.text[i];
      if (c === '"') {
        const end = this.text.indexOf('"', i + 1);
        if (end === -1) return false;
        i = end;
      } else if (c === open) depth++;
      else if (c === close && --depth === 0) {
        this.at = i + 1;
        return true;
      }
    }
    return false;
  }
}

/** The imports of a Kotlin file's header, in order. */
export function kotlinHits(file: SourceFile): Hit[] {
  const header = new Header(file.text);
  const hits: Hit[] = [];
  let lines = 1;
  let counted = 0;
  // Lines are counted forward only, as the header is read.
  const lineAt = (offset: number) => {
    for (
      let i = file.text.indexOf("\n", counted);
      i !== -1 && i < offset;
      i = file.text.indexOf("\n", i + 1)
    ) {
      lines++;
      counted = i + 1;
    }
    return lines;
  };
  for (;;) {
    if (!header.skip()) break;
    if (header.text[header.at] === "@") {
      if (!header.fileAnnotation()) break;
      continue;
    }
    const start = header.at;
    const keyword = header.word();
    if (keyword === "package") {
      header.skip();
      header.dotted();
      continue;
    }
    if (keyword !== "import") break;
    header.skip();
    const parts = header.dotted();
    const star = parts.at(-1) === "*";
    const name = (star ? parts.slice(0, -1) : parts).join(".");
    const end = file.text.indexOf("\n", header.at);
    if (name.includes(".") && !/^(?:javax?|kotlin)\./.test(name))
      hits.push({
        name,
        at: start,
        line: lineAt(start),
        detail: file.text.slice(start, end === -1 ? undefined : end),
      });
    header.skip();
    // `as Alias`
    const save = header.at;
    if (header.word() === "as") {
      header.skip();
      header.word();
    } else header.at = save;
  }
  return hits;
}

export const kotlinImportDetector: FileDetector = {
  id: "imports:kotlin",
  matches: (path) => hasExtension(path, [".kt"]),
  detect: (file) => toDetections("import:java", kotlinHits(file)),
};
