/** Facts about the shop shown on every page. One place, so the footer, legal pages and emails agree. */
export const SITE_NAME = "Little Hits";
export const SUPPORT_EMAIL = "support@littlehits.studio";
export const SOCIAL_URL = "https://www.instagram.com/littlehits.studio";
export const SOCIAL_LABEL = "Instagram";
export const COPYRIGHT_YEAR = 2025;
export const LEGAL_UPDATED = "August 16, 2025";

/** Landing-page sections the navigation and footer scroll to, in page order. */
export const SECTIONS = {
  home: "home",
  howItWorks: "how-it-works",
  kidReactions: "kid-reactions",
  ourStory: "our-story",
  faq: "faq",
} as const;

export const NAV_ENTRIES = [
  { label: "Home", section: SECTIONS.home },
  { label: "Kid Reactions", section: SECTIONS.kidReactions },
  { label: "How it Works", section: SECTIONS.howItWorks },
  { label: "Our Story", section: SECTIONS.ourStory },
] as const;

export const FOOTER_QUICK_LINKS = [
  { label: "How it Works", section: SECTIONS.howItWorks },
  { label: "Kid Reactions", section: SECTIONS.kidReactions },
  { label: "Our Story", section: SECTIONS.ourStory },
  { label: "FAQ", section: SECTIONS.faq },
] as const;
