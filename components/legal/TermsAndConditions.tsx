import { LEGAL_UPDATED, SITE_NAME } from "../../domain/site/site.ts";
import { LegalDocument, LIST, SupportEmail } from "./LegalDocument.tsx";

export function TermsAndConditions() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      updated={LEGAL_UPDATED}
      intro={
        <>
          <p>
            These terms are the agreement between you and {SITE_NAME}{" "}
            ("we", "us", "our") when you use our website and order a personalized song for your child. We've
            tried to keep them short and readable. By placing an order or signing in, you agree to them, so
            please read them before you buy.
          </p>
          <p>
            How we handle personal information, including your child's details, is explained in our Privacy
            Policy. In short, we never sell your personal information, and if you ask us to delete it we will
            do so within 30 days.
          </p>
        </>
      }
      sections={[
        {
          id: "who-can-use",
          heading: `Who can use ${SITE_NAME}`,
          body: (
            <>
              <p>
                {SITE_NAME}{" "}
                is for parents and legal guardians aged 18 or over. By using the service you confirm that you
                are at least 18 and that you are the parent or legal guardian of the child the song is about.
              </p>
              <p>
                Children may not use the service, create an account or place orders. A child's details should
                only ever reach us from their parent or guardian. This is also how we meet the Children's
                Online Privacy Protection Act (COPPA), which requires parental consent for children under 13.
              </p>
            </>
          ),
        },
        {
          id: "ordering-and-payment",
          heading: "Ordering and payment",
          body: (
            <>
              <p>
                To order, you tell us about your child (their first name, age, favorite things, hobbies and
                friends), review your order and pay. A song costs $24.99, and the optional streaming add-on
                costs an extra $10.00. All prices are in US dollars, and the total shown at checkout,
                including any applicable tax, is the amount you pay.
              </p>
              <p>
                Payment is taken on a secure hosted checkout page run by our card payment provider. We never
                see or store your full card number. Your order is confirmed once your payment has been
                completed.
              </p>
              <p>
                For every song sold, we donate $1 to a children's research hospital charity. The donation is
                made by {SITE_NAME}{" "}
                out of the price you pay; it is not a separate donation by you and is not tax-deductible for
                you.
              </p>
              <p>
                We may refuse or cancel an order, for example if the details break these terms or we can't
                complete it. If we cancel an order you have paid for, we will refund it in full.
              </p>
            </>
          ),
        },
        {
          id: "delivery",
          heading: "Delivery",
          body: (
            <>
              <p>
                Songs are typically delivered within 24 hours of payment. We email you a private link where
                you can listen to your song.
              </p>
              <p>
                Twenty-four hours is our usual turnaround, not a guarantee: busy periods or problems with the
                services we rely on can occasionally cause delays. If your song hasn't arrived within 24
                hours, please check your spam or junk folder and then email <SupportEmail />.
              </p>
              <p>
                Anyone who has your private link can listen to the song, so please share it only with people
                you trust.
              </p>
            </>
          ),
        },
        {
          id: "your-content",
          heading: "Personalized content and your responsibilities",
          body: (
            <>
              <p>
                Every song is written from the details you give us, so please check them carefully before you
                pay. Our lyrics and musical style are generated with automated AI services and the audio is
                produced by an external music-generation service. Each song is unique, which means we can't
                promise a particular melody, voice or sound. If your child's name has an unusual
                pronunciation, adding a phonetic spelling in your order helps.
              </p>
              <p>When you place an order, you agree that:</p>
              <ul className={LIST}>
                <li>the details you provide are accurate;</li>
                <li>
                  you will use only first names for your child and their friends, and will not include
                  surnames, addresses, schools or other sensitive information;
                </li>
                <li>
                  your order does not contain anything offensive, hateful, sexual, violent or unlawful, or
                  anything meant to embarrass or bully a child;
                </li>
                <li>
                  you will not ask us to copy existing songs, lyrics, artists' voices, or other people's
                  trademarks or characters.
                </li>
              </ul>
              <p>
                We may decline any order, or edit wording that breaks these rules, to keep every song suitable
                for children.
              </p>
            </>
          ),
        },
        {
          id: "quality-concerns",
          heading: "Quality concerns",
          body: (
            <>
              <p>
                We want every song to be a hit. If something isn't right, such as a misspelled or
                mispronounced name, a detail that doesn't match your order, or a problem with the audio,
                please email <SupportEmail />{" "}
                within 7 days of delivery. Tell us your order email address and what's wrong.
              </p>
              <p>
                We'll review every concern reported within that window and, where appropriate, remake the song
                or offer a refund. Concerns reported more than 7 days after delivery may not be eligible.
              </p>
            </>
          ),
        },
        {
          id: "refunds",
          heading: "Refunds",
          body: (
            <>
              <p>
                Each song is made to order for your child, so it can't be resold. We judge refund requests
                case by case, taking into account what went wrong, whether it was reported within 7 days of
                delivery, and whether a remake would solve the problem. We don't usually offer refunds simply
                for a change of mind once a song has been delivered.
              </p>
              <p>
                If we can't deliver your song at all, we will refund you in full. Approved refunds go back to
                your original payment method through our payment provider; how long they take to appear
                depends on your bank.
              </p>
              <p>
                If you are unhappy with a charge, please contact us before disputing it with your bank. We can
                usually sort things out quickly. Nothing in these terms limits any rights you have under
                consumer protection laws that apply to you.
              </p>
            </>
          ),
        },
        {
          id: "referrals-and-promotions",
          heading: "Referral codes and promotions",
          body: (
            <>
              <p>
                Customers may receive a referral code to share. A friend who uses your code gets 50% off their
                first order.
              </p>
              <ul className={LIST}>
                <li>
                  A referral discount applies only to a new customer's first order and can be used once per
                  customer.
                </li>
                <li>
                  Unless we say otherwise, codes can't be combined with other promotions, have no cash value
                  and can't be sold or exchanged.
                </li>
                <li>
                  Please share your code only with people you know. Don't spam it or post it on coupon sites.
                </li>
                <li>
                  We may change or end the referral scheme or any promotion, and cancel codes that are
                  misused, at any time. Orders already placed keep the discount they were given.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: "streaming-add-on",
          heading: "Streaming add-on",
          body: (
            <>
              <p>
                For an extra $10.00, we will publish your song to streaming platforms under an artist profile
                name you choose, so family and friends can find and play it there.
              </p>
              <ul className={LIST}>
                <li>
                  Once published, your song, including your child's first name in the lyrics, is publicly
                  available to anyone. We recommend an artist profile name that doesn't include your child's
                  full name.
                </li>
                <li>
                  Your artist profile name must not impersonate anyone, use someone else's name or brand, or
                  be offensive. We may ask you to choose another name.
                </li>
                <li>
                  Publishing takes longer than song delivery and depends on each platform's own review
                  process. We can't guarantee that every platform will accept a release or when it will
                  appear. If we can't publish your song at all, we will refund the add-on fee.
                </li>
                <li>
                  The add-on is a way to share your song, not a commercial release. It is not intended to earn
                  money, and we don't promise any royalties or earnings.
                </li>
                <li>
                  You can ask us to take your song down at any time. We will ask our distributor to remove it,
                  but each platform controls how quickly it disappears.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: "license-and-ownership",
          heading: "License and ownership",
          body: (
            <>
              <p>
                Your song is yours to enjoy. Once you've paid, we give you a permanent, worldwide,
                royalty-free license to play, copy and share your song for personal, non-commercial purposes.
                That means you can play it at home, in the car or at a birthday party, send it to family and
                friends, and post it on your personal social media accounts.
              </p>
              <p>
                You may not sell or license the song, use it in advertising or in any product or service, use
                it on channels or accounts you earn money from, register it with content identification
                systems, or upload it to streaming platforms yourself. The one exception is our streaming
                add-on, under which we publish the song for you as described above.
              </p>
              <p>
                As between you and us, {SITE_NAME}{" "}
                keeps any rights in the music, lyrics and recording, except for the license we give you. The
                details you give us stay yours; you allow us to use them only to make and deliver your song
                and, if you buy the add-on, to publish it. We won't use your song in our marketing without
                your permission.
              </p>
            </>
          ),
        },
        {
          id: "accounts",
          heading: "Accounts and magic links",
          body: (
            <>
              <p>
                There are no passwords. To sign in, you enter your email address and we send you a magic link.
                Following it signs you in on that device. Links expire after a short time and should not be
                forwarded.
              </p>
              <p>
                Anyone who can read your email can sign in to your account, so please keep your email account
                secure. If you think someone else has accessed your account, email <SupportEmail />{" "}
                straight away. We may suspend or close accounts that are used to break these terms.
              </p>
            </>
          ),
        },
        {
          id: "liability",
          heading: "Our responsibility to you",
          body: (
            <>
              <p>
                We work hard to make every song special, but the service is provided "as is" and "as
                available". Because songs are created with automated AI and music-generation services, we
                can't promise that every song will be flawless, and, to the extent the law allows, we don't
                give any warranties beyond those in these terms.
              </p>
              <p>
                To the fullest extent permitted by law, {SITE_NAME}{" "}
                is not liable for any indirect, incidental or consequential losses, and our total liability
                for any claim relating to an order is limited to the amount you paid for that order. Nothing
                in these terms excludes or limits liability that cannot be excluded or limited under
                applicable law.
              </p>
              <p>
                These terms are governed by the laws of the United States and the state in which {SITE_NAME}
                {" "}
                is registered. If a problem comes up, please contact us first; most issues can be resolved
                quickly and informally.
              </p>
            </>
          ),
        },
        {
          id: "changes",
          heading: "Changes to these terms",
          body: (
            <p>
              We may update these terms from time to time. The date at the top of this page shows when they
              were last changed. If we make a significant change, we will tell you by email or on our website.
              The terms that applied when you placed an order continue to apply to that order.
            </p>
          ),
        },
        {
          id: "contact",
          heading: "Contact us",
          body: (
            <p>
              Questions about these terms, your order or your song? Email us at{" "}
              <SupportEmail />. We're always happy to help.
            </p>
          ),
        },
      ]}
    />
  );
}
