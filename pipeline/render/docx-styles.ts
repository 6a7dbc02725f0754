// A layout (points and inches, see templates/layouts) as the docx library's styles, list numbering and page
// setup. Headings use Word's own Title / Heading 1 / Heading 2 styles so that parsers see them as headings.
import {
  AlignmentType,
  BorderStyle,
  type INumberingOptions,
  type ISectionPropertiesOptions,
  type IStylesOptions,
  LevelFormat,
  LineRuleType,
} from "docx";
import type { Layout } from "./layout-schema.js";

/** Paragraph styles of our own, for the lines that are not headings, list items or body text. */
export const STYLE_IDS = { label: "ResumeLabel", contact: "ResumeContact", dates: "ResumeDates" } as const;
export const BULLETS = "resume-bullets";

const halfPoints = (points: number) => Math.round(points * 2);
const twips = (points: number) => Math.round(points * 20);
const inchTwips = (inches: number) => Math.round(inches * 1440);

const PAGES = { letter: { width: 12240, height: 15840 }, a4: { width: 11906, height: 16838 } } as const;

/** The width of the text column in twips: where a right tab stop puts the dates. */
export function textWidth(layout: Layout): number {
  return PAGES[layout.page].width - inchTwips(layout.margins.left) - inchTwips(layout.margins.right);
}

export function pageProperties(layout: Layout): ISectionPropertiesOptions {
  const { top, right, bottom, left } = layout.margins;
  return {
    page: {
      size: PAGES[layout.page],
      margin: {
        top: inchTwips(top),
        right: inchTwips(right),
        bottom: inchTwips(bottom),
        left: inchTwips(left),
      },
    },
  };
}

export function documentStyles(layout: Layout): IStylesOptions {
  const { font, sizes, spacing, colors } = layout;
  const align = layout.header.align === "center" ? AlignmentType.CENTER : AlignmentType.LEFT;
  const base = { font, color: colors.text };
  const line = { line: Math.round(240 * spacing.line), lineRule: LineRuleType.AUTO };
  const rule = layout.headings.rule
    ? { bottom: { style: BorderStyle.SINGLE, size: 6, space: 1, color: colors.accent } }
    : undefined;
  return {
    default: {
      document: {
        run: { ...base, size: halfPoints(sizes.body) },
        paragraph: { spacing: { ...line, before: 0, after: twips(spacing.paragraph) } },
      },
      title: {
        run: { ...base, size: halfPoints(sizes.name), bold: true, color: colors.accent },
        paragraph: {
          alignment: align,
          spacing: { before: 0, after: 0, line: 240, lineRule: LineRuleType.AUTO },
        },
      },
      heading1: {
        run: {
          ...base,
          size: halfPoints(sizes.heading),
          bold: true,
          color: colors.accent,
          allCaps: layout.headings.caps,
        },
        paragraph: {
          keepNext: true,
          spacing: { before: twips(spacing.headingBefore), after: twips(spacing.headingAfter) },
          ...(rule ? { border: rule } : {}),
        },
      },
      heading2: {
        run: { ...base, size: halfPoints(sizes.entry), bold: false, italics: false },
        paragraph: { keepNext: true, spacing: { ...line, before: twips(spacing.entryBefore), after: 0 } },
      },
      listParagraph: {
        run: { ...base, size: halfPoints(sizes.body) },
        paragraph: { spacing: { ...line, before: 0, after: twips(spacing.paragraph) } },
      },
    },
    paragraphStyles: [
      {
        id: STYLE_IDS.label,
        name: "Resume Label",
        basedOn: "Normal",
        run: { ...base, size: halfPoints(sizes.label), color: colors.accent },
        paragraph: { alignment: align, spacing: { before: twips(2), after: 0 } },
      },
      {
        id: STYLE_IDS.contact,
        name: "Resume Contact",
        basedOn: "Normal",
        run: { ...base, size: halfPoints(sizes.contact) },
        paragraph: { alignment: align, spacing: { before: twips(2), after: twips(spacing.headingAfter) } },
      },
      {
        id: STYLE_IDS.dates,
        name: "Resume Dates",
        basedOn: "Normal",
        run: { ...base, size: halfPoints(sizes.body), italics: true },
        paragraph: { keepNext: true, spacing: { before: 0, after: twips(spacing.paragraph) } },
      },
    ],
  };
}

/** One bullet list definition: Word draws the bullet, the text holds none. */
export function bulletNumbering(layout: Layout): INumberingOptions {
  return {
    config: [
      {
        reference: BULLETS,
        levels: [
          {
            level: 0,
            format: LevelFormat.BULLET,
            text: "\u2022",
            alignment: AlignmentType.LEFT,
            style: {
              run: { font: layout.font },
              paragraph: {
                indent: {
                  left: inchTwips(layout.bullets.indent),
                  hanging: inchTwips(layout.bullets.hanging),
                },
              },
            },
          },
        ],
      },
    ],
  };
}
