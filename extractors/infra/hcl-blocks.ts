// Where top-level HCL blocks start and end. The HCL parser we use returns values without positions, so this
// small scanner skips strings, comments and heredocs to find each `type "label" … {` header and its `}`.

export interface HclBlock {
  type: string;
  labels: string[];
  /** 1-based lines of the header and of the closing brace. */
  startLine: number;
  endLine: number;
}

const HEADER = /^([A-Za-z_][\w-]*)((?:\s+(?:"[^"\n]*"|[A-Za-z_][\w-]*))*)\s*$/;
const HEREDOC = /^<<-?([A-Za-z_]\w*)[ \t]*\r?\n/;

export interface HclScan {
  blocks: HclBlock[];
  /** Header line of the first top-level block whose closing brace never comes. */
  unclosedLine?: number;
}

export function scanHcl(text: string): HclScan {
  const lineAt = lineLookup(text);
  const blocks: HclBlock[] = [];
  const open: HclBlock[] = [];
  let depth = 0;
  let headerStart = -1;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    const next = text[i + 1];
    if (char === '"') {
      i = skipString(text, i);
      continue;
    }
    if (char === "#" || (char === "/" && next === "/")) {
      i = endOfLine(text, i);
      continue;
    }
    if (char === "/" && next === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    }
    if (char === "<" && next === "<") {
      const heredoc = HEREDOC.exec(text.slice(i, i + 200));
      if (heredoc?.[1]) {
        i = skipHeredoc(text, i + heredoc[0].length, heredoc[1]);
        continue;
      }
    }
    if (depth === 0 && headerStart < 0 && !/\s/.test(char ?? "")) headerStart = i;
    if (char === "\n" && depth === 0) headerStart = -1;
    if (char === "{") {
      if (depth === 0 && headerStart >= 0) {
        const header = HEADER.exec(text.slice(headerStart, i).trim());
        if (header?.[1]) {
          const labels = [...(header[2] ?? "").matchAll(/"([^"\n]*)"|([A-Za-z_][\w-]*)/g)].map(
            (match) => match[1] ?? match[2] ?? "",
          );
          const line = lineAt(headerStart);
          open.push({ type: header[1], labels, startLine: line, endLine: line });
        }
      }
      depth++;
    } else if (char === "}" && depth > 0) {
      depth--;
      if (depth === 0) {
        const block = open.pop();
        if (block) blocks.push({ ...block, endLine: lineAt(i) });
        headerStart = -1;
      }
    }
    i++;
  }
  // An unclosed block still has a start; let it run to the end of the text.
  for (const block of open) blocks.push({ ...block, endLine: lineAt(text.length) });
  return { blocks, unclosedLine: open[0]?.startLine };
}

/** Skips a quoted string including `${ … }` / `%{ … }` templates, which may nest strings. */
function skipString(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const char = text[i];
    if (char === "\\") {
      i += 2;
    } else if (char === '"' || char === "\n") {
      return i + 1;
    } else if ((char === "$" || char === "%") && text[i + 1] === "{") {
      i = skipTemplate(text, i + 2);
    } else {
      i++;
    }
  }
  return i;
}

function skipTemplate(text: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < text.length && depth > 0) {
    const char = text[i];
    if (char === '"') {
      i = skipString(text, i);
      continue;
    }
    if (char === "{") depth++;
    if (char === "}") depth--;
    i++;
  }
  return i;
}

function skipHeredoc(text: string, bodyStart: number, marker: string): number {
  let i = bodyStart;
  while (i < text.length) {
    const end = endOfLine(text, i);
    if (text.slice(i, end).trim() === marker) return end;
    i = end + 1;
  }
  return text.length;
}

function endOfLine(text: string, start: number): number {
  const newline = text.indexOf("\n", start);
  return newline < 0 ? text.length : newline;
}

/** Maps a character offset to its 1-based line. */
export function lineLookup(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}
