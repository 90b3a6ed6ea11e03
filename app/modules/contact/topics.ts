/** What a reader can write about; 'ask-the-diplomat' is preselected from the blog's 'Start a Conversation'. */
export const CONTACT_TOPICS = ["general", "ask-the-diplomat", "correction", "press", "partnership"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export function isContactTopic(value: unknown): value is ContactTopic {
  return typeof value === "string" && (CONTACT_TOPICS as readonly string[]).includes(value);
}

export const CONTACT_LIMITS = { name: 80, message: 5000, email: 254 } as const;
/** The longest a refused form echoes each field (the topic is one of the ids above). */
export const CONTACT_ECHO_LIMITS = { ...CONTACT_LIMITS, topic: Math.max(...CONTACT_TOPICS.map((topic) => topic.length)) };
