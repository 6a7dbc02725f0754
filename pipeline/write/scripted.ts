// `--writer scripted:<file>`: the file is the tailored draft, for tests and demos (and any other model's
// draft). It must be a JSON Resume document: the guards hold its record to the profile field by field, so
// a field of the wrong shape is refused here, named, before any work.
import type { JsonResume } from "../../core/resume.js";
import { InputError } from "../../core/errors.js";
import { fieldPath, readJsonFile } from "../../core/json-file.js";
import { profileSchema } from "../profile-schema.js";
import type { Writer } from "./types.js";

export function scriptedWriter(path: string): Writer {
  return {
    name: `scripted:${path}`,
    async write() {
      const draft = await readJsonFile(path);
      if (!draft || typeof draft !== "object" || Array.isArray(draft)) {
        throw new InputError(`${path}: expected a JSON Resume document (an object).`);
      }
      // Checked, not converted: the draft is used as written, so the log reverts to it byte for byte.
      const checked = profileSchema.safeParse(draft);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        throw new InputError(`${path}: field "${fieldPath(issue.path)}": ${issue.message}.`);
      }
      return draft as JsonResume;
    },
  };
}
