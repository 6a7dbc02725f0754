// What words alone miss: whether a sentence states a thing or negates it (polarity), which way a change runs
// (direction), and which of two things was chosen (roles). A claim can hold every word of its source and
// still say the opposite: "moved from Amazon EKS to self-managed VMs" for "moved from self-managed VMs to
// Amazon EKS", "increased p95 latency from 140 ms to 820 ms" for "reduced it from 820 ms to 140 ms", "Redis
// instead of PostgreSQL" for "PostgreSQL instead of Redis", "never used PostgreSQL" for "uses PostgreSQL".
//
// Pure and linear: `readMeaning` reads one sentence once, from its words and the technology and figure
// mentions already found in it; `contradiction` compares a claim with the sentences of one chunk. A sentence
// is read clause by clause (punctuation and a line break end a clause), and nothing read crosses a clause.
//
// Modules: read.ts reads a sentence; items.ts turns it into words, technologies and figures; sentence.ts
// finds its clauses and parts and holds what is marked; negations.ts, choices.ts and changes.ts are the rules
// that mark polarity, choices and changes; lexicon.ts the words they read by; contradiction.ts compares a
// claim with a chunk. Shapes: types.ts.
export type { Marks, Meaning } from "./types.js";
export { readMeaning, states } from "./read.js";
export { contradiction, SAYS_OPPOSITE } from "./contradiction.js";
