// `portfolio.chat.private`: the parts of basics the recruiter chatbot never tells. Kept apart from the
// profile schema so the profile reader can name the default without loading zod.

/** The parts of basics `portfolio.chat.private` may keep out of the chat. */
export const CHAT_PRIVATE_FIELDS = ["email", "phone", "location", "url", "profiles"] as const;
export type ChatPrivateField = (typeof CHAT_PRIVATE_FIELDS)[number];

/** Private unless the profile opens them (`private: []` opens all). */
export const DEFAULT_CHAT_PRIVATE: readonly ChatPrivateField[] = ["phone", "email", "location"];
