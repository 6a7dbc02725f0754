// `--writer scripted:<file>`: the file is the tailored draft, for tests and demos (and any other model's
// draft). It must be a JSON Resume document: the guards hold its record to the profile field by field, so
// a field of the wrong shape is refused here, named, before any work.
import { z } from "zod";
import type { JsonResume } from "../../core/resume.js";
import { readDocument } from "../../core/document.js";
import { profileSchema } from "../inputs/profile-schema.js";
import type { Writer } from "./types.js";

// Checked, not converted: the draft is used as written, so the log reverts to it byte for byte.
const asWritten = z.unknown().superRefine((draft, ctx) => {
  for (const issue of profileSchema.safeParse(draft).error?.issues ?? []) ctx.addIssue({ ...issue });
});

export function scriptedWriter(path: string): Writer {
  return {
    name: `scripted:${path}`,
    async write() {
      const draft = await readDocument(path, asWritten, {
        syntax: "json",
        mapping: "a JSON Resume document (an object)",
      });
      return draft as JsonResume;
    },
  };
}
