// resume.pdf's figures: Typst's layout and PDF of a two-page resume, and the ATS read-back of the PDF and
// the DOCX, each the median of 20 warm runs after one cold one (`npm run bench:generate` prints them).
import { renderDocx } from "../dist/pipeline/render/docx.js";
import { atsReadBack } from "../dist/pipeline/render/ats/check.js";
import { loadLayout } from "../dist/pipeline/render/layout.js";
import { renderPdf } from "../dist/pipeline/render/pdf/pdf.js";

const layout = loadLayout("classic");
const work = Array.from({ length: 8 }, (_, i) => ({
  name: `Company ${i + 1}`,
  position: "Senior Software Engineer",
  startDate: `${2024 - 3 * i}-01`,
  endDate: `${2026 - 3 * i}-12`,
  highlights: Array.from(
    { length: 5 },
    (_, j) =>
      `Moved service ${i}-${j} to Go and PostgreSQL on Amazon EKS, cutting p95 latency from 820 ms to 140 ms.`,
  ),
}));
const resume = {
  basics: {
    name: "Two Pages",
    label: "Engineer",
    email: "two@example.com",
    summary: "Builds payment services.",
  },
  work,
  skills: [{ name: "Languages", keywords: ["Go", "TypeScript", "Python"] }],
};

const time = async (run) => {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cold = await time(() => renderPdf(resume, layout));
const docx = await renderDocx(resume, layout);
const coldRead = await time(() => atsReadBack(resume, layout, { pdf: cold.value.bytes, docx }));
const render = [];
const read = [];
for (let i = 0; i < 20; i++) {
  // A different name each time: Typst keeps what it laid out, and a run never draws the same resume twice.
  resume.basics.name = `Two Pages ${i}`;
  const pdf = await time(() => renderPdf(resume, layout));
  render.push(pdf.ms);
  const words = await renderDocx(resume, layout);
  read.push((await time(() => atsReadBack(resume, layout, { pdf: pdf.value.bytes, docx: words }))).ms);
}
const pages = cold.value.pages;
console.log(
  `resume.pdf of a ${pages}-page resume (${work.length} jobs, ${work.length * 6} highlights), classic layout`,
);
console.log(
  `  render: median ${median(render).toFixed(1)} ms warm, ${cold.ms.toFixed(0)} ms cold  target < 300 ms`,
);
console.log(
  `  ATS read-back (PDF and DOCX): median ${median(read).toFixed(1)} ms warm, ${coldRead.ms.toFixed(0)} ms cold`,
);
