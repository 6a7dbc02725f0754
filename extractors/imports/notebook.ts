// Jupyter notebooks: the Python imports in code cells, with lines pointing into the .ipynb file.
import { ParseError, type FileDetector, type SourceFile } from "../types.js";
import { hasExtension, toDetections, type Hit } from "./common.js";
import { lineLocator } from "../../core/lines.js";
import { initPython, pythonHits } from "./python.js";

interface Cell {
  cell_type?: unknown;
  source?: unknown;
  input?: unknown;
}

/** Cell magics whose body is still Python; any other `%%magic` cell (bash, sql, html, ...) is skipped. */
const PYTHON_CELL_MAGICS = /^%%(?:time|timeit|capture|prun)\b/;
const CELL_GAP = 1e9;

function codeCells(notebook: unknown): Cell[] {
  if (typeof notebook !== "object" || notebook === null)
    throw new ParseError("not a notebook: expected a JSON object");
  const nb = notebook as {
    cells?: Cell[];
    worksheets?: { cells?: Cell[] }[];
    metadata?: { kernelspec?: { language?: string }; language_info?: { name?: string } };
  };
  const language = nb.metadata?.kernelspec?.language ?? nb.metadata?.language_info?.name;
  if (language !== undefined && language.toLowerCase() !== "python") return [];
  const cells = nb.cells ?? nb.worksheets?.flatMap((sheet) => sheet.cells ?? []) ?? [];
  return cells.filter((cell) => cell.cell_type === "code");
}

/** A cell's source lines; notebooks store them as an array of strings (v4) or one string. */
function sourceLines(cell: Cell): string[] {
  const source = cell.source ?? cell.input;
  if (typeof source === "string") return source.split(/\r?\n/);
  return Array.isArray(source) ? source.join("").split(/\r?\n/) : [];
}

/**
 * Best effort: finds each source line, JSON-encoded, in the raw file after the previous one, so a notebook
 * written one array element per line maps rows to lines exactly. Unfound lines have no line number.
 */
class RawLineFinder {
  private from = 0;
  private readonly lineOf: (offset: number) => number;

  constructor(private readonly raw: string) {
    this.lineOf = lineLocator(raw);
  }

  find(sourceLine: string): number | undefined {
    if (sourceLine.trim() === "") return undefined;
    const at = this.raw.indexOf(JSON.stringify(sourceLine).slice(0, -1), this.from);
    if (at === -1) return undefined;
    this.from = at + 1;
    return this.lineOf(at);
  }
}

export function notebookHits(file: SourceFile): Hit[] {
  const text = file.text.replace(/^\uFEFF/, "");
  let notebook: unknown;
  try {
    notebook = JSON.parse(text);
  } catch (error) {
    throw new ParseError(`invalid notebook JSON: ${(error as Error).message}`);
  }
  const finder = new RawLineFinder(text);
  const hits: Hit[] = [];
  codeCells(notebook).forEach((cell, index) => {
    const lines = sourceLines(cell);
    const rawLines = lines.map((line) => finder.find(line));
    if (/^%%/.test(lines[0] ?? "") && !PYTHON_CELL_MAGICS.test(lines[0] ?? "")) return;
    const code = lines.map((line) => (/^\s*[%!]/.test(line) ? "" : line)).join("\n");
    hits.push(...pythonHits(code, (row) => rawLines[row], index * CELL_GAP));
  });
  return hits;
}

export const notebookImportDetector: FileDetector = {
  id: "imports:ipynb",
  matches: (path) => hasExtension(path, [".ipynb"]),
  init: initPython,
  // A notebook is Jupyter's own file, whatever its kernel's language.
  detect: (file) => [
    ...toDetections("import:python", notebookHits(file)),
    { key: { space: "tool", name: "jupyter" }, via: "config", detail: "Jupyter notebook", line: 1 },
  ],
};
