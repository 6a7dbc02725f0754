// Java imports via tree-sitter: `import a.b.C;`, `import a.b.*;` (reported as `a.b`) and static imports
// (reported as the class: `import static a.b.C.m;` → `a.b.C`). The JDK's `java.` and `javax.` are skipped.
import { lazy } from "../../core/lazy.js";
import type { FileDetector, SourceFile } from "../types.js";
import { hasExtension, toDetections, type Hit } from "./common.js";
import { compileQuery, eachMatch, loadGrammar } from "./treesitter.js";

const QUERY = `(import_declaration [(scoped_identifier) (identifier)] @name) @statement`;
const JDK = /^javax?\./;

const query = lazy(() => compileQuery("java", QUERY));

/** The key for an import declaration: the class of a static member, else the imported name or package. */
function importedName(name: string, parts: (string | undefined)[]): string {
  const member = parts.includes("static") && !parts.includes("asterisk");
  return member ? name.slice(0, Math.max(0, name.lastIndexOf("."))) : name;
}

export function javaHits(file: SourceFile): Hit[] {
  const hits: Hit[] = [];
  eachMatch("java", query.peek(), file.text, { topLevel: true }, ({ name: nameNode, statement }) => {
    if (!nameNode || !statement) return;
    const parts = statement.children.map((child) => child?.type);
    const name = importedName(nameNode.text.replace(/\s+/g, ""), parts);
    if (!name.includes(".") || JDK.test(name)) return;
    hits.push({
      name,
      at: statement.startIndex,
      line: nameNode.startPosition.row + 1,
      detail: statement.text,
    });
  });
  return hits;
}

export const javaImportDetector: FileDetector = {
  id: "imports:java",
  matches: (path) => hasExtension(path, [".java"]),
  async init() {
    await loadGrammar("java");
    query();
  },
  detect: (file) => toDetections("import:java", javaHits(file)),
};
