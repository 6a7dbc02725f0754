// record-provenance's check of the draft's record: every part of it that is not the writer's prose is the
// profile's. The plan is worked out on a copy, each edit made as it is found, so every finding names its
// field as it is at that moment and the applier, making them in order, lands on the same places.
import { makeDraftEdit } from "../apply-draft.js";
import { listWords } from "../backing/evidence.js";
import { type JsonResume, type ResumeEntry, getField } from "../../core/resume.js";
import type { DraftEdit, DraftFinding, Reported } from "../types.js";
import type { RecordEvidence } from "../../core/evidence.js";
import { type EntryMatch, matchEntries } from "./match.js";
import { heldPositions } from "./held.js";
import type { RecordRule } from "./messages.js";
import { asEntry, asList, nameKey, sameValue, shown } from "./normalise.js";
import { BASICS_PROSE, RECORD_SECTIONS, type SectionSpec } from "./sections.js";
import { isJoinedTitles, isReworded, phraseWords } from "./titles.js";

type Entry = ResumeEntry;

const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

class Plan {
  readonly doc: JsonResume;
  readonly findings: Reported<DraftFinding>[] = [];

  constructor(draft: JsonResume) {
    this.doc = structuredClone(draft);
  }

  emit(
    rule: RecordRule,
    edit: DraftEdit,
    data: { actual: unknown; evidence: RecordEvidence[]; words?: Record<string, string> },
  ): void {
    const action = edit.op === "set" ? "fallback" : edit.op;
    const actual = data.actual === undefined ? "" : asText(data.actual);
    const finding: Reported<DraftFinding> = {
      guard: "record-provenance",
      rule,
      action,
      field: edit.field,
      data: { field: edit.field, actual: shown(data.actual), ...data.words },
      actual,
      evidence: data.evidence,
      edit,
    };
    makeDraftEdit(this.doc, edit);
    this.findings.push(finding);
  }

  /**
   * Take key `key` out of the object at `at`: recorded as the object set to itself without the key, so that
   * a revert puts the key back in its place among the others (the draft comes back byte for byte).
   */
  dropKey(
    rule: RecordRule,
    at: string,
    key: string,
    data: { evidence: RecordEvidence[]; words?: Record<string, string> },
  ): void {
    const { [key]: gone, ...rest } = asEntry(getField(this.doc, at));
    this.emit(
      rule,
      { op: "set", field: at, value: rest },
      {
        actual: gone,
        evidence: data.evidence,
        words: { field: `${at}.${key}`, ...data.words },
      },
    );
  }
}

const cite = (ref: string, value: unknown): RecordEvidence => ({
  source: "profile",
  ref,
  text: asText(value),
});

/** Each field of a matched entry that is not the writer's: the profile's value, put back where it was dropped. */
function mendFields(
  plan: Plan,
  at: string,
  profileAt: string,
  profile: Entry,
  spec: Pick<SectionSpec, "prose" | "subsets" | "noun">,
  how = "",
): void {
  const draft = asEntry(getField(plan.doc, at));
  const keys = [...new Set([...Object.keys(draft), ...Object.keys(profile)])];
  for (const key of keys) {
    if (spec.prose.includes(key)) continue;
    const [mine, theirs] = [profile[key], draft[key]];
    const field = `${at}.${key}`;
    if (spec.subsets?.includes(key) && Array.isArray(mine) && Array.isArray(theirs)) {
      const allowed = new Set(mine.map(nameKey));
      for (let j = theirs.length - 1; j >= 0; j--) {
        if (allowed.has(nameKey(theirs[j]))) continue;
        plan.emit(
          "invented-field",
          { op: "remove", field: `${field}[${j}]` },
          {
            actual: theirs[j],
            evidence: [cite(`${profileAt}.${key}`, mine.join(", "))],
            words: { entry: spec.noun },
          },
        );
      }
    } else if (spec.subsets?.includes(key) && theirs === undefined) {
      // A list the writer may shorten may go whole.
    } else if (theirs === undefined) {
      plan.emit(
        "dropped-field",
        { op: "restore", field, value: mine },
        {
          actual: undefined,
          evidence: [cite(`${profileAt}.${key}`, mine)],
          words: { expected: shown(mine) },
        },
      );
    } else if (mine === undefined) {
      plan.dropKey("invented-field", at, key, {
        evidence: [cite(profileAt, shown(profile))],
        words: { entry: spec.noun },
      });
    } else if (!sameValue(mine, theirs)) {
      plan.emit(
        "changed-field",
        { op: "set", field, value: mine },
        {
          actual: theirs,
          evidence: [cite(`${profileAt}.${key}`, mine)],
          words: { expected: shown(mine), how },
        },
      );
    }
  }
}

function planBasics(plan: Plan, profile: JsonResume): void {
  const mine = asEntry(profile.basics);
  if (profile.basics === undefined) return;
  if (plan.doc.basics === undefined) {
    plan.emit(
      "dropped-field",
      { op: "restore", field: "basics", value: mine },
      {
        actual: undefined,
        evidence: [cite("basics", shown(mine.name))],
        words: { expected: "the candidate's name and contact details" },
      },
    );
    return;
  }
  mendFields(plan, "basics", "basics", mine, { prose: [...BASICS_PROSE], noun: "basics" });
  const label = plan.doc.basics.label;
  if (label === undefined) return;
  const held = [
    ...(typeof mine.label === "string" ? [{ field: "basics.label", text: mine.label }] : []),
    ...heldPositions(profile),
  ];
  // The profile's label or a position held, as written or reworded ("Backend and Platform Engineer").
  // "iOS Developer (Swift, SwiftUI)": what the parentheses name is claim-net's; a rank in them is not.
  const labelWords = typeof label === "string" ? phraseWords(withoutStack(label)) : [];
  const heldWords = held.map((t) => phraseWords(t.text));
  if (
    held.some((t) => nameKey(t.text) === nameKey(label)) ||
    heldWords.some((t) => isReworded(t, labelWords)) ||
    isJoinedTitles(heldWords, labelWords)
  )
    return;
  const evidence = held.map((t) => cite(t.field, t.text));
  if (mine.label !== undefined) {
    plan.emit(
      "label-not-held",
      { op: "set", field: "basics.label", value: mine.label },
      {
        actual: label,
        evidence,
        words: { outcome: `the profile's label ${shown(mine.label)} is used instead` },
      },
    );
  } else {
    plan.dropKey("label-not-held", "basics", "label", {
      evidence,
      words: { outcome: "the profile has no label, so it is removed" },
    });
  }
}

