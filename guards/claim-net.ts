// claim-net: every technology or vendor named in AI-written text must be backed (backing.ts): stated in the
// profile, shown by production code, or named as used by a grounding fact when the code is silent (mention
// is not use: a fact that says "We considered Snowflake" backs nothing about Snowflake, and the record says
// so). An unbacked skill keyword is removed; unbacked prose falls back to the candidate's original wording,
// or goes.
// Technologies the code knows only outside production are vendor-provenance's, stale doc claims are
// code-truth's: claim-net reports everything else, so one mention is reported once. Skill keywords are a
// closed world: a name the catalog does not know must be stated by the profile or a production source.
import type { Mention } from "../extractors/catalog.js";
import {
  type Backing,
  listWords,
  newTechnologies,
  technologyBacking,
  unbackedAction,
} from "./backing/index.js";
import { statedForOtherEntries } from "./backing/entries.js";
import { indexOf } from "./backing/lookups.js";
import { keywordParts, statedName } from "./backing/unknown-names.js";
import type { Guard, GuardContext, Reported, TextFinding, TextTarget } from "./types.js";

const messages = {
  "unbacked-technology": "{{names}}: named in AI-written text without backing. {{why}}",
  "other-job-technology":
    "{{names}}: the profile states {{them}} for {{others}}, not for this job ({{job}}), and no commit of the candidate's on {{them}} falls within its dates; a technology stays with the job it was used in.",
  "unknown-skill":
    "{{names}}: a skill the technology catalog does not know, which neither the profile nor a production source states; skills are a closed world, so it is removed.",
} as const;

/** Unbacked mentions this guard owns (the other two guards report theirs). */
function unbacked(target: TextTarget, context: GuardContext): { mention: Mention; backing: Backing }[] {
  return newTechnologies(target, context)
    .map((mention) => ({ mention, backing: technologyBacking(mention.id, context) }))
    .filter(({ backing }) => !backing.backed && backing.basis === "unsupported");
}

/** Parts of a skill keyword that name no catalog technology and that nothing states (the closed world). */
function unknownNames(target: TextTarget, context: GuardContext): string[] {
  if (target.role !== "list-item") return [];
  return keywordParts(target.text).filter(
    (part) => context.catalog.firstMentions(part).length === 0 && !statedName(part, context),
  );
}

/** Backed technologies of a work entry's string that the profile states only for its other jobs. */
function movedFromOtherJobs(target: TextTarget, context: GuardContext): Reported<TextFinding>[] {
  const entry = target.entry;
  if (!entry || !context.profile) return [];
  const moved = newTechnologies(target, context).flatMap((mention) => {
    if (!technologyBacking(mention.id, context).backed) return [];
    const others = statedForOtherEntries(mention.id, entry, context);
    return others ? [{ mention, others }] : [];
  });
  if (moved.length === 0) return [];
  const job = (field: string, employer?: string) => (employer ? `${field} (${employer})` : field);
  const others = [
    ...new Map(
      moved.flatMap((m) => m.others.entries).map((e) => [e.field, job(e.field, e.employer)]),
    ).values(),
  ];
  const here = context.profile.work?.[Number(/\d+/.exec(entry)?.[0])]?.name;
  const names = moved.map((m) => m.mention.matched);
  return [
    {
      guard: "claim-net",
      rule: "other-job-technology",
      ...unbackedAction(target),
      field: target.field,
      data: {
        names: listWords(names),
        them: names.length === 1 ? "it" : "them",
        others: listWords(others),
        job: job(entry, typeof here === "string" ? here : undefined),
      },
      actual: names.join(", "),
      evidence: moved.flatMap((m) =>
        (indexOf(context).profile.get(m.mention.id) ?? [])
          .slice(0, 1)
          .map((s) => ({ source: "profile" as const, ref: s.field, text: s.text })),
      ),
    },
  ];
}

function checkText(target: TextTarget, context: GuardContext): Reported<TextFinding>[] {
  const found = unbacked(target, context);
  if (found.length === 0) {
    const moved = movedFromOtherJobs(target, context);
    if (moved.length > 0) return moved;
    const unknown = unknownNames(target, context);
    if (unknown.length === 0) return [];
    return [
      {
        guard: "claim-net",
        rule: "unknown-skill",
        ...unbackedAction(target),
        field: target.field,
        data: { names: listWords(unknown) },
        actual: unknown.join(", "),
        evidence: [],
      },
    ];
  }
  const names = found.map((f) => f.mention.matched);
  return [
    {
      guard: "claim-net",
      rule: "unbacked-technology",
      ...unbackedAction(target),
      field: target.field,
      data: {
        names: listWords(names),
        why: found.map((f) => f.backing.why).join(" "),
      },
      actual: names.join(", "),
      evidence: dedupe(found.flatMap((f) => f.backing.by)),
    },
  ];
}

function dedupe<T extends { source: string; ref: string; text?: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((e) => {
    const key = `${e.source}\0${e.ref}\0${e.text ?? ""}`;
    return !seen.has(key) && seen.add(key);
  });
}

export const claimNet: Guard = {
  meta: {
    id: "claim-net",
    description:
      "Every technology or vendor named in AI-written text must be stated in the profile, shown by production code, or named as used by a grounding fact (one that only names it as considered, evaluated, compared, rejected, replaced, migrated away from, planned or negated does not count); otherwise the skill is removed or the text falls back to the candidate's wording.",
    messages,
  },
  checkText,
};
