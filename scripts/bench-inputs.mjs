// Benchmark: each reader on long inputs of one shape (scripts/input-shapes.mjs), at 100k, 200k, 400k and
// 1,000,000 characters, with the ratio of 400k to 100k (linear: about 4; quadratic: about 16). The fastest
// of --runs runs at each length.
//
//   npm run bench:inputs [-- --runs 3]
import { parseArgs } from "node:util";
import { defaultCatalog } from "../dist/extractors/catalog.js";
import { findDocClaims, loadDocParser } from "../dist/extractors/docs.js";
import { chunkDocument } from "../dist/pipeline/kb/chunker.js";
import { withoutSecretLines } from "../dist/pipeline/kb/secrets.js";
import { fromText } from "../dist/pipeline/inputs/job.js";
import { jobRequirements } from "../dist/pipeline/requirements.js";
import { SHAPES } from "./input-shapes.mjs";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const runs = Number(values.runs);
const catalog = await defaultCatalog();
await loadDocParser();

const readers = {
  job: (text) => jobRequirements(fromText("job.md", text), catalog),
  doc: (text) => findDocClaims("repo", "README.md", text, catalog),
  kb: async (text) =>
    chunkDocument({
      uri: "notes.md",
      text: (await withoutSecretLines(text, "notes.md")).text,
      kind: "production-doc",
    }),
};

const lengths = [100_000, 200_000, 400_000, 1_000_000];
console.log(
  `reader  shape                      ${lengths.map((n) => `${n / 1000}k`.padStart(8)).join("")}   400k/100k`,
);
for (const shape of SHAPES) {
  const times = [];
  for (const length of lengths) {
    const text = shape.text(length);
    let best = Infinity;
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      await readers[shape.reader](`${text}\n${run}`); // a new text each run: readers keep the last answers
      best = Math.min(best, performance.now() - start);
    }
    times.push(best);
  }
  const cells = times.map((t) => `${t.toFixed(0)} ms`.padStart(8)).join("");
  console.log(
    `${shape.reader.padEnd(8)}${shape.name.padEnd(27)}${cells}   ${(times[2] / times[0]).toFixed(1)}`,
  );
}
