// Arbitrary profiles, and drafts derived from them by random edits of their record (and rewording of
// their prose), for record-provenance's properties.
import fc from "fast-check";
import type { JsonResume } from "../../../core/resume.js";
import type { Entry, Section } from "./pools.js";
import {
  EMPLOYERS,
  STRANGERS,
  POSITIONS,
  INFLATED,
  INSTITUTIONS,
  STUDY_TYPES,
  AREAS,
  CERTIFICATES,
  ISSUERS,
  AWARDS,
  AWARDERS,
  LANGUAGES,
  FLUENCY,
  GROUPS,
  LEVELS,
  PROJECTS,
  INTERESTS,
  PASTIMES,
  KEYWORDS,
  CITIES,
  PROSE,
  REWORDS,
  DATE_KEYS,
  RECORD_VALUES,
} from "./pools.js";

export const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
export const month = fc
  .tuple(fc.integer({ min: 2005, max: 2024 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, "0")}`);

export const workEntry = fc.record(
  {
    name: pick(EMPLOYERS),
    position: pick(POSITIONS),
    location: pick(CITIES),
    url: fc.constant("https://example.com"),
    startDate: month,
    endDate: month,
    summary: pick(PROSE),
    highlights: fc.array(pick(PROSE), { maxLength: 3 }),
  },
  { requiredKeys: ["name", "position", "startDate", "highlights"] },
);

// Distinct employers, sometimes with a rehire: a second entry at the first employer, in another role or time.
export const workList = fc
  .tuple(
    fc.uniqueArray(workEntry, { minLength: 1, maxLength: 4, selector: (e) => e.name }),
    fc.option(workEntry, { freq: 4 }),
  )
  .map(([list, rehire]): Entry[] =>
    rehire && list.length < 4 ? [...list, { ...rehire, name: list[0]!.name }] : list,
  );

export const educationEntry = fc.record(
  {
    institution: pick(INSTITUTIONS),
    area: pick(AREAS),
    studyType: pick(STUDY_TYPES),
    startDate: month,
    endDate: month,
    score: pick(["First", "2:1", "3.8"]),
  },
  { requiredKeys: ["institution", "studyType"] },
);
export const certificateEntry = fc.record(
  { name: pick(CERTIFICATES), issuer: pick(ISSUERS), date: month, url: fc.constant("https://cert.example") },
  { requiredKeys: ["name"] },
);
export const awardEntry = fc.record(
  { title: pick(AWARDS), date: month, awarder: pick(AWARDERS), summary: pick(PROSE) },
  { requiredKeys: ["title"] },
);
export const languageEntry = fc.record({ language: pick(LANGUAGES), fluency: pick(FLUENCY) });
export const projectEntry = fc.record(
  {
    name: pick(PROJECTS),
    description: pick(PROSE),
    highlights: fc.array(pick(PROSE), { maxLength: 2 }),
    keywords: fc.uniqueArray(pick(KEYWORDS), { maxLength: 2 }),
    url: fc.constant("https://example.com/project"),
    startDate: month,
    entity: pick(EMPLOYERS),
  },
  { requiredKeys: ["name", "description"] },
);
export const interestEntry = fc.record({
  name: pick(INTERESTS),
  keywords: fc.uniqueArray(pick(PASTIMES), { minLength: 1, maxLength: 3 }),
});
export const skillGroup = fc.record(
  { name: pick(GROUPS), level: pick(LEVELS), keywords: fc.uniqueArray(pick(KEYWORDS), { maxLength: 3 }) },
  { requiredKeys: ["name", "keywords"] },
);

export const basics = fc.record(
  {
    name: pick(["Ada Park", "Sam Lee"]),
    label: pick([...POSITIONS, "Backend engineer and team lead"]),
    email: fc.constant("ada@example.com"),
    phone: fc.constant("+44 113 496 0000"),
    url: fc.constant("https://ada.example"),
    location: fc.record({ city: pick(CITIES), countryCode: pick(["GB", "DE"]) }),
    profiles: fc.constant([{ network: "GitHub", username: "adapark", url: "https://github.com/adapark" }]),
    summary: pick(PROSE),
  },
  { requiredKeys: ["name", "email"] },
);

/** A section of 0–2 entries with distinct names; an empty one is left out or kept as `[]`. */
export const section = <T extends Entry>(entry: fc.Arbitrary<T>, identity: string) =>
  fc.tuple(
    fc.uniqueArray(entry, { maxLength: 2, selector: (e) => e[identity] }),
    fc.boolean(), // keep an empty section as []
  );

export const profileArb: fc.Arbitrary<JsonResume> = fc
  .record({
    basics,
    work: workList,
    education: section(educationEntry, "institution"),
    certificates: section(certificateEntry, "name"),
    awards: section(awardEntry, "title"),
    languages: section(languageEntry, "language"),
    projects: section(projectEntry, "name"),
    interests: section(interestEntry, "name"),
    skills: fc.uniqueArray(skillGroup, { maxLength: 3, selector: (g) => g.name }),
  })
  .map(({ basics, work, skills, ...rest }) => {
    const profile: JsonResume = { basics, work };
    for (const [key, [list, keepEmpty]] of Object.entries(rest)) {
      if (list.length > 0 || keepEmpty) profile[key] = list;
    }
    if (skills.length > 0) profile.skills = skills;
    return profile;
  });

// Edits: what a writer might do to the record (the guard must undo) and to the prose (it must leave alone).

// Work first: it is where a resume lies most, and where the matcher has the most to do.
export const sectionArb = pick<Section>([
  "work",
  "work",
  "work",
  "education",
  "education",
  "certificates",
  "awards",
  "languages",
  "projects",
  "interests",
]);
export const seed = fc.nat();
export const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
export const editsIn = (sections: fc.Arbitrary<Section>) =>
  fc.oneof(
    // A record field changed: to another value of its kind, or to a spelling of itself (case, legal suffix).
    weighted(
      6,
      fc.record({
        kind: fc.constant("set" as const),
        section: sections,
        index: seed,
        key: fc.oneof(fc.constant(0), seed), // 0: the entry's name (each section's first key), half the time
        value: seed,
        date: month,
        variant: fc.constantFrom("pool", "pool", "upper", "suffix"),
      }),
    ),
    weighted(
      2,
      fc.record({ kind: fc.constant("deleteKey" as const), section: sections, index: seed, key: seed }),
    ),
    weighted(
      1,
      fc.record({
        kind: fc.constant("addKey" as const),
        section: sections,
        index: seed,
        key: pick(["teamSize", "verified", "gpa", "rank"]),
        value: pick(["40 engineers", "yes", "4.0", "1st"]),
      }),
    ),
    weighted(
      2,
      fc.record({
        kind: fc.constant("invent" as const),
        section: sections,
        index: seed,
        value: seed,
        date: month,
        endDate: fc.option(month),
        // The dates of one of the profile's entries: an invented entry a matcher by dates could take for it.
        theirDates: fc.boolean(),
      }),
    ),
    weighted(2, fc.record({ kind: fc.constant("drop" as const), section: sections, index: seed })),
    weighted(
      1,
      fc.record({ kind: fc.constant("duplicate" as const), section: sections, index: seed, to: seed }),
    ),
    weighted(2, fc.record({ kind: fc.constant("move" as const), section: sections, index: seed, to: seed })),
    weighted(1, fc.record({ kind: fc.constant("deleteSection" as const), section: sectionArb })),
    weighted(
      2,
      fc.record({
        kind: fc.constant("basics" as const),
        key: pick(["name", "email", "phone", "url", "location", "profiles", "city", "nationality", "all"]),
        mode: pick(["delete", "change"]),
      }),
    ),
    weighted(
      2,
      fc.record({
        kind: fc.constant("label" as const),
        value: seed,
        mode: pick(["pool", "lower", "delete"]),
      }),
    ),
    weighted(
      3,
      fc.record({
        kind: fc.constant("prose" as const),
        section: pick(["work", "awards", "projects", "basics"] as const),
        index: seed,
        key: pick(["summary", "highlights", "keywords"]),
        mode: pick(["reword", "shorten", "reorder", "replace"]),
        value: seed,
      }),
    ),
    weighted(
      1,
      fc.record({
        kind: fc.constant("interest" as const),
        index: seed,
        value: seed,
        mode: pick(["invent", "variant", "remove", "reorder"]),
      }),
    ),
    weighted(
      1,
      fc.record({
        kind: fc.constant("level" as const),
        index: seed,
        value: seed,
        mode: pick(["set", "delete", "add"]),
      }),
    ),
  );
export const editArb = editsIn(sectionArb);
export type Edit = typeof editArb extends fc.Arbitrary<infer E> ? E : never;

export const of = <T>(values: readonly T[], n: number): T => values[n % values.length]!;
export const listOf = (draft: JsonResume, key: string): Entry[] | undefined =>
  Array.isArray(draft[key]) ? (draft[key] as Entry[]) : undefined;

export function invented(section: Section, n: number, date: string, endDate: string | null): Entry {
  switch (section) {
    case "work":
      return {
        name: of([...STRANGERS, ...EMPLOYERS], n),
        position: of([...INFLATED, ...POSITIONS], n),
        startDate: date,
        ...(endDate ? { endDate } : {}),
        highlights: [of(REWORDS, n)],
      };
    case "education":
      return { institution: of(["Stanford University", ...INSTITUTIONS], n), studyType: of(STUDY_TYPES, n) };
    case "certificates":
      return { name: of(["CKAD", ...CERTIFICATES], n), issuer: of(ISSUERS, n), date };
    case "awards":
      return { title: of(["Turing Award", ...AWARDS], n), awarder: of(AWARDERS, n), date };
    case "languages":
      return { language: of(["Japanese", ...LANGUAGES], n), fluency: of(FLUENCY, n) };
    case "projects":
      return {
        name: of(["kube-autoscaler-pro", ...PROJECTS], n),
        description: of(REWORDS, n),
        startDate: date,
      };
    case "interests":
      return { name: of(["Skydiving", ...INTERESTS], n), keywords: [of(["base jumping", ...PASTIMES], n)] };
  }
}

/** Make one edit on `draft` (a copy the caller owns). Indices are taken modulo the list's length. */
export function applyEdit(draft: JsonResume, edit: Edit, profile: JsonResume): void {
  switch (edit.kind) {
    case "set": {
      const entry = at(draft, edit.section, edit.index);
      if (!entry) return;
      const key = of(Object.keys(RECORD_VALUES[edit.section]), edit.key);
      const current = entry[key];
      if (DATE_KEYS.has(key)) entry[key] = edit.date;
      else if (edit.variant === "upper" && typeof current === "string") entry[key] = current.toUpperCase();
      else if (edit.variant === "suffix" && typeof current === "string") entry[key] = `${current}, Inc.`;
      else entry[key] = of(RECORD_VALUES[edit.section][key]!, edit.value);
      return;
    }
    case "deleteKey": {
      const entry = at(draft, edit.section, edit.index);
      if (entry) delete entry[of(Object.keys(entry).concat("none"), edit.key)];
      return;
    }
    case "addKey": {
      const entry = at(draft, edit.section, edit.index);
      if (entry) entry[edit.key] = edit.value;
      return;
    }
    case "invent": {
      const list = (listOf(draft, edit.section) ?? (draft[edit.section] = [])) as Entry[];
      const theirs = edit.theirDates ? listOf(profile, edit.section)?.[edit.value % 4] : undefined;
      const [date, endDate] =
        typeof theirs?.startDate === "string"
          ? [theirs.startDate, typeof theirs.endDate === "string" ? theirs.endDate : null]
          : [edit.date, edit.endDate];
      list.splice(edit.index % (list.length + 1), 0, invented(edit.section, edit.value, date, endDate));
      return;
    }
    case "drop": {
      const list = listOf(draft, edit.section);
      if (list?.length) list.splice(edit.index % list.length, 1);
      return;
    }
    case "duplicate": {
      const list = listOf(draft, edit.section);
      if (list?.length)
        list.splice(edit.to % (list.length + 1), 0, structuredClone(list[edit.index % list.length]!));
      return;
    }
    case "move": {
      const list = listOf(draft, edit.section);
      if (!list?.length) return;
      const [entry] = list.splice(edit.index % list.length, 1);
      list.splice(edit.to % (list.length + 1), 0, entry!);
      return;
    }
    case "deleteSection":
      delete draft[edit.section];
      return;
    case "basics": {
      if (!draft.basics) return;
      const b = draft.basics;
      if (edit.key === "all") {
        if (edit.mode === "delete") delete draft.basics;
        else b.name = "Ada Lovelace";
      } else if (edit.key === "city") {
        if (b.location && typeof b.location === "object") (b.location as Entry).city = "San Francisco";
      } else if (edit.key === "nationality") {
        b.nationality = "British";
      } else if (edit.mode === "delete") {
        delete b[edit.key];
      } else {
        b[edit.key] = {
          name: "Ada Lovelace",
          email: "ada@google.com",
          phone: "+1 650 253 0000",
          url: "https://google.com",
          location: { city: "Mountain View", countryCode: "US" },
          profiles: [{ network: "LinkedIn", username: "ada", url: "https://linkedin.com/in/ada" }],
        }[edit.key];
      }
      return;
    }
    case "label": {
      if (!draft.basics) return;
      const held = [
        ...(profile.basics?.label ? [profile.basics.label] : []),
        ...(profile.work ?? []).map((w) => w.position).filter((p): p is string => typeof p === "string"),
      ];
      const choice = of([...held, ...INFLATED], edit.value);
      if (edit.mode === "delete") delete draft.basics.label;
      else draft.basics.label = edit.mode === "lower" ? choice.toLowerCase() : choice;
      return;
    }
    case "prose": {
      const entry =
        edit.section === "basics" ? (draft.basics as Entry | undefined) : at(draft, edit.section, edit.index);
      if (!entry) return;
      const keys = { work: ["summary", "highlights"], projects: ["description", "highlights", "keywords"] };
      const own: readonly string[] =
        edit.section in keys ? keys[edit.section as keyof typeof keys] : ["summary"];
      const key = own.includes(edit.key) ? edit.key : own[0]!;
      const current = entry[key];
      const reword =
        key === "keywords" ? of(["Kyverno", "Go", "Velero"], edit.value) : of(REWORDS, edit.value);
      if (!Array.isArray(current))
        entry[key] = key === "summary" || key === "description" ? reword : [reword];
      else if (edit.mode === "replace") entry[key] = [reword];
      else if (edit.mode === "reword" && current.length > 0) current[edit.value % current.length] = reword;
      else if (edit.mode === "shorten") current.splice(edit.value % (current.length + 1), 1);
      else current.reverse();
      return;
    }
    case "interest": {
      const entry = at(draft, "interests", edit.index);
      if (!entry) return;
      const list = Array.isArray(entry.keywords) ? (entry.keywords as string[]) : (entry.keywords = []);
      if (edit.mode === "invent") list.splice(edit.value % (list.length + 1), 0, "base jumping");
      else if (edit.mode === "variant" && list.length > 0)
        list.push(list[edit.value % list.length]!.toUpperCase());
      else if (edit.mode === "remove") list.splice(edit.value % (list.length + 1), 1);
      else list.reverse();
      return;
    }
    case "level": {
      const groups = draft.skills;
      if (edit.mode === "add") {
        (draft.skills ??= []).push({
          name: "Observability",
          level: of(LEVELS, edit.value),
          keywords: ["Grafana"],
        });
        return;
      }
      if (!groups?.length) return;
      const group = groups[edit.index % groups.length]!;
      if (edit.mode === "delete") delete group.level;
      else group.level = of(LEVELS, edit.value);
      return;
    }
  }
}

export function at(draft: JsonResume, section: Section, index: number): Entry | undefined {
  const list = listOf(draft, section);
  return list?.length ? list[index % list.length] : undefined;
}

/** A profile and a draft derived from it by random edits (the profile stays as generated). */
export const casesOf = (edits: fc.Arbitrary<Edit>) =>
  fc.tuple(profileArb, fc.array(edits, { minLength: 1, maxLength: 8 })).map(([profile, edits]) => {
    const draft = structuredClone(profile);
    for (const edit of edits) applyEdit(draft, edit, profile);
    return { profile, draft, edits };
  });
export const caseArb = casesOf(editArb);
/** Edits of the sections a draft may leave entries out of, where nothing is matched but by name. */
export const selectedCaseArb = casesOf(
  editsIn(
    pick<Section>(["projects", "projects", "projects", "certificates", "awards", "languages", "interests"]),
  ),
);
