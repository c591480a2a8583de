import { LEGAL_UPDATED, SITE_NAME } from "../../domain/site/site.ts";
import { LegalDocument, LIST, SupportEmail } from "./LegalDocument.tsx";

export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={LEGAL_UPDATED}
      intro={
        <>
          <p>
            {SITE_NAME}{" "}
            makes personalized songs for children. To write a song about your child we need a few details
            about them, so we take the job of looking after that information seriously. This policy explains,
            in plain English, what we collect, why we collect it, who we share it with, and the choices you
            have.
          </p>
          <p>
            The short version: we only collect what we need to make and deliver your song, we never sell your
            personal information, and you can ask us to delete it at any time.
          </p>
        </>
      }
      sections={[
        {
          id: "who-we-are",
          heading: "Who we are",
          body: (
            <>
              <p>
                {SITE_NAME} ("we", "us", "our") is a small business based in the United States. We run the
                {" "}
                {SITE_NAME}{" "}
                website and the service that turns the details you give us into a one-of-a-kind song for your
                child.
              </p>
              <p>
                This policy applies to our website, to orders placed through it, and to the emails we send you
                about your orders and account. If you have a question about it, email us at <SupportEmail />.
              </p>
            </>
          ),
        },
        {
          id: "information-we-collect",
          heading: "Information we collect",
          body: (
            <>
              <p>
                <strong className="text-slate-900">
                  Information you give us.
                </strong>{" "}
                When you order a song you tell us:
              </p>
              <ul className={LIST}>
                <li>
                  your email address, which we use to sign you in and to deliver your song;
                </li>
                <li>
                  details about your child that go into the song: their first name, age, favorite things,
                  hobbies and the first names of friends, plus any notes or style preferences you add;
                </li>
                <li>
                  if you choose the streaming add-on, the artist profile name you want the song released
                  under;
                </li>
                <li>anything you write to us when you contact support.</li>
              </ul>
              <p>
                We don't ask for your child's surname, photo, school or home address, and we ask you not to
                include them in your order.
              </p>
              <p>
                <strong className="text-slate-900">
                  Information we create.
                </strong>{" "}
                Your order produces lyrics and an audio recording, and we keep a record of your orders, their
                status, and any referral code or promotion used.
              </p>
              <p>
                <strong className="text-slate-900">Payment information.</strong>{" "}
                Payments are handled on a secure hosted checkout page run by our card payment provider. You
                enter your card details directly with them: we never see or store your full card number. We
                receive only confirmation that the payment succeeded and basic transaction details such as the
                amount and date.
              </p>
              <p>
                <strong className="text-slate-900">
                  Information collected automatically.
                </strong>{" "}
                Like every website, our servers receive technical information such as your IP address and
                browser type when you visit. We use it to keep the service secure and working. We also collect
                privacy-respecting usage statistics, described under "Cookies and analytics" below.
              </p>
            </>
          ),
        },
        {
          id: "how-we-use-it",
          heading: "How we use your information",
          body: (
            <>
              <p>We use the information we hold to:</p>
              <ul className={LIST}>
                <li>
                  write and produce your child's song, including generating the lyrics, musical style and
                  audio;
                </li>
                <li>
                  deliver the song to you by email, typically within 24 hours, with a private link to listen
                  to it;
                </li>
                <li>
                  sign you in with an emailed magic link and keep you signed in;
                </li>
                <li>take payment and apply referral codes and promotions;</li>
                <li>
                  publish your song to streaming platforms, if you bought the streaming add-on;
                </li>
                <li>
                  answer your questions, look into quality concerns (which we ask you to report within 7 days
                  of delivery) and handle refund requests, which we judge case by case;
                </li>
                <li>
                  understand, in aggregate, how the site is used so we can improve it;
                </li>
                <li>
                  prevent fraud and abuse, and meet our legal, tax and accounting obligations.
                </li>
              </ul>
              <p>
                We don't use your child's details for advertising or marketing, and we don't build advertising
                profiles about you. We won't use your song or your child's details in our own marketing
                without asking your permission first.
              </p>
            </>
          ),
        },
        {
          id: "childrens-privacy",
          heading: "Children's privacy (COPPA)",
          body: (
            <>
              <p>
                {SITE_NAME}{" "}
                is a service for parents and legal guardians aged 18 or over. It is not directed at children,
                and children should not use the site or contact us themselves.
              </p>
              <p>
                The Children's Online Privacy Protection Act (COPPA) requires parental consent before personal
                information about children under 13 is collected online. Our service is designed around that
                rule: the only information we hold about a child is what their parent or guardian gives us
                when ordering a song, such as the child's first name, age and favorite things. By placing an
                order you confirm that you are the child's parent or legal guardian and that you consent to us
                using those details to create your child's song.
              </p>
              <p>
                We use a child's details only to make and deliver that song. The finished song is sent to you,
                the parent or guardian, not to your child. We share the details only with the service
                providers that help us make the song, as described below, and we never sell them.
              </p>
              <p>
                You can ask to review the information we hold about your child, or to have it deleted, at any
                time by emailing{" "}
                <SupportEmail />. We will complete deletion requests within 30 days. If we learn that we have
                received personal information directly from a child under 13, or without a parent's consent,
                we will delete it.
              </p>
              <p>
                Please keep in mind that if you choose the streaming add-on, your song, including your child's
                first name in the lyrics, becomes publicly available on streaming platforms.
              </p>
            </>
          ),
        },
        {
          id: "sharing",
          heading: "How we share information",
          body: (
            <>
              <p className="font-semibold text-slate-900">
                We do not sell your personal information or your child's information, and we do not share it
                with anyone for advertising.
              </p>
              <p>
                We share information only with service providers (sometimes called "processors") that help us
                run {SITE_NAME}, and only what each one needs to do its job:
              </p>
              <ul className={LIST}>
                <li>
                  <strong className="text-slate-900">
                    AI writing services
                  </strong>{" "}
                  receive the order details needed to generate your song's lyrics and musical style.
                </li>
                <li>
                  <strong className="text-slate-900">
                    A music-generation service
                  </strong>{" "}
                  receives the lyrics and style to produce the audio recording.
                </li>
                <li>
                  <strong className="text-slate-900">
                    Our card payment provider
                  </strong>{" "}
                  processes your payment through its hosted checkout.
                </li>
                <li>
                  <strong className="text-slate-900">
                    Email delivery and hosting providers
                  </strong>{" "}
                  send our emails and store our data.
                </li>
                <li>
                  <strong className="text-slate-900">
                    PostHog, our analytics provider,
                  </strong>{" "}
                  receives anonymous usage statistics from our server, as described under "Cookies and
                  analytics" below.
                </li>
                <li>
                  <strong className="text-slate-900">
                    A music distributor and streaming platforms
                  </strong>{" "}
                  receive your song and chosen artist profile name, but only if you buy the streaming add-on.
                </li>
              </ul>
              <p>
                Order details are shared with the AI and music-generation services only so they can make your
                song. Some of our providers may process data outside your state or outside the United States.
              </p>
              <p>
                We may also disclose information if the law requires it, to protect the rights and safety of
                our customers or of{" "}
                {SITE_NAME}, or as part of a sale or reorganization of our business. If that happens, this
                policy will continue to protect your information.
              </p>
            </>
          ),
        },
        {
          id: "cookies-and-analytics",
          heading: "Cookies and analytics",
          body: (
            <>
              <p>
                We use a single session cookie, which is needed to keep you signed in after you follow a magic
                link. The site can't sign you in without it, so it can't be switched off, but it isn't used
                for anything else.
              </p>
              <p>
                We also count how the site is used, so we can make it better: which questions people open, how
                far they get through the order form, when a song is played or downloaded, and when an order is
                paid for and delivered, with its price. These counts go to{" "}
                <strong className="text-slate-900">PostHog</strong>, our analytics provider, and only from our
                own server: your browser never contacts PostHog, so PostHog never sees your IP address or
                where you are.
              </p>
              <ul className={LIST}>
                <li>
                  <strong className="text-slate-900">What is sent:</strong>{" "}
                  what happened (for example "FAQ Viewed" or "Song Played"), the page, the kind of device
                  (phone, tablet or computer) and a few details such as which question was opened. Each event
                  carries a random number your browser keeps in its local storage (not a cookie), or for an
                  order, the order's own random reference, so visits can be counted without knowing who made
                  them.
                </li>
                <li>
                  <strong className="text-slate-900">What is never sent:</strong>{" "}
                  your name, your child's name or anything else you write in the order form, email addresses,
                  phone numbers, payment details, your IP address or your location. Anything that looks like
                  personal data is removed on our server before an event leaves it, and PostHog keeps no
                  profile of you.
                </li>
                <li>
                  <strong className="text-slate-900">Turning it off:</strong>{" "}
                  if your browser sends a Do Not Track or Global Privacy Control signal, we send nothing about
                  your visit, and nothing about an order you place with it, even after it is paid and
                  delivered.
                </li>
              </ul>
              <p>We don't use advertising cookies or cross-site tracking.</p>
            </>
          ),
        },
        {
          id: "retention-and-deletion",
          heading: "Retention and deletion",
          body: (
            <>
              <p>
                We keep your account, your orders and your songs while your account is active, so you can come
                back and listen again and so we can help if something goes wrong with an order.
              </p>
              <p>
                You can ask us to delete your information at any time by emailing <SupportEmail />{" "}
                from the address you ordered with. We will complete your request within 30 days, removing your
                account, your child's details and your songs' lyrics and audio from our systems.
              </p>
              <p>
                The only exception is information the law requires us to keep, such as transaction records for
                tax and accounting. We keep it only for as long as required, and it does not include your
                child's details. If your song was published with the streaming add-on, we will also ask our
                distributor to take it down, though removal from each platform is controlled by that platform
                and can take longer.
              </p>
            </>
          ),
        },
        {
          id: "security",
          heading: "Security",
          body: (
            <>
              <p>
                We protect your information with reasonable technical and organizational measures: data is
                encrypted in transit over HTTPS, access is limited to the people and providers who need it,
                payments happen on our payment provider's hosted checkout, and sign-in links expire after a
                short time.
              </p>
              <p>
                Your song is delivered through a private link that is hard to guess, but anyone you share that
                link with will be able to listen, so share it only with people you trust. No online service
                can be perfectly secure; if you think your account or information has been compromised, please
                contact us straight away.
              </p>
            </>
          ),
        },
        {
          id: "your-rights",
          heading: "Your rights and choices",
          body: (
            <>
              <p>
                Wherever you live, you can ask us to:
              </p>
              <ul className={LIST}>
                <li>
                  tell you what personal information we hold about you and your child, and give you a copy;
                </li>
                <li>correct information that is wrong;</li>
                <li>delete your information (completed within 30 days).</li>
              </ul>
              <p>
                Residents of some states, such as California, have additional rights under state privacy laws,
                including the right to know how information is used and shared and the right to opt out of its
                sale. Because we never sell personal information, there is nothing to opt out of, but you can
                still contact us with any request. We won't treat you differently for exercising your rights.
              </p>
              <p>
                To make a request, email{" "}
                <SupportEmail />. To protect your privacy we may need to confirm your identity, usually by
                asking you to write from the email address on your account. We aim to respond to every request
                within 30 days.
              </p>
            </>
          ),
        },
        {
          id: "changes",
          heading: "Changes to this policy",
          body: (
            <p>
              We may update this policy as our service or the law changes. The date at the top of this page
              shows when it was last updated. If we make a significant change to how we use your information,
              we will tell you by email or on our website before the change takes effect.
            </p>
          ),
        },
        {
          id: "contact",
          heading: "Contact us",
          body: (
            <p>
              If you have any questions about this policy or about your information, or want to make a
              request, email us at <SupportEmail />. We're always happy to help.
            </p>
          ),
        },
      ]}
    />
  );
}
