// The profile's JSON Schema, for editors (YAML and JSON language servers complete and check fields as one
// types): generated from the zod model the reader validates with, so the two cannot drift. Written to
// schema/profile.schema.json by the build and shipped in the package; a test holds the file to this.
import { z } from "zod";
import { profileDate, profileSchema } from "./profile-schema.js";

export const PROFILE_SCHEMA_FILE = "schema/profile.schema.json";

export function profileJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(profileSchema, {
    io: "input",
    unrepresentable: "any",
    override: (ctx) => {
      // The reader takes 2021, 2021-04, 2021-04-15 and a worded "April 2021"; YAML may hand it a number.
      if (ctx.zodSchema === profileDate) {
        for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
        Object.assign(ctx.jsonSchema, {
          anyOf: [{ type: "string" }, { type: "integer" }],
          description: "A date: 2021, 2021-04, 2021-04-15 or April 2021",
        });
      }
    },
  });
  return {
    ...schema,
    title: "vouch profile",
    description:
      "A JSON Resume document (jsonresume.org/schema) plus vouch's portfolio key: the repositories and documents that ground every claim.",
  };
}

/** The file's text: stable key order and a final newline, as the build writes it. */
export const profileJsonSchemaText = () => `${JSON.stringify(profileJsonSchema(), null, 2)}\n`;
