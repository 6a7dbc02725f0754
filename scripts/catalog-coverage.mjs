// How much of each ecosystem's most-depended-on packages the catalog accounts for: per snapshot in
// extractors/catalog/sources/top-packages/, how many of its top 100, 250 and 500 packages are technologies
// (an entry answers to them), listed as not technologies (extractors/catalog/not-technologies/), or neither.
//   npm run catalog:coverage                                the table (builds first)
//   node scripts/catalog-coverage.mjs --unknown npm               the packages of one ecosystem that are neither
import { join } from "node:path";
import { parseArgs } from "node:util";
import { coverage, readNotTechnologies, readTopPackages } from "../dist/extractors/catalog-coverage.js";
import { catalogDir, defaultCatalog } from "../dist/extractors/catalog.js";

const { values } = parseArgs({ options: { unknown: { type: "string" } } });
const catalog = await defaultCatalog();
const notTechnologies = readNotTechnologies(join(catalogDir(), "not-technologies"));
const isUnknown = (p) => p.technologies.length === 0 && p.notTechnology.length === 0;

for (const top of readTopPackages(join(catalogDir(), "sources", "top-packages"))) {
  const { ecosystem, packages } = coverage(top, catalog, notTechnologies);
  if (values.unknown) {
    if (values.unknown === ecosystem)
      console.log(
        packages
          .filter(isUnknown)
          .map((p) => p.name)
          .join("\n"),
      );
    continue;
  }
  const counts = [100, 250, 500]
    .filter((n, i, all) => i === 0 || all[i - 1] < packages.length)
    .map((n) => {
      const head = packages.slice(0, n);
      const technologies = head.filter((p) => p.technologies.length > 0).length;
      const unknown = head.filter(isUnknown).length;
      return `top ${head.length}: ${technologies} technologies, ${head.length - technologies - unknown} not, ${unknown} unknown`;
    });
  console.log(`${ecosystem.padEnd(9)} ${counts.join(" | ")}`);
  console.log(`${"".padEnd(9)} ${top.ranking} (${top.origin})`);
}
