import { z } from "zod";
import { readWordedDate } from "./worded-date.js";
import { CHAT_PRIVATE_FIELDS } from "./chat-private.js";
import { AUTHOR_FORMS, parseAuthorId } from "../../extractors/authorship/identity.js";

/** `verify`: evidence without history backs claims, labelled unverified; `required`: it counts as others'. */
export const AUTHORSHIP_MODES = ["verify", "required"] as const;

// JSON Resume (jsonresume.org/schema) as far as vouch reads it; unknown keys pass through.
// YAML reads an unquoted `startDate: 2021` as a number: a bare year is still a date.
const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;
export const profileDate = z.preprocess(
  (value) =>
    typeof value === "number" && Number.isInteger(value)
      ? String(value)
      : typeof value === "string"
        ? readWordedDate(value)
        : value,
  z
    .string()
    .regex(DATE, { message: "expected a date like 2021, 2021-04 or 2021-04-15", abort: true })
    .refine(isCalendarDate, { error: (issue) => `${String(issue.input)} is not a calendar date` }),
);
const text = z.string();
const texts = z.array(z.string());
const url = text.meta({ description: "A URL, e.g. https://github.com/ada" });
const entry = <T extends z.ZodRawShape>(shape: T) => z.object(shape).catchall(z.unknown());

export const profileSchema = entry({
  basics: entry({
    name: text.optional(),
    label: text.optional(),
    email: text.optional(),
    phone: text.optional(),
    url: url.optional(),
    image: text.optional(),
    summary: text.optional(),
    location: entry({
      address: text.optional(),
      postalCode: text.optional(),
      city: text.optional(),
      countryCode: text.meta({ description: "ISO-3166-1 ALPHA-2, e.g. US, DE" }).optional(),
      region: text.optional(),
    }).optional(),
    profiles: z
      .array(entry({ network: text.optional(), username: text.optional(), url: text.optional() }))
      .optional(),
  }).optional(),
  work: z
    .array(
      entry({
        name: text.meta({ description: "The employer" }).optional(),
        position: text.optional(),
        url: url.optional(),
        location: text.optional(),
        startDate: profileDate.optional(),
        endDate: profileDate.optional(),
        summary: text.optional(),
        highlights: texts.optional(),
      }),
    )
    .optional(),
  projects: z
    .array(
      entry({
        name: text.optional(),
        description: text.optional(),
        highlights: texts.optional(),
        keywords: texts.optional(),
        url: url.optional(),
        roles: texts.optional(),
        entity: text.optional(),
        type: text.optional(),
        startDate: profileDate.optional(),
        endDate: profileDate.optional(),
      }),
    )
    .optional(),
  volunteer: z
    .array(
      entry({
        organization: text.optional(),
        position: text.optional(),
        url: url.optional(),
        startDate: profileDate.optional(),
        endDate: profileDate.optional(),
        summary: text.optional(),
        highlights: texts.optional(),
      }),
    )
    .optional(),
  awards: z
    .array(
      entry({
        title: text.optional(),
        date: profileDate.optional(),
        awarder: text.optional(),
        summary: text.optional(),
      }),
    )
    .optional(),
  certificates: z
    .array(
      entry({
        name: text.optional(),
        date: profileDate.optional(),
        issuer: text.optional(),
        url: url.optional(),
      }),
    )
    .optional(),
  publications: z
    .array(
      entry({
        name: text.optional(),
        publisher: text.optional(),
        releaseDate: profileDate.optional(),
        url: url.optional(),
        summary: text.optional(),
      }),
    )
    .optional(),
  education: z
    .array(
      entry({
        institution: text.optional(),
        url: url.optional(),
        area: text.meta({ description: "e.g. Computer Science" }).optional(),
        studyType: text.meta({ description: "e.g. BSc" }).optional(),
        startDate: profileDate.optional(),
        endDate: profileDate.optional(),
        // Grades are written as numbers as often as strings.
        score: z.union([text, z.number()]).optional(),
        courses: texts.optional(),
      }),
    )
    .optional(),
  skills: z
    .array(entry({ name: text.optional(), level: text.optional(), keywords: texts.optional() }))
    .optional(),
  languages: z.array(entry({ language: text.optional(), fluency: text.optional() })).optional(),
  interests: z.array(entry({ name: text.optional(), keywords: texts.optional() })).optional(),
  references: z.array(entry({ name: text.optional(), reference: text.optional() })).optional(),
  portfolio: z
    .object({
      repos: z
        .array(z.string().min(1))
        .default([])
        .meta({ description: "Folders of git repositories (relative to this file) or github:owner/name" }),
      docs: z
        .array(z.string().min(1))
        .default([])
        .meta({ description: "Folders or files of Markdown and text about the candidate's work" }),
      // Who the candidate is in commits, beside basics.email and the GitHub profile.
      authors: z
        .array(
          z.string().refine((id) => parseAuthorId(id) !== undefined, {
            message: `expected ${AUTHOR_FORMS}`,
          }),
        )
        .optional(),
      authorship: z.enum(AUTHORSHIP_MODES, { error: 'expected "verify" or "required"' }).optional(),
      // What the recruiter chatbot never tells (vouch serve): contact details of basics.
      chat: z
        .object({
          private: z
            .array(z.enum(CHAT_PRIVATE_FIELDS, { error: `expected ${CHAT_PRIVATE_FIELDS.join(", ")}` }))
            .optional(),
        })
        .strict()
        .optional(),
    })
    .strict()
    .optional(),
});

/** The sections whose entries run from a startDate to an (optional) endDate. */
const SPANS = ["work", "education", "projects", "volunteer"] as const;

/**
 * The profile schema with the dates held to the calendar of `today` (YYYY-MM-DD): an entry does not end
 * before it starts, and does not start in the future. Dates compare at the coarser of their precisions,
 * so `2021` to `2021-03` is fine. Issues carry the field's path: the reader names file, line and field.
 */
export function profileSchemaAsOf(today: string) {
  return profileSchema.superRefine((profile, ctx) => {
    for (const section of SPANS) {
      const entries = (profile as Record<string, unknown>)[section];
      if (!Array.isArray(entries)) continue;
      entries.forEach((entry: { startDate?: string; endDate?: string }, i) => {
        const { startDate: start, endDate: end } = entry ?? {};
        if (start !== undefined && compareDates(start, today) > 0)
          ctx.addIssue({
            code: "custom",
            path: [section, i, "startDate"],
            message: `${start} is in the future (today is ${today})`,
          });
        if (start !== undefined && end !== undefined && compareDates(end, start) < 0)
          ctx.addIssue({
            code: "custom",
            path: [section, i, "endDate"],
            message: `${end} is before the start date ${start}`,
          });
      });
    }
  });
}

/** Whether a date of the DATE shape names a real month and day (2021-02-29 does not; 2024-02-29 does). */
function isCalendarDate(value: string): boolean {
  const [, year, month, day] = DATE.exec(value) ?? [];
  if (year === undefined) return true; // the pattern's own message covers it
  if (month === undefined) return true;
  const m = Number(month);
  if (m < 1 || m > 12) return false;
  if (day === undefined) return true;
  const d = Number(day);
  const days = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  return d >= 1 && d <= days;
}

/** Compares two dates at the coarser of their precisions: negative when a is earlier. */
export function compareDates(a: string, b: string): number {
  const parts = (value: string) => value.split("-").map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  const depth = Math.min(pa.length, pb.length);
  for (let i = 0; i < depth; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}
