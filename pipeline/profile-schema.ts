import { z } from "zod";

// JSON Resume (jsonresume.org/schema) as far as vouch reads it; unknown keys pass through.
// YAML reads an unquoted `startDate: 2021` as a number: a bare year is still a date.
const date = z.preprocess(
  (value) => (typeof value === "number" && Number.isInteger(value) ? String(value) : value),
  z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, { message: "expected a date like 2021, 2021-04 or 2021-04-15" }),
);
const text = z.string();
const texts = z.array(z.string());
const entry = <T extends z.ZodRawShape>(shape: T) => z.object(shape).catchall(z.unknown());

export const profileSchema = entry({
  basics: entry({
    name: text.optional(),
    label: text.optional(),
    email: text.optional(),
    phone: text.optional(),
    url: text.optional(),
    summary: text.optional(),
    location: entry({}).optional(),
    profiles: z
      .array(entry({ network: text.optional(), username: text.optional(), url: text.optional() }))
      .optional(),
  }).optional(),
  work: z
    .array(
      entry({
        name: text.optional(),
        position: text.optional(),
        startDate: date.optional(),
        endDate: date.optional(),
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
      }),
    )
    .optional(),
  education: z
    .array(entry({ institution: text.optional(), startDate: date.optional(), endDate: date.optional() }))
    .optional(),
  skills: z.array(entry({ name: text.optional(), keywords: texts.optional() })).optional(),
  portfolio: z
    .object({ repos: z.array(z.string().min(1)).default([]), docs: z.array(z.string().min(1)).default([]) })
    .strict()
    .optional(),
});
