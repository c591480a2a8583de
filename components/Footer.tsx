import {
  COPYRIGHT_YEAR,
  FOOTER_QUICK_LINKS,
  SITE_NAME,
  SOCIAL_LABEL,
  SOCIAL_URL,
  SUPPORT_EMAIL,
} from "../domain/site/site.ts";
import { Logo } from "./Nav.tsx";

const FOOTER_LINK =
  "rounded text-slate-300 hover:text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400";

export function Footer({ onLanding }: { onLanding: boolean }) {
  const sectionHref = (id: string) => (onLanding ? `#${id}` : `/#${id}`);
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <div className="w-max rounded-xl bg-white px-3 py-2">
            <Logo />
          </div>
          <p className="text-sm leading-relaxed">
            Personalized songs that make kids feel like superstars. $1 from every song goes to a children's
            research hospital.
          </p>
        </div>
        <nav aria-label="Quick links" className="grid content-start gap-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Quick links</h2>
          {FOOTER_QUICK_LINKS.map((link) => (
            <a key={link.section} href={sectionHref(link.section)} className={FOOTER_LINK}>
              {link.label}
            </a>
          ))}
        </nav>
        <nav aria-label="Legal" className="grid content-start gap-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Legal</h2>
          <a href="/privacy-policy" className={FOOTER_LINK}>Privacy Policy</a>
          <a href="/terms-and-conditions" className={FOOTER_LINK}>Terms and Conditions</a>
        </nav>
        <div className="grid content-start gap-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Get in touch</h2>
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            data-track="Contact Clicked"
            data-track-target="email"
            className={FOOTER_LINK}
          >
            {SUPPORT_EMAIL}
          </a>
          <a
            href={SOCIAL_URL}
            rel="noopener noreferrer"
            target="_blank"
            data-track="Social Link Clicked"
            data-track-target={SOCIAL_LABEL}
            className={FOOTER_LINK}
          >
            {`Follow us on ${SOCIAL_LABEL}`}
          </a>
        </div>
      </div>
      <p className="border-t border-slate-800 py-6 text-center text-sm text-slate-400">
        {`© ${COPYRIGHT_YEAR} ${SITE_NAME}. All rights reserved.`}
      </p>
    </footer>
  );
}
