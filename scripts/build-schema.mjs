// Writes schema/profile.schema.json from the zod model (dist/ must be built): `npm run schema`.
import { writeFileSync } from "node:fs";
import { PROFILE_SCHEMA_FILE, profileJsonSchemaText } from "../dist/pipeline/inputs/profile-json-schema.js";

writeFileSync(PROFILE_SCHEMA_FILE, profileJsonSchemaText());
console.log(`wrote ${PROFILE_SCHEMA_FILE}`);
