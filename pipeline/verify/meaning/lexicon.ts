// The words and marks the sentence reader reads by: what ends a clause or a part of one, what negates, which
// way a change runs, and the verbs of moving, choosing and replacing. Verbs are stems (`stemOf`): "migrat".
export const BREAK = /[.,;:!?()[\]{}"“”…—–|•\n]|\s-\s/;
export const ARROW = /→|->|=>|⟶|⇒|➔|➜/;

/** Words that end a part of a clause: what follows is about something else. */
export const JOINS = new Set(
  "and or but while whereas although though because so yet which who whom whose where when whenever after before since until unless then however".split(
    " ",
  ),
);
/** Prepositions end the object of a negated verb and an argument ("moved to Amazon EKS in 2024"). */
export const PREPOSITIONS = new Set(
  "in on at with by for using via after before during across within per as through throughout under over into onto to from since until against among between around toward towards off upon behind beyond like".split(
    " ",
  ),
);
export const TO = new Set(["to", "into", "onto"]);
/** Negating a verb and its object: "never used PostgreSQL", "no longer pages on-call". */
export const NEGATING = new Set(["not", "never", "cannot", "stopped", "ceased"]);
/** "not only", "no more than": not a negation. */
export const NOT_NEGATED_BY_NOT = new Set(["only", "just", "merely", "least"]);
export const NOT_NEGATED_BY_NO = new Set([
  "more",
  "less",
  "fewer",
  "later",
  "earlier",
  "sooner",
  "matter",
  "doubt",
]);
/** Negating a noun: "without downtime", "no manual steps", "neither Redis nor Memcached". */
export const NEGATING_NOUN = new Set(["no", "without", "none", "neither", "nor"]);

export const UP = new Set(
  "increas grew grow rais rose rise risen boost doubl tripl quadrupl climb jump spike soar surg higher".split(
    " ",
  ),
);
export const DOWN = new Set(
  "reduc cut decreas lower drop fell fall fallen shrank shrunk shrink slash trim halv declin plung plummet lessen minim minimis shorten".split(
    " ",
  ),
);
/** "went up", "brought down". */
export const GOING = new Set(
  "went go goe gone came come brought bring drove driven drive push ramp scale".split(" "),
);
export const MOVING = new Set(
  "move migrat switch transit port shift convert rehost replatform upgrad downgrad".split(" "),
);
export const CHOOSING = new Set(
  "chose choos chosen pick prefer select favour favor opt standardis standardiz".split(" "),
);
export const REPLACING = new Set(["replac", "swap", "trade"]);
/** Figure kinds that can run up or down. */
export const MEASURES = new Set(["count", "percent", "money", "measure", "multiplier"]);
