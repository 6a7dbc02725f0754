// Value pools for record-provenance's properties: the profile's values, and what a writer might
// put in their place.

export type Entry = Record<string, unknown>;

export const EMPLOYERS = [
  "Quillmark Ltd",
  "Fernhill",
  "Brightwave Inc.",
  "Northgate Analytics",
  "Kestrel Labs",
  "The Oakridge Co",
];
export const STRANGERS = ["Google", "Stripe", "Meta Platforms", "Initech"];
export const POSITIONS = [
  "Software Engineer",
  "Backend Engineer",
  "Senior Backend Engineer",
  "Platform Engineer",
  "Data Analyst",
  "Engineering Manager",
];
export const INFLATED = ["Staff Engineer", "Principal Backend Engineer", "Head of Platform", "CTO"];
export const INSTITUTIONS = [
  "University of Leeds",
  "Imperial College London",
  "TU Delft",
  "University of Toronto",
];
export const STUDY_TYPES = ["BSc", "MSc", "PhD", "BA"];
export const AREAS = ["Computer Science", "Mathematics", "Physics"];
export const CERTIFICATES = [
  "AWS Certified Developer",
  "Certified Kubernetes Administrator",
  "Terraform Associate",
];
export const ISSUERS = ["Amazon Web Services", "CNCF", "HashiCorp"];
export const AWARDS = ["Engineer of the Year", "Hackathon Winner", "Best Paper"];
export const AWARDERS = ["Quillmark", "ACM", "Fernhill"];
export const LANGUAGES = ["English", "German", "French", "Spanish"];
export const FLUENCY = ["Native", "Fluent", "Intermediate", "Basic"];
export const GROUPS = ["Backend", "Cloud", "Data", "Frontend"];
export const LEVELS = ["Beginner", "Intermediate", "Advanced", "Expert"];
export const PROJECTS = ["ledger-cli", "billing-exporter", "rota-bot"];
export const INTERESTS = ["Climbing", "Chess", "Piano"];
export const PASTIMES = ["bouldering", "openings", "jazz", "endgames"];
export const KEYWORDS = ["Go", "PostgreSQL", "Kubernetes", "Terraform", "TypeScript", "Kafka", "Backstage"];
export const CITIES = ["Leeds", "Remote", "Berlin"];
export const PROSE = [
  "Built the ledger API.",
  "Ran the on-call rota.",
  "Cut p99 latency by 40% with Redis.",
  "Moved the billing jobs to Kubernetes.",
  "Led the migration to Go.",
  "Wrote the onboarding guide.",
];
// Rewordings a writer might return: some are fine, some claim what the profile does not hold (the text
// guards judge those in the whole chain; record-provenance's checkDraft leaves them alone).
export const REWORDS = [
  "Built and ran the ledger API in Go.",
  "Promoted to Staff Engineer after the launch.",
  "Rolled out Backstage and Kyverno across 12 teams.",
  "Worked at Google on search infrastructure.",
  "Mentored 5 engineers.",
  "Owned the on-call rota.",
];

export const SECTIONS = [
  "work",
  "education",
  "certificates",
  "awards",
  "languages",
  "projects",
  "interests",
] as const;
export type Section = (typeof SECTIONS)[number];

/** The writer's prose in each section (sections.ts): everything else of an entry is the record. */
export const PROSE_KEYS: Record<Section, readonly string[]> = {
  work: ["summary", "highlights"],
  education: [],
  certificates: [],
  awards: ["summary"],
  languages: [],
  projects: ["description", "highlights", "keywords"],
  interests: [],
};
/** Lists the writer may shorten but not add to. */
export const SUBSETS: Partial<Record<Section, readonly string[]>> = { interests: ["keywords"] };
export const IDENTITY: Record<Section, string> = {
  work: "name",
  education: "institution",
  certificates: "name",
  awards: "title",
  languages: "language",
  projects: "name",
  interests: "name",
};
/** Sections the draft may not drop an entry of. */
export const KEEP_ALL = new Set<Section>(["work", "education"]);
export const DATE_KEYS = new Set(["startDate", "endDate", "date"]);

/** The record keys an edit may change, with the values it may change them to (dates are any month). */
export const RECORD_VALUES: Record<Section, Record<string, readonly string[]>> = {
  work: {
    name: [...EMPLOYERS, ...STRANGERS],
    position: [...POSITIONS, ...INFLATED],
    startDate: [],
    endDate: [],
    location: [...CITIES, "San Francisco"],
    url: ["https://example.com/team", "https://google.com"],
  },
  education: {
    institution: [...INSTITUTIONS, "Stanford University"],
    studyType: STUDY_TYPES,
    area: AREAS,
    startDate: [],
    endDate: [],
    score: ["First", "3.9"],
  },
  certificates: {
    name: [...CERTIFICATES, "CKAD"],
    issuer: ISSUERS,
    date: [],
    url: ["https://example.com/cert"],
  },
  awards: { title: [...AWARDS, "Turing Award"], awarder: AWARDERS, date: [] },
  languages: { language: [...LANGUAGES, "Japanese"], fluency: FLUENCY },
  projects: {
    name: [...PROJECTS, "kube-autoscaler-pro", "llm-gateway"],
    url: ["https://example.com/p", "https://github.com/famous/project"],
    startDate: [],
    entity: [...EMPLOYERS, ...STRANGERS],
  },
  interests: { name: [...INTERESTS, "Skydiving"] },
};

// Profiles.
