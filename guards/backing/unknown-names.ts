// Skills are a closed world: a skill keyword that names nothing the catalog knows ("Backstage", "Kyverno")
// is backed only when the profile states it or a production-kind grounding fact (the profile's or the
// code's own) names it. A keyword is read as its parts ("Backstage / Kyverno" is two names); a part that
// names a catalog technology is judged by the catalog's rule instead.
import { canStateSkill, profileStrings } from "./lookups.js";
import { foldedWords } from "../../core/words.js";
import { containsPhrase } from "../record-provenance/titles.js";
import { isSpellingFix } from "../../core/spelling.js";
import type { GuardContext } from "../types.js";
import type { RecordEvidence } from "../../core/evidence.js";

/** A word as names are compared: singular ("REST APIs" states "REST API"). */
const singular = (w: string) => (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);
const phrase = (text: string) => foldedWords(text).map(singular);

interface Source {
  words: string[];
  evidence: RecordEvidence;
}

const sourcesOf = new WeakMap<GuardContext, Source[]>();

/** The profile's strings that can state a skill, and the production-kind facts, read once per context. */
function sources(context: GuardContext): Source[] {
  let list = sourcesOf.get(context);
  if (list) return list;
  list = [
    ...profileStrings(context.profile)
      .filter((s) => canStateSkill(s.field))
      .map((s) => ({
        words: phrase(s.text),
        evidence: { source: "profile" as const, ref: s.field, text: s.text },
      })),
    ...context.facts
      .filter((f) => f.kind === "production")
      .map((f) => ({ words: phrase(f.text), evidence: { source: "fact" as const, ref: f.id } })),
  ];
  sourcesOf.set(context, list);
  return list;
}

/**
 * The parts of a keyword: "Backstage / Kyverno", "Argo CD and Flux", "Velero, KEDA". A slash, ampersand or
 * plus splits only between spaces: "CI/CD", "TCP/IP", "R&D" and "C++" are one name each.
 */
export function keywordParts(text: string): string[] {
  return text
    .split(/\s*[,;|]\s*|\s+(?:[/&+]|and)\s+/u)
    .map((p) => p.trim())
    .filter((p) => foldedWords(p).length > 0);
}

/**
 * Where the profile or a production fact states `name`, or undefined when nothing does. A one-word name
 * may fix the source's spelling ("Mustache" for the profile's "Mustach").
 */
export function statedName(name: string, context: GuardContext): RecordEvidence | undefined {
  const words = phrase(name);
  const stated = (s: Source) =>
    containsPhrase(s.words, words) ||
    (words.length === 1 && s.words.some((w) => isSpellingFix(words[0]!, w)));
  return sources(context).find(stated)?.evidence;
}
