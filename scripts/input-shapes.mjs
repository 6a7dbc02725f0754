// The long inputs a reader must take in linear time (issue 26): for each reader, texts of one shape at any
// length. The property test (test/pipeline/linear-inputs.property.test.ts) and `npm run bench:inputs` read
// the same shapes, so the figures in the README are what the test holds.

/** `unit` repeated to exactly `length` characters. */
export function repeatTo(unit, length) {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Shapes by reader: `job` is a job post, `doc` a Markdown doc in a repository, `kb` a doc at ingest. */
export const SHAPES = [
  { reader: "job", name: "one long word", text: (n) => "a".repeat(n) },
  { reader: "job", name: "one slash list", text: (n) => repeatTo("Go/", n) },
  { reader: "job", name: "groups in one line", text: (n) => repeatTo("AWS (EKS) ", n) },
  {
    reader: "job",
    name: "one paragraph",
    text: (n) => repeatTo("Experience with Python and Kubernetes. ", n),
  },
  { reader: "job", name: "list items", text: (n) => repeatTo("- 5+ years of Python, Go, AWS\n", n) },
  { reader: "doc", name: "one paragraph", text: (n) => repeatTo("We use Redis in production. ", n) },
  { reader: "doc", name: "one long word", text: (n) => "a".repeat(n) },
  { reader: "doc", name: "list items", text: (n) => repeatTo("- We evaluated MongoDB\n", n) },
  { reader: "kb", name: "a password on every line", text: (n) => repeatTo("password = hunter2xyzq\n", n) },
  { reader: "kb", name: "one paragraph", text: (n) => repeatTo("We use Redis in production. ", n) },
];
