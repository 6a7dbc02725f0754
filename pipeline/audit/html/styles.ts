// The page's only style sheet, inline. Colours meet WCAG AA on their backgrounds (contrast ratios in the
// comments); every meaning colour carries is also said by an icon, a word, or a line through the text.
export const STYLES = `
:root { color-scheme: light; --text: #1b1b1b; --muted: #4a4a4a; --link: #0b4f9c; --line: #c8c8c8;
  --ok: #0d5b26; --bad-bg: #a4161a; --mark: #fff1a8; --del: #8a1c1c; --ins: #0d5b26; --panel: #f4f4f4; }
/* on white: text 17.2:1, muted 8.9:1, link 8.0:1, ok 8.3:1, del 9.3:1; white on bad-bg 7.8:1; text on mark 15.1:1 */
* { box-sizing: border-box; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--text);
  background: #fff; margin: 0 auto; max-width: 96rem; padding: 1rem 1.25rem 4rem; }
/* The resume and the job side by side where the window is wide enough; one after the other otherwise. */
.columns { display: grid; gap: 1.5rem; }
@media (min-width: 70rem) { .columns { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; } }
.job { border: 1px solid var(--line); padding: 0 1.25rem 1rem; }
.job h2 { margin-top: 1rem; } .coverage-line { font-weight: 600; }
.bar { display: flex; height: 1.1rem; border: 1px solid var(--text); margin: 0.5rem 0; }
.bar-part { display: block; height: 100%; }
.by-production { background: #0d5b26; } .by-profile { background: #2f7d9c; } .by-docs { background: #7a5ea8; }
.unbacked { background: repeating-linear-gradient(45deg, #fff, #fff 4px, #8a1c1c 4px, #8a1c1c 6px); }
.legend { font-size: 0.85rem; color: var(--muted); } .swatch { display: inline-block; width: 0.9em; height: 0.9em; border: 1px solid var(--text); vertical-align: -0.1em; margin-left: 0.5rem; }
.unsupported { border-left: 6px solid var(--del); padding: 0.25rem 0.75rem; background: var(--panel); }
.requirements { padding-left: 0; list-style: none; }
.requirement { border-top: 1px solid var(--line); padding: 0.4rem 0; }
.requirement h3 { margin: 0.2rem 0; font-size: 1rem; }
.requirement.backed .icon { color: var(--ok); } .requirement.unbacked .icon { color: var(--del); }
.requirement .status { font-weight: normal; font-size: 0.85rem; color: var(--muted); margin-left: 0.4rem; }
.requirement-text, .commits { margin: 0.15rem 0; font-size: 0.9rem; } .commits { color: var(--ok); }
.job-evidence { margin: 0.15rem 0; padding-left: 1.2rem; font-size: 0.85rem; }
a { color: var(--link); }
a:focus-visible, .claim:focus-visible, button:focus-visible { outline: 3px solid var(--link); outline-offset: 2px; }
code { font: 0.875em/1.4 ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; margin: 0.75rem 0; } h2 { font-size: 1.3rem; margin-top: 2rem; border-bottom: 2px solid var(--line); }
h3 { font-size: 1.1rem; } h4 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: 0.5rem; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.none { color: var(--muted); font-style: italic; }
.verification { border: 2px solid var(--ok); padding: 0.5rem 1rem; margin: 0 0 1rem; }
.verification.ok { color: var(--ok); }
.verification.failed { background: var(--bad-bg); border-color: var(--bad-bg); color: #fff; }
.verification p { margin: 0.25rem 0; } .verification .icon { font-weight: bold; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.15rem 1rem; margin: 0; }
.facts dt { font-weight: 600; } .facts dd { margin: 0; overflow-wrap: anywhere; }
.count-tables { display: flex; flex-wrap: wrap; gap: 2rem; margin-top: 1rem; }
.counts { border-collapse: collapse; } .counts caption { text-align: left; font-weight: 600; }
.counts th, .counts td { border: 1px solid var(--line); padding: 0.2rem 0.6rem; text-align: left; }
.counts td { text-align: right; }
.filters ul { padding-left: 1.2rem; }
#filter-toggles fieldset { border: 1px solid var(--line); margin: 0.5rem 0; }
#filter-toggles button { font: inherit; margin: 0.2rem; padding: 0.2rem 0.6rem; border: 1px solid var(--text);
  background: #fff; color: var(--text); border-radius: 3px; cursor: pointer; }
#filter-toggles button[aria-pressed="true"] { background: var(--text); color: #fff; }
#filter-toggles button[aria-pressed="true"]::before { content: "✓ "; }
.resume { border: 1px solid var(--line); padding: 0 1.25rem 1rem; }
.resume .name { font-size: 1.5rem; font-weight: 700; margin: 0.5rem 0 0; }
.resume-section h3 { text-transform: uppercase; letter-spacing: 0.05em; font-size: 0.95rem; border-bottom: 1px solid var(--line); }
.dates { color: var(--muted); font-weight: normal; font-size: 0.9em; margin-left: 0.5rem; }
.unit { position: relative; }
.claim { border-bottom: 1px dotted var(--muted); }
.fnref { text-decoration: none; font-size: 0.8em; }
.evidence { display: none; position: absolute; z-index: 10; left: 0; top: 1.6em; width: min(36rem, 90vw);
  background: #fff; color: var(--text); border: 2px solid var(--text); padding: 0.5rem 0.75rem; font-size: 0.9rem;
  font-weight: normal; font-style: normal; box-shadow: 0 4px 12px rgba(0,0,0,0.2); }
.unit:hover > .evidence, .unit:focus-within > .evidence, .evidence:hover { display: block; }
.evidence-title { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.evidence-items, .places, .record-evidence { margin: 0.25rem 0; padding-left: 1.2rem; }
span.evidence-items, span.places { display: block; } span.li { display: list-item; }
span.evidence-items > span.li { list-style: disc; } span.places > span.li { list-style: circle; }
span.nothing { display: block; }
.kind { font-weight: 600; color: var(--muted); }
q { font-style: italic; }
mark { background: var(--mark); color: var(--text); text-decoration: underline dotted; }
del { color: var(--del); text-decoration: line-through 2px; } ins { color: var(--ins); text-decoration: underline 2px; }
.removed { color: var(--muted); } .removed .label { font-weight: 600; }
.changed-by { font-size: 0.85em; color: var(--muted); }
.record { border: 1px solid var(--line); border-left: 6px solid var(--text); padding: 0.25rem 1rem; margin: 1rem 0; }
.record h3 { margin: 0.5rem 0; } .record .label { font-weight: 600; }
.record.action-redact, .record.action-remove { border-left-color: var(--del); }
.record.action-override, .record.action-restore { border-left-color: var(--ok); }
.record .meta { color: var(--muted); font-size: 0.85rem; display: flex; gap: 1rem; flex-wrap: wrap; }
.override-note { border: 1px dashed var(--text); padding: 0.25rem 0.5rem; }
.notes li { margin-bottom: 0.5rem; } .notes li:target { outline: 3px solid var(--link); }
.record:target { outline: 3px solid var(--link); }
.facet h4 { margin-bottom: 0; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .filters, .filter-index, .skip, .evidence, #filter-toggles { display: none !important; }
  .record[hidden] { display: block !important; }
  .record, .notes li, .resume-section h4 { break-inside: avoid; }
  .verification.failed { border: 3px solid #000; }
  a { color: var(--text); }
  .evidence-items a[href^="https:"]::after, .places a[href^="https:"]::after { content: " (" attr(href) ")"; font-size: 0.8em; overflow-wrap: anywhere; }
  h2 { break-after: avoid; }
}
`;
