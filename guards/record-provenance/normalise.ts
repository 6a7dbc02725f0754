// How two parts of a record are compared: names by their words (case, accents, punctuation and legal
// suffixes aside: "Quillmark, Inc." is Quillmark), values exactly (a date moved by a month is a change).
import type { ResumeEntry } from "../../core/resume.js";
import { canonicalJson } from "../redaction-record.js";
import { foldedWords } from "../../core/words.js";

// Words that say what kind of company it is, not which one.
const LEGAL_SUFFIXES = new Set([
  "inc",
  "incorporated",
  "llc",
  "ltd",
  "limited",
  "gmbh",
  "corp",
  "corporation",
  "co",
  "plc",
  "ag",
  "sa",
  "bv",
  "nv",
  "srl",
  "pty",
  "oy",
  "ab",
  "as",
  "kk",
]);

/** An organisation's or a person's name as a key: "The Quillmark Co." and "quillmark" are one. */
export function nameKey(value: unknown): string {
  if (typeof value !== "string") return "";
  const words = foldedWords(value);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words.at(-1)!)) words.pop();
  if (words.length > 1 && words[0] === "the") words.shift();
  return words.join(" ");
}

/** Deep equality of two JSON values, key order aside. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return canonicalJson(a) === canonicalJson(b);
}

/** Months since year 0 of `2021`, `2021-04` or `2021-04-15`; undefined for anything else. */
export function monthOf(date: unknown): number | undefined {
  if (typeof date !== "string") return undefined;
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(date.trim());
  if (!m) return undefined;
  return Number(m[1]) * 12 + (m[2] ? Number(m[2]) - 1 : 0);
}

/** A value as a reason shows it: a string quoted, an entry by its name. */
export function shown(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value);
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const entry = value as Record<string, unknown>;
    const name = [entry.name, entry.title, entry.institution, entry.organization, entry.language].find(
      (v) => typeof v === "string" && v.trim() !== "",
    );
    if (name) return JSON.stringify(name);
  }
  const json = JSON.stringify(value);
  return json.length > 80 ? `${json.slice(0, 77)}…` : json;
}

/** A value read as an entry (any object), or an empty one. */
export const asEntry = (value: unknown): ResumeEntry =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as ResumeEntry) : {};

/** A value read as a list, or an empty one. */
export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
