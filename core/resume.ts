// The parts of a JSON Resume document (jsonresume.org schema) the guards read and write. Other keys pass
// through untouched.

export interface ResumeWork {
  name?: string;
  position?: string;
  startDate?: string;
  endDate?: string;
  summary?: string;
  highlights?: string[];
  [key: string]: unknown;
}

export interface ResumeProject {
  name?: string;
  description?: string;
  highlights?: string[];
  keywords?: string[];
  startDate?: string;
  endDate?: string;
  [key: string]: unknown;
}

export interface ResumeSkill {
  name?: string;
  level?: string;
  keywords?: string[];
  [key: string]: unknown;
}

/** An entry of the other sections (education, certificates, awards, …): JSON Resume's fields, read as data. */
export interface ResumeEntry {
  [key: string]: unknown;
}

export interface JsonResume {
  basics?: { name?: string; label?: string; summary?: string; [key: string]: unknown };
  work?: ResumeWork[];
  projects?: ResumeProject[];
  skills?: ResumeSkill[];
  education?: ResumeEntry[];
  volunteer?: ResumeEntry[];
  certificates?: ResumeEntry[];
  awards?: ResumeEntry[];
  publications?: ResumeEntry[];
  languages?: ResumeEntry[];
  interests?: ResumeEntry[];
  references?: ResumeEntry[];
  [key: string]: unknown;
}

export type PathPart = string | number;

/** `.`, `[`, `]`. */
const isSeparator = (c: number) => c === 46 || c === 91 || c === 93;
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * `work[0].highlights[2]` → ["work", 0, "highlights", 2]: runs of characters other than `.[]` are keys,
 * `[digits]` is an index, anything else is skipped (what `/([^.[\]]+)|\[(\d+)\]/g` finds, read by hand:
 * the chain asks for every field it edits).
 */
export function parseField(field: string): PathPart[] {
  const parts: PathPart[] = [];
  let i = 0;
  while (i < field.length) {
    const c = field.charCodeAt(i);
    if (!isSeparator(c)) {
      let j = i + 1;
      while (j < field.length && !isSeparator(field.charCodeAt(j))) j++;
      parts.push(field.slice(i, j));
      i = j;
      continue;
    }
    if (c === 91) {
      let j = i + 1;
      while (j < field.length && isDigit(field.charCodeAt(j))) j++;
      if (j > i + 1 && field.charCodeAt(j) === 93) {
        parts.push(Number(field.slice(i + 1, j)));
        i = j + 1;
        continue;
      }
    }
    i++;
  }
  return parts;
}

export function formatField(parts: readonly PathPart[]): string {
  return parts.map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`)).join("");
}

/** The value at a field path, or undefined. */
export function getField(doc: unknown, field: string): unknown {
  let node: unknown = doc;
  for (const part of parseField(field)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

function parentOf(doc: unknown, field: string): { parent: Record<string | number, unknown>; key: PathPart } {
  const parts = parseField(field);
  const key = parts.pop();
  const parent = getField(doc, formatField(parts));
  if (key === undefined || parent === null || typeof parent !== "object") {
    throw new Error(`no such field: ${field}`);
  }
  return { parent: parent as Record<string | number, unknown>, key };
}

/** Set a string at a field path of a document the caller owns (a structured clone, never the input). */
export function setField(doc: unknown, field: string, value: string): void {
  const { parent, key } = parentOf(doc, field);
  parent[key] = value;
}

/** Remove a list item (`skills[1].keywords[3]`), shifting later items down. */
export function removeItem(doc: unknown, field: string): void {
  const { parent, key } = parentOf(doc, field);
  if (!Array.isArray(parent) || typeof key !== "number") throw new Error(`not a list item: ${field}`);
  parent.splice(key, 1);
}

/** Put a removed list item back at its place: the inverse of `removeItem`. */
export function insertItem(doc: unknown, field: string, value: string): void {
  const { parent, key } = parentOf(doc, field);
  if (!Array.isArray(parent) || typeof key !== "number") throw new Error(`not a list item: ${field}`);
  parent.splice(key, 0, value);
}

/** Put any value at a field path, adding the key or replacing what is there. */
export function putField(doc: unknown, field: string, value: unknown): void {
  const { parent, key } = parentOf(doc, field);
  parent[key] = value;
}

/** Take a key out of its object, or an item out of its list (later items shift down). */
export function deleteField(doc: unknown, field: string): void {
  const { parent, key } = parentOf(doc, field);
  if (Array.isArray(parent) && typeof key === "number") parent.splice(key, 1);
  else delete parent[key];
}

/** Put a value back at a field: a list item is inserted at its index, a key is set. */
export function insertField(doc: unknown, field: string, value: unknown): void {
  const { parent, key } = parentOf(doc, field);
  if (Array.isArray(parent) && typeof key === "number") parent.splice(key, 0, value);
  else parent[key] = value;
}
