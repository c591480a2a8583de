import { SITE_NAME } from "../site/site.ts";
import { type ComposedEmail, renderEmail } from "./layout.ts";

export interface GenerationFailedEmailInput {
  childName: string;
  orderNumber: number;
  /** `APP_URL/my-songs`, where a signed-in customer can retry. */
  mySongsUrl: string;
}

/**
 * Sent once when a song's generation fails for good: the parent paid and is waiting, so they hear it
 * from us first, with what happens next and what they can do.
 */
export function generationFailedEmail(input: GenerationFailedEmailInput): ComposedEmail {
  const song = `${input.childName}'s song`;
  return {
    subject: `We hit a snag making ${song}`,
    ...renderEmail({
      preheader: `Order #${input.orderNumber}: our studio team is on it.`,
      heading: `We hit a snag making ${song}`,
      paragraphs: [
        `Something went wrong in the studio while we were making ${song} (order #${input.orderNumber}).`,
        "Our team has been told and will get it back on track. Your song is still coming: we promise delivery within 24 hours of your order, and you will not be charged again.",
        "If you'd like, you can also try again yourself from My Songs (sign in with this email address).",
      ],
      button: { label: "Open My Songs", href: input.mySongsUrl },
      footnote: `Questions? Just reply to this email. Thank you for your patience. The ${SITE_NAME} team`,
    }),
  };
}
