/**
 * What search engines and link previews read about the shop: the social card and the structured
 * data of the landing page (schema.org as JSON-LD). Pure; the page head is built in routes/render.tsx.
 */
import { FAQ_ITEMS } from "./faq.ts";
import { BASE_PRICE_CENTS, formatCents } from "../order/pricing.ts";
import { SITE_NAME, SOCIAL_URL, SUPPORT_EMAIL } from "./site.ts";

export const SOCIAL_IMAGE = {
  path: "/images/og-image.jpg",
  width: 1200,
  height: 630,
  alt: "Little Hits: personalized songs for kids",
} as const;

export const DEFAULT_DESCRIPTION =
  "Magical personalized songs for kids: tell us about your child and get a unique song within 24 hours.";

export const LANDING_DESCRIPTION =
  "Personalized songs for kids with their name, age, friends and favorite things. Written and produced by " +
  "our studio, delivered as an MP3 within 24 hours. $1 from every song goes to a children's hospital.";

/** The landing page's structured data: the shop, the song it sells at its price, and the FAQ. */
export function landingStructuredData(appUrl: string): object {
  const organization = {
    "@type": "Organization",
    "@id": `${appUrl}/#organization`,
    name: SITE_NAME,
    url: `${appUrl}/`,
    logo: `${appUrl}/icon-512.png`,
    email: SUPPORT_EMAIL,
    sameAs: [SOCIAL_URL],
  };
  const product = {
    "@type": "Product",
    name: "Personalized Song for Kids",
    description: LANDING_DESCRIPTION,
    image: `${appUrl}${SOCIAL_IMAGE.path}`,
    brand: { "@id": organization["@id"] },
    offers: {
      "@type": "Offer",
      price: formatCents(BASE_PRICE_CENTS),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `${appUrl}/order`,
    },
  };
  const faq = {
    "@type": "FAQPage",
    mainEntity: FAQ_ITEMS.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  return { "@context": "https://schema.org", "@graph": [organization, product, faq] };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` is escaped so no text inside can close the
 * element, whatever the data holds.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replaceAll("<", "\\u003c");
}
