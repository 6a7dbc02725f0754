// Compiles extractors/catalog/*.yaml (validated) into dist/extractors/catalog.json, read at every start.
import { writeFileSync } from "node:fs";
import { readCatalog } from "../dist/extractors/catalog-yaml.js";
import { Catalog, catalogDir } from "../dist/extractors/catalog.js";

const entries = readCatalog(catalogDir());
new Catalog(entries); // rejects duplicate ids
writeFileSync(new URL("../dist/extractors/catalog.json", import.meta.url), JSON.stringify(entries));
console.log(`catalog: ${entries.length} technologies compiled`);
