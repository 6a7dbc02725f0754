import { z } from "zod";

// Fonts every ATS and every Word install read the same way; anything else may fall back to something ugly.
export const STANDARD_FONTS = [
  "Arial",
  "Book Antiqua",
  "Calibri",
  "Cambria",
  "Garamond",
  "Georgia",
  "Helvetica",
  "Palatino Linotype",
  "Tahoma",
  "Times New Roman",
  "Trebuchet MS",
  "Verdana",
] as const;

/** The sections a layout can order; the headings are the standard words parsers look for. */
export const SECTION_HEADINGS = {
  summary: "Summary",
  experience: "Experience",
  projects: "Projects",
  skills: "Skills",
  education: "Education",
  certificates: "Certifications",
  awards: "Awards",
  publications: "Publications",
  volunteer: "Volunteer Experience",
  languages: "Languages",
  interests: "Interests",
} as const;
export type SectionId = keyof typeof SECTION_HEADINGS;

const points = (max: number) => z.number().positive().max(max);
const spacing = z.number().min(0).max(36); // points
const inches = z.number().min(0.25).max(2);
const color = z
  .string()
  .regex(/^[0-9A-Fa-f]{6}$/, { message: "expected a six-digit hex colour like 1F3864" });

export const layoutSchema = z.strictObject({
  description: z.string().optional(),
  font: z.enum(STANDARD_FONTS, { message: `expected one of ${STANDARD_FONTS.join(", ")}` }),
  colors: z.strictObject({ text: color, accent: color }),
  /** Points. */
  sizes: z.strictObject({
    name: points(40),
    label: points(24),
    contact: points(16),
    heading: points(24),
    entry: points(16),
    body: points(16),
  }),
  /** The paper: US letter or ISO A4. */
  page: z.enum(["letter", "a4"]),
  /** Inches. */
  margins: z.strictObject({ top: inches, right: inches, bottom: inches, left: inches }),
  /** Points before/after paragraphs; `line` is a multiple of single spacing. */
  spacing: z.strictObject({
    line: z.number().min(0.8).max(2),
    paragraph: spacing,
    headingBefore: spacing,
    headingAfter: spacing,
    entryBefore: spacing,
  }),
  header: z.strictObject({
    align: z.enum(["left", "center"]),
    /** Between the items of the contact line. */
    separator: z.string().min(1),
  }),
  headings: z.strictObject({
    /** Shown in capitals through the run property, so the text stays "Experience" for parsers. */
    caps: z.boolean(),
    /** A bottom border on the heading paragraph: a rule that is not a table or a drawing. */
    rule: z.boolean(),
  }),
  sections: z
    .array(z.enum(Object.keys(SECTION_HEADINGS) as [SectionId, ...SectionId[]]))
    .min(1)
    .refine((list) => new Set(list).size === list.length, { message: "a section is listed twice" }),
  dates: z.strictObject({
    /** Tokens: YYYY, MMMM (January), MMM (Jan), MM (01); anything else is kept as is. */
    format: z.string().regex(/YYYY/, { message: "expected a format with YYYY, like MMM YYYY" }),
    present: z.string().min(1),
    separator: z.string().min(1),
    /** right: on the entry's line at a right tab stop; below: a line of its own under it. */
    position: z.enum(["right", "below"]),
  }),
  /** Inches: where a bullet's text starts, and how far the bullet hangs to its left. */
  bullets: z.strictObject({ indent: z.number().min(0.1).max(1), hanging: z.number().min(0.1).max(0.5) }),
  labels: z.strictObject({
    /** The line listing a project's keywords. */
    keywords: z.string().min(1),
  }),
});

export type Layout = z.infer<typeof layoutSchema>;