function planSection(plan: Plan, profile: JsonResume, spec: SectionSpec): void {
  const mine = asList(profile[spec.key]);
  const draftValue = (plan.doc as Entry)[spec.key];
  if (!Array.isArray(draftValue)) {
    if (spec.keepAll && mine.length > 0 && draftValue === undefined) {
      plan.emit(
        "dropped-entry",
        { op: "restore", field: spec.key, value: mine },
        {
          actual: undefined,
          evidence: [cite(spec.key, names(mine, spec).join("; "))],
          words: {
            noun: `${spec.key} section`,
            expected: `with ${listWords(names(mine, spec).map((n) => JSON.stringify(n)))}`,
          },
        },
      );
    }
    return;
  }
  const matches = matchEntries(draftValue, mine, spec);
  const kept: number[] = [];
  let at = 0;
  matches.forEach((match, i) => {
    const entry = asEntry(draftValue[i]);
    if (match.kind !== "matched") {
      plan.emit(
        match.kind === "duplicate" ? "duplicate-entry" : "invented-entry",
        { op: "remove", field: `${spec.key}[${at}]` },
        {
          actual: entry,
          evidence: [cite(spec.key, names(mine, spec).join("; ") || "(none)")],
          words: { noun: spec.noun },
        },
      );
      return;
    }
    mendFields(
      plan,
      `${spec.key}[${at}]`,
      `${spec.key}[${match.profileIndex}]`,
      asEntry(mine[match.profileIndex]),
      spec,
      matchedHow(match, entry, mine, spec),
    );
    kept.push(match.profileIndex);
    at++;
  });
  if (!spec.keepAll) return;
  mine.forEach((entry, p) => {
    if (kept.includes(p)) return;
    const found = kept.findIndex((q) => q > p);
    const index = found === -1 ? kept.length : found;
    kept.splice(index, 0, p);
    plan.emit(
      "dropped-entry",
      { op: "restore", field: `${spec.key}[${index}]`, value: entry },
      {
        actual: undefined,
        evidence: [cite(`${spec.key}[${p}]`, shown(entry))],
        words: { noun: spec.noun, expected: shown(entry) },
      },
    );
  });
}

function names(entries: readonly unknown[], spec: SectionSpec): string[] {
  return entries.map((e) => asEntry(e)[spec.identity]).filter((n): n is string => typeof n === "string");
}

/** How a draft entry was tied to its profile entry, when that is not plain: said in the reason. */
function matchedHow(match: EntryMatch, entry: Entry, mine: readonly unknown[], spec: SectionSpec): string {
  if (match.kind !== "matched" || match.exact) return "";
  if (match.renamed) return " (the profile's entry with the same dates)";
  const key = nameKey(entry[spec.identity]);
  const same = mine.filter((e) => nameKey(asEntry(e)[spec.identity]) === key).length;
  return same > 1
    ? ` (of the profile's ${same} entries at ${shown(entry[spec.identity])}, the closest by dates)`
    : "";
}

/** A skills group's level is the candidate's for the group of that name. */
function planSkillLevels(plan: Plan, profile: JsonResume): void {
  asList(plan.doc.skills).forEach((group, i) => {
    const level = asEntry(group).level;
    if (level === undefined) return;
    const p = asList(profile.skills).findIndex(
      (g) => nameKey(asEntry(g).name) === nameKey(asEntry(group).name),
    );
    const mine = p === -1 ? {} : pick(asEntry(asList(profile.skills)[p]), "level");
    mendFields(plan, `skills[${i}]`, p === -1 ? "skills" : `skills[${p}]`, mine, {
      prose: Object.keys(asEntry(group)).filter((k) => k !== "level"),
      noun: "skills group",
    });
  });
}

const pick = (entry: Entry, key: string): Entry => (key in entry ? { [key]: entry[key] } : {});

/** Every edit that gives the draft back the candidate's record, in the order to make them. */
export function planRecord(draft: JsonResume, profile: JsonResume): Reported<DraftFinding>[] {
  const plan = new Plan(draft);
  planBasics(plan, profile);
  for (const spec of RECORD_SECTIONS) planSection(plan, profile, spec);
  planSkillLevels(plan, profile);
  return plan.findings;
}

const RANK_WORD =
  /\b(?:senior|sr|lead|staff|principal|head|manager|director|chief|vp|architect|junior|jr|intern|associate|assistant|founder|owner)\b/i;

/**
 * A label without what it adds after its title that holds no rank: a closing parenthetical ("Developer
 * (Swift, SwiftUI)") or a part after a bar or dash ("Machine Learning Engineer | Ranking, MLOps").
 */
function withoutStack(label: string): string {
  const bare = (whole: string, inner: string) => (RANK_WORD.test(inner) ? whole : "");
  return label
    .replace(/\s*\(([^()]*)\)\s*$/u, bare)
    .replace(/\s+[|–—·]\s+(.*)$/u, bare)
    .replace(/\s+-\s+(.*)$/u, bare);
}
