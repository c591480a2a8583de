import { SITE_NAME } from "../site/site.ts";
import { type ComposedEmail, renderEmail } from "./layout.ts";

export interface SignInEmailInput {
  /** The magic link, `APP_URL/auth/verify?t={token}`. */
  link: string;
  expiresInMinutes: number;
}

/** The magic-link email (ARCHITECTURE.md §7): one click signs in, once, for a short while. */
export function signInEmail({ link, expiresInMinutes }: SignInEmailInput): ComposedEmail {
  const expiry = `${expiresInMinutes} ${expiresInMinutes === 1 ? "minute" : "minutes"}`;
  return {
    subject: `Your ${SITE_NAME} sign-in link`,
    ...renderEmail({
      preheader: `Your sign-in link is ready. It expires in ${expiry}.`,
      heading: `Sign in to ${SITE_NAME}`,
      paragraphs: [
        "Click the button below to sign in. No password needed.",
        `The link expires in ${expiry} and works once.`,
      ],
      button: { label: `Sign in to ${SITE_NAME}`, href: link },
      footnote: "If you didn't ask for this email, you can ignore it: nobody can sign in without the link.",
    }),
  };
}
