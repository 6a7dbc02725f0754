// `--writer scripted:<file>`: the file is the tailored draft, for tests and demos.
import type { JsonResume } from "../../guards/resume.js";
import { InputError } from "../errors.js";
import { readJsonFile } from "../json-file.js";
import type { Writer } from "./types.js";

export function scriptedWriter(path: string): Writer {
  return {
    name: `scripted:${path}`,
    async write() {
      const draft = await readJsonFile(path);
      if (!draft || typeof draft !== "object" || Array.isArray(draft)) {
        throw new InputError(`${path}: expected a JSON Resume document (an object).`);
      }
      return draft as JsonResume;
    },
  };
}
