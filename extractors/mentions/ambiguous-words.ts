// The word lists and patterns by which the ambiguity judgement (ambiguous.ts) reads the words next to an
// ambiguous name.
import type { AmbiguousKind } from "../catalog-schema.js";

/** A set of the words in a string, separated by white space. */
function words(list: string): ReadonlySet<string> {
  return new Set(list.trim().split(/\s+/));
}

export const TITLE_WORD = /^\p{Lu}\p{Ll}+$/u;
export const YEARS_BEFORE = /\byears?[ \t\u00a0]+$/;
export const POSSESSIVE = /['’]s(?![\p{L}\p{N}])/uy;
/** `Spring 2023`, `Spring of 2022`, `Spring '23`. */
export const YEAR_AFTER = /[ \t\u00a0]+(?:of[ \t\u00a0]+)?(?:(?:19|20)\d\d|['’]\d\d)(?![\p{L}\p{N}]|\.\d)/uy;
/** `Go 1.22`, `Ruby 3.3.0`, `Dart 3`, `Spring 6.x`, `Black v24` (a small whole number: not `Julia 3 years`). */
export const VERSION_AFTER =
  /[ \t\u00a0]+v?(?:\d+(?:\.\d+)+|\d{1,2}(?![\p{N}]|\.\d|[ \t\u00a0]+(?:years?|months?|weeks?|days?|hours?|times|people|engineers|developers|members|reports|interns|students|of)\b))(?:\.x)?(?![\p{L}\p{N}%])/uy;
export const LIST_GAP = /^[\s,/&+|()]*(?:(?:and|or|plus|and\/or|as well as)[\s,/&+|()]*)?$/i;
/** What a sentence with a file name holds: a dot, a backtick, or `file` (`Gemfile`). */
export const FILE_CUE = /[.`]|file/i;
/** File and package names that show a technology, and code in backticks. */
export const FILE_NAME =
  /(?<![\p{L}\p{N}.])(?:[\w-]+(?:\.[\w-]+)*)?\.(?:rb|go|rs|py|jl|swift|dart|exs?|cr|elm|nim|zig|erb|gemspec|mod|sum|toml|lock|sls|pp|hcl|tf|java|kts?|scala|sh|ya?ml|json|[jt]sx?)(?![\p{L}\p{N}])|\b(?:Gemfile|Rakefile|Jenkinsfile|Makefile|Vagrantfile|Procfile|Podfile|Puppetfile|Berksfile|Pipfile|Brewfile|Justfile|Dockerfile)\b|`[^`\n]+`/gu;

/** Verbs that, right before a name, say a technology was set to work (`Adopted Spring`, `deployed Vault`). */
const ADOPTED = "adopted deployed configured installed upgraded containerised containerized self-hosted";
/** Verbs that say the same of a technology, but of a person too (`Introduced Helm`, `introduced Julia`). */
const BROUGHT_IN = "introduced added integrated implemented maintained operated";

/** Verbs of a skill (`Does Dana know Rust?`, `learned Go`): a person is known and learned from too. */
const LEARNED = "know knows knew learn learns learned learnt learning";

/** Words that, right before a name, show that it is used as a technology (by what the name can be). */
export const USE_WORDS: Record<AmbiguousKind, ReadonlySet<string>> = {
  word: words(
    `in with using via on onto into atop to from use uses used ${ADOPTED} ${BROUGHT_IN} ${LEARNED}`,
  ),
  verb: words(
    `in with using via on onto into atop to from use uses used ${ADOPTED} ${BROUGHT_IN} ${LEARNED}`,
  ),
  // Nobody deploys or configures a person; a person is introduced, added or maintained all the same.
  person: words(`in using via on onto into atop ${ADOPTED}`),
  season: words(`with using via on onto into atop use uses used ${ADOPTED} ${BROUGHT_IN} ${LEARNED}`),
};

/** Words that, right before a season, make it a time: `in Spring`, `last Spring`. */
export const TIME_WORDS = words(
  `in during by until till since before after through throughout this last next early late mid each every`,
);

/** A kind of technology named before a name: `the formatter Black`, `the language Julia`. */
export const DESCRIPTORS = words(
  `language formatter linter framework library tool runtime package gem crate module generator orchestrator server database`,
);

/** Hyphenated words that make a technology of the name before them: `Go-based`, `Rust-native`. */
export const HYPHEN_TECHNOLOGY = words(
  `based powered native backed written compatible specific only first style flavored flavoured managed generated built driven friendly compiled`,
);

/** A group of people or a time after a name: `the Ruby team`, `Spring semester`. */
export const GROUPS_AND_TIMES = words(
  `team teams squad squads guild guilds group groups department org organisation organization tribe chapter semester term break quarter season sale sales festival holiday holidays weekend cohort campaign intake cleaning`,
);

/** Nouns that make a technology of the name before them (`Go services`, `Chef cookbooks`) or after them. */
export const TECHNOLOGY_NOUNS = words(
  `service services microservice microservices code codebase codebases module modules package packages gem
  gems crate crates library libraries lib libs sdk sdks api apis cli clis orm dsl app apps application
  applications backend backends frontend frontends server servers client clients binary binaries runtime
  runtimes compiler toolchain stack framework plugin plugins extension extensions script scripts scripting
  program programs programming programmer programmers developer developers engineer engineers dev devs
  cookbook cookbooks recipe recipes playbook playbooks manifest manifests chart charts template templates
  formatter formatting linter linting config configs configuration configurations pipeline pipelines job
  jobs build builds test tests testing spec specs suite suites handler handlers function functions worker
  workers consumer consumers producer producers project projects repo repos repository repositories
  monorepo monolith port rewrite bindings version versions upgrade cluster clusters agent agents policy
  policies secrets proxy proxies sidecar sidecars filter filters gateway controller controllers operator
  operators image images state states formula formulas pillar pillars minion minions component components
  route routes router middleware endpoint endpoints view views blueprint blueprints site sites notebook
  notebooks kernel macro macros trait traits struct structs generics syntax ecosystem language toolkit kit
  instance instances deployment deployments migrations schema schemas model models query queries index
  indexes queue queues topic topics stream streams task tasks workflow workflows dag dags cache caching
  database databases db webhook webhooks integration integrations hooks ruleset fixtures mocks stubs
  assertions matchers runner runners tracing traces logging ui widgets bot bots prompts embeddings
  inference pods containers vms nodes shards serve tune experience expertise proficiency skills alert alerts
  alerting dashboard dashboards monitoring metrics`,
);
