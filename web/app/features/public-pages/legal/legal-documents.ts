// The two legal documents: their sections in order (copy in locales/{en,km}/legal.json under
// <doc>.sections.<key>) and the anchor id of each section.

/**
 * Shown under the title of both documents (the <time> element's datetime). The readable form is
 * `updatedOn` in locales/{en,km}/legal.json: change them together.
 */
export const LEGAL_LAST_UPDATED = "2026-11-22";

export const LEGAL_DOCUMENTS = {
  privacy: {
    path: "/privacy-policy",
    sections: [
      { key: "collect", anchor: "information-we-collect" },
      { key: "use", anchor: "how-we-use-information" },
      { key: "sharing", anchor: "sharing" },
      { key: "security", anchor: "security" },
      { key: "contact", anchor: "contact" },
    ],
  },
  terms: {
    path: "/terms-of-service",
    sections: [
      { key: "acceptance", anchor: "acceptance" },
      { key: "license", anchor: "use-license" },
      { key: "account", anchor: "account-responsibilities" },
      { key: "changes", anchor: "service-modifications" },
      { key: "termination", anchor: "termination" },
    ],
  },
} as const;

export type LegalDocumentId = keyof typeof LEGAL_DOCUMENTS;
