// Figures said in words and idioms are figures: "a dozen" when the profile says 5, "doubled" from nothing,
// "hundreds of" with no source that large. The same words are kept where the profile backs them.
import { numberProvenance } from "../../guards/number-provenance.js";
import type { JsonResume } from "../../core/resume.js";
import { testTextGuard } from "./rule-tester.js";

const profile: JsonResume = {
  work: [
    {
      name: "Acme",
      highlights: [
        "Led a team of 12 engineers",
        "Cut the build from 8 to 4 minutes",
        "Doubled conversion on the checkout",
        "Served 1,200 customers",
        "Mentored 6 interns",
      ],
    },
  ],
};
const small: JsonResume = { work: [{ name: "Acme", highlights: ["Worked in a team of 5 engineers"] }] };
const ctx = { profile };

testTextGuard(numberProvenance, {
  valid: [
    { name: "a dozen for a team of 12", text: "Led a dozen engineers", context: ctx },
    { name: "half a dozen for 6", text: "Mentored half a dozen interns", context: ctx },
    { name: "doubled where the profile says doubled", text: "Doubled checkout conversion", context: ctx },
    { name: "hundreds of customers for 1,200", text: "Served hundreds of customers", context: ctx },
    { name: "twice a week is a frequency, not a multiplier", text: "Deployed twice a week", context: ctx },
  ],
  invalid: [
    {
      name: "a dozen engineers when the profile says 5",
      text: "Led a team of a dozen engineers",
      context: { profile: small },
      findings: [{ rule: "ungrounded-number", actual: "a dozen", action: "redact" }],
      output: "Led a team of [NUM_REDACTED] engineers",
    },
    {
      name: "tenfold from nothing",
      text: "Improved throughput tenfold",
      context: { profile: small },
      findings: [{ rule: "ungrounded-number", actual: "tenfold", action: "redact" }],
      output: "Improved throughput [NUM_REDACTED]",
    },
    {
      name: "tripled from nothing",
      text: "Tripled the signups",
      context: { profile: small },
      findings: [{ rule: "ungrounded-number", actual: "Tripled", action: "redact" }],
      output: "[NUM_REDACTED] the signups",
    },
    {
      name: "millions of events with no source that large",
      text: "Processed millions of events a day",
      context: ctx,
      findings: [{ rule: "ungrounded-number", actual: "millions", action: "redact" }],
      output: "Processed [NUM_REDACTED] of events a day",
    },
    {
      name: "two dozen services from nothing",
      text: "Ran two dozen services",
      context: { profile: small },
      findings: [{ rule: "ungrounded-number", actual: "two dozen", action: "redact" }],
      output: "Ran [NUM_REDACTED] services",
    },
  ],
});
