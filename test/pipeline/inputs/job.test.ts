// The job description reader: text/Markdown line by line with sections, and JSON Resume's job format.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../../core/errors.js";
import { type Job, fromText, readJob } from "../../../pipeline/inputs/job.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-job-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe("fromText: one line per heading, bullet or paragraph", () => {
  it.each([
    [
      "a plain paragraph",
      "Build services.",
      [{ text: "Build services.", line: 1, section: "", heading: false }],
    ],
    ["dash, star, plus and bullet markers", "- a\n* b\n+ c\n• d", ["a", "b", "c", "d"]],
    ["numbered items", "1. first\n2) second\n10. tenth", ["first", "second", "tenth"]],
    ["emphasis and code marks", "**Strong** _AWS_ `Terraform`", ["Strong AWS Terraform"]],
    ["blank lines and CRLF", "one\r\n\r\n  two  \r\n", ["one", "two"]],
    ["a number that is not a list marker", "5+ years of Go", ["5+ years of Go"]],
  ])("%s", (_name, text, expected) => {
    const lines = fromText("job.md", text).lines;
    if (typeof expected[0] === "string") expect(lines.map((l) => l.text)).toEqual(expected);
    else expect(lines).toEqual(expected);
  });

  it("sets the section from the nearest heading and the title from the first one", () => {
    const job = fromText(
      "job.md",
      "# Platform Engineer\n\nWe run services.\n\n## What you bring\n\n- Go\n   ### Nice to have\n- Kafka\n",
    );
    expect(job).toEqual<Job>({
      path: "job.md",
      title: "Platform Engineer",
      lines: [
        { text: "Platform Engineer", line: 1, section: "Platform Engineer", heading: true },
        { text: "We run services.", line: 3, section: "Platform Engineer", heading: false },
        { text: "What you bring", line: 5, section: "What you bring", heading: true },
        { text: "Go", line: 7, section: "What you bring", heading: false, item: true },
        { text: "Nice to have", line: 8, section: "Nice to have", heading: true },
        { text: "Kafka", line: 9, section: "Nice to have", heading: false, item: true },
      ],
    });
  });

  it("does not take a hash without a space, or indented four spaces, as a heading", () => {
    const lines = fromText("job.md", "#hashtag\n\n    # code").lines;
    expect(lines.map((l) => [l.text, l.heading])).toEqual([
      ["#hashtag", false],
      ["# code", false],
    ]);
  });

  it("has no title without a heading", () => {
    expect(fromText("job.txt", "Just text.").title).toBeUndefined();
  });
});

describe("readJob: text and Markdown files", () => {
  it("reads a .md and a .txt file the same way", async () => {
    const text = "# Engineer\n- Go\n";
    const md = await readJob(file("a.md", text));
    const txt = await readJob(file("a.txt", text));
    expect(md.lines).toEqual(txt.lines);
    expect(md.lines.map((l) => l.text)).toEqual(["Engineer", "Go"]);
  });

  it.each([
    ["an empty file", "empty.md", "", /empty\.md: the job description is empty\.$/],
    ["only headings", "headings.md", "# A\n## B\n", /headings\.md: the job description is empty\.$/],
  ])("rejects %s", async (_name, name, text, message) => {
    const error = await failure(readJob(file(name, text)));
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toMatch(message);
  });

  it("names a missing file", async () => {
    const path = join(dir, "missing.md");
    const error = await failure(readJob(path));
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toBe(`${path}: no such job description file.`);
  });

  it("says why a file that exists cannot be read", async () => {
    const path = join(dir, "folder.md");
    mkdirSync(path);
    const error = await failure(readJob(path));
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toBe(`${path}: the job description cannot be read (EISDIR).`);
  });
});

