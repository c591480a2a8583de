import { SITE_NAME } from "../site/site.ts";
import { concernLine } from "../order/song_concerns.ts";
import { type ComposedEmail, renderEmail } from "./layout.ts";

/**
 * The delivery emails: the moment the family has waited for. Each carries a private link that signs
 * its reader in and opens the unboxing page, so the wording says plainly that the link is theirs.
 */
export interface SongReadyInput {
  childName: string;
  /** Named in the line on what to do if something is not right (domain/order/song_concerns.ts). */
  orderNumber: number;
  /** `APP_URL/u/{orderId}?t={token}`. */
  link: string;
}

export function songReadyEmail({ childName, link, orderNumber }: SongReadyInput): ComposedEmail {
  return {
    subject: `${childName}'s song is ready!`,
    ...renderEmail({
      preheader: `Your personalized song for ${childName} is waiting to be unwrapped.`,
      heading: `${childName}'s song is ready!`,
      paragraphs: [
        `The studio lights are off and ${childName}'s one-of-a-kind song is finished. It's wrapped up and waiting for you.`,
        "Open your surprise to play it, read the lyrics and download the MP3 to keep forever. Turn the volume up and get the whole family together!",
      ],
      button: { label: `Open ${childName}'s Surprise`, href: link },
      footnote: privateLinkNote,
      help: concernLine(orderNumber),
    }),
  };
}

export interface GiftSongInput extends SongReadyInput {
  recipientName: string;
  /** Who ordered it: the parent name on the order. */
  fromName: string;
  giftMessage: string;
}

export function giftSongEmail(input: GiftSongInput): ComposedEmail {
  const greeting = input.recipientName ? `Hi ${input.recipientName}, ` : "";
  const paragraphs = [
    `${greeting}${input.fromName} had a one-of-a-kind song made for ${input.childName}, and it's waiting for you to unwrap.`,
  ];
  if (input.giftMessage) paragraphs.push(`A message from ${input.fromName}: “${input.giftMessage}”`);
  paragraphs.push("Open the gift to play the song, read the lyrics and download the MP3 to keep forever.");
  return {
    subject: `${input.fromName} sent you a song for ${input.childName}!`,
    ...renderEmail({
      preheader: `A personalized song for ${input.childName}, from ${input.fromName}.`,
      heading: `A musical gift for ${input.childName}!`,
      paragraphs,
      button: { label: "Open Your Gift", href: input.link },
      footnote: privateLinkNote,
      help: concernLine(input.orderNumber),
    }),
  };
}

export interface GiftDeliveredInput extends SongReadyInput {
  /** The recipient's name, or their address when the form left the name empty. */
  recipient: string;
}

/** The gift-giver's copy: the gift arrived, and here is their own way to hear it. */
export function giftDeliveredEmail(input: GiftDeliveredInput): ComposedEmail {
  return {
    subject: `Your gift for ${input.childName} has been delivered`,
    ...renderEmail({
      preheader: `We've sent ${input.childName}'s song to ${input.recipient}.`,
      heading: "Your gift has been delivered!",
      paragraphs: [
        `We've just emailed ${input.recipient} a private link to ${input.childName}'s song, with your gift message.`,
        "You can listen to it too, whenever you like:",
      ],
      button: { label: `Hear ${input.childName}'s Song`, href: input.link },
      footnote: `Thank you for spreading the magic. The ${SITE_NAME} team`,
      help: concernLine(input.orderNumber),
    }),
  };
}

const privateLinkNote =
  "This link is yours: it signs you in to see and keep the song. Share the song from the page rather than forwarding this email.";
