// What the profile holds of titles and employers, read once per profile: every profile string's words (a
// title stated anywhere is the candidate's to use), the titles the candidate held, the employers of the
// record (work and volunteer organisations, a project's entity) with the position held at each, and the
// employers the profile's own prose names as such.
import { canStateSkill, profileStrings } from "../backing/index.js";
import type { JsonResume } from "../../core/resume.js";
import type { RecordEvidence } from "../../core/evidence.js";
import { asEntry, asList } from "./normalise.js";
import {
  type Claim,
  containsPhrase,
  isReworded,
  isSubsequence,
  phraseWords,
  recordClaims,
} from "./titles.js";

interface Role {
  field: string;
  employer: string[];
  /** The position held there; empty when the entry names none. */
  position: string[];
}

interface Held {
  texts: string[][];
  /** Employers the profile's own prose names as such ("worked for Hooli as a developer"). */
  statedEmployers: string[][];
  titles: string[][];
  roles: Role[];
  /** What a title claim was checked against: the label and each position. */
  titleEvidence: RecordEvidence[];
  /** What an employer claim was checked against: each employer. */
  employerEvidence: RecordEvidence[];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The places the candidate worked, with the position held at each. */
function rolesOf(profile: JsonResume): (Role & { name: string })[] {
  const sections: [string, string][] = [
    ["work", "name"],
    ["work", "company"],
    ["volunteer", "organization"],
    ["projects", "entity"],
  ];
  return sections.flatMap(([section, key]) =>
    asList(profile[section])
      .map(asEntry)
      .flatMap((entry, i) => {
        const name = text(entry[key]);
        if (name.trim() === "") return [];
        const field = `${section}[${i}].${key}`;
        return [{ field, name, employer: phraseWords(name), position: phraseWords(text(entry.position)) }];
      }),
  );
}

/** The positions the candidate held (work and volunteer entries of the profile), with their fields. */
export function heldPositions(profile: JsonResume): { field: string; text: string }[] {
  return ["work", "volunteer"].flatMap((key) =>
    asList(profile[key])
      .map(asEntry)
      .flatMap((e, i) => {
        const position = text(e.position);
        return position.trim() !== "" ? [{ field: `${key}[${i}].position`, text: position }] : [];
      }),
  );
}

const known = new WeakMap<JsonResume, Held>();

function heldBy(profile: JsonResume): Held {
  let held = known.get(profile);
  if (held) return held;
  const strings = profileStrings(profile).filter((s) => canStateSkill(s.field));
  const label = text(profile.basics?.label)
    ? [{ field: "basics.label", text: text(profile.basics?.label) }]
    : [];
  const titles = [...label, ...heldPositions(profile)];
  const roles = rolesOf(profile);
  held = {
    texts: strings.map((s) => phraseWords(s.text)),
    statedEmployers: strings.flatMap((s) =>
      recordClaims(s.text).flatMap((c) => (c.kind === "employer" ? [c.words] : [])),
    ),
    titles: titles.map((t) => phraseWords(t.text)),
    roles,
    titleEvidence: titles.map((t) => ({ source: "profile", ref: t.field, text: t.text })),
    employerEvidence: roles.map((r) => ({ source: "profile", ref: r.field, text: r.name })),
  };
  known.set(profile, held);
  return held;
}

/** What a claim of this kind is checked against in the profile, as evidence. */
export function heldEvidence(kind: Claim["kind"], profile: JsonResume | undefined): RecordEvidence[] {
  if (!profile) return [];
  const held = heldBy(profile);
  return (kind === "title" ? held.titleEvidence : held.employerEvidence).map((e) => ({ ...e }));
}

/**
 * Whether the profile holds a claim: an employer of its record; a title it states or held, and, when the
 * text says where ("Staff Engineer at Quillmark"), held there (or stated so in the profile's own words).
 */
export function isHeld(claim: Claim, profile: JsonResume | undefined): boolean {
  if (!profile) return false;
  const held = heldBy(profile);
  if (claim.kind === "employer") {
    return [...held.roles.map((r) => r.employer), ...held.statedEmployers].some((e) =>
      containsPhrase(e, claim.words),
    );
  }
  if (claim.at) {
    const at = claim.at.words;
    // Held there, or one sentence of the profile's own says both ("worked for Hooli as a developer").
    return (
      held.roles.some((r) => containsPhrase(r.employer, at) && isSubsequence(r.position, claim.words)) ||
      held.texts.some((t) => containsPhrase(t, claim.words) && containsPhrase(t, at))
    );
  }
  return (
    held.titles.some((t) => isSubsequence(t, claim.words) || isReworded(t, claim.words)) ||
    held.texts.some((t) => containsPhrase(t, claim.words))
  );
}