describe("readJob: JSON Resume's job format", () => {
  it("reads every field into lines in a fixed order, sections named by the field", async () => {
    const job = await readJob(
      file(
        "job.json",
        JSON.stringify({
          title: "Platform Engineer",
          company: "Harbor",
          type: "Full-time",
          skills: [{ name: "Cloud", level: "Senior", keywords: ["AWS", "Terraform"] }, { name: "Go" }],
          qualifications: ["5+ years of backend work"],
          responsibilities: ["Own the EKS platform", "Run Kafka"],
          experience: "Senior",
          description: "We run services on AWS.",
        }),
      ),
    );
    expect(job).toEqual<Job>({
      path: join(dir, "job.json"),
      title: "Platform Engineer",
      company: "Harbor",
      lines: [
        { text: "We run services on AWS.", line: 1, section: "description", heading: false },
        { text: "Senior", line: 2, section: "experience", heading: false },
        { text: "Own the EKS platform", line: 3, section: "responsibilities", heading: false, item: true },
        { text: "Run Kafka", line: 4, section: "responsibilities", heading: false, item: true },
        { text: "5+ years of backend work", line: 5, section: "qualifications", heading: false, item: true },
        { text: "Cloud, AWS, Terraform", line: 6, section: "skills", heading: false, item: true },
        { text: "Go", line: 7, section: "skills", heading: false, item: true },
      ],
    });
  });

  it("takes the extension in any case", async () => {
    const job = await readJob(file("upper.JSON", '{"description":"Go services"}'));
    expect(job.lines).toEqual([{ text: "Go services", line: 1, section: "description", heading: false }]);
  });

  it.each([
    [
      "a field of the wrong type",
      "wrong.json",
      '{"skills":["Go"]}',
      /wrong\.json: line 1: field "skills\[0\]": Invalid input: expected object, received string\.$/,
    ],
    [
      "a job with nothing to match",
      "bare.json",
      '{"title":"Engineer"}',
      /bare\.json: the job has no description, responsibilities, qualifications or skills\.$/,
    ],
    [
      "broken JSON",
      "broken.json",
      '{\n  "title": }',
      /broken\.json: not valid JSON at line 2, column 12: Unexpected token '}'\.$/,
    ],
    ["a missing file", "absent.json", null, /absent\.json: no such job description file\.$/],
  ])("rejects %s", async (_name, name, text, message) => {
    const path = text === null ? join(dir, name) : file(name, text);
    const error = await failure(readJob(path));
    expect(error).toBeInstanceOf(InputError);
    expect(error?.message).toMatch(message);
  });
});

describe("fromText: paragraphs and list items are units, their wrapped lines joined", () => {
  const units = (text: string) =>
    fromText("job.md", text).lines.map((l) =>
      [
        l.line,
        l.heading ? "#" : "",
        l.text,
        ...(l.context ? [`context=${l.context.join("|")}`] : []),
        ...(l.parent ? [`parent=${l.parent}`] : []),
      ].join(" "),
    );

  it.each<[string, string, string[]]>([
    [
      "a paragraph wrapped at 50 columns",
      "We are hiring an engineer to run the Kubernetes\nclusters every product team deploys to.",
      ["1  We are hiring an engineer to run the Kubernetes clusters every product team deploys to."],
    ],
    [
      "a bullet wrapped over three lines, its continuation starting in capitals",
      "- 3+ years running\n  Kubernetes in production,\n  ideally on EKS.\n- Go",
      ["1  3+ years running Kubernetes in production, ideally on EKS.", "4  Go"],
    ],
    [
      "a lazy continuation line of a bullet",
      "- 3+ years running\nKubernetes in production",
      ["1  3+ years running Kubernetes in production"],
    ],
    [
      "sub-items: the parent lists them, each names its parent",
      "- 4+ years with:\n  - Go\n  - PostgreSQL\n- Mentor engineers",
      [
        "1  4+ years with: context=Go|PostgreSQL",
        "2  Go parent=4+ years with:",
        "3  PostgreSQL parent=4+ years with:",
        "4  Mentor engineers",
      ],
    ],
    [
      "a parent item wrapped before its sub-items",
      "* Cloud work on AWS,\n  mostly:\n  * EKS",
      ["1  Cloud work on AWS, mostly: context=EKS", "3  EKS parent=Cloud work on AWS, mostly:"],
    ],
    [
      "plain-text lines that each start an item are a list",
      "5+ years of Python\nExperience with Django\nOwn the billing pipeline",
      ["1  5+ years of Python", "2  Experience with Django", "3  Own the billing pipeline"],
    ],
    [
      "capitalised lines that leave a phrase open are prose",
      "We build on AWS and\nKubernetes for every team",
      ["1  We build on AWS and Kubernetes for every team"],
    ],
    [
      "labels and bold lines are headings; a title line opens a plain post",
      "Backend Engineer at Quayside\n\nRequirements:\nGo\n\n**Nice to have**\n\n- Kafka",
      ["1 # Backend Engineer at Quayside", "3 # Requirements", "4  Go", "6 # Nice to have", "8  Kafka"],
    ],
    ["plain bullet characters", "• Go\n  ◦ Kafka", ["1  Go context=Kafka", "2  Kafka parent=Go"]],
    [
      "emphasis, code and links lose their marks",
      "- **Strong** _AWS_ `Terraform` and [Helm](https://helm.sh)",
      ["1  Strong AWS Terraform and Helm"],
    ],
    ["a heading's trailing colon", "## What you bring:\n- Go", ["1 # What you bring", "2  Go"]],
    [
      "table rows",
      "| Skill | Level |\n| --- | --- |\n| Go | expert |\n",
      ["1  Skill — Level", "3  Go — expert"],
    ],
    ["pasted HTML tags are markup", "- <b>Kafka</b> and <i>Helm</i><br/>", ["1  Kafka and Helm"]],
    ["fenced code is no requirement", "```\nrm -rf /\n```\n\n- Go", ["5  Go"]],
    ["an indented line is prose, not code", "    Experience with Go", ["1  Experience with Go"]],
  ])("%s", (_name, text, expected) => {
    expect(units(text)).toEqual(expected);
  });
});
