import { DeliveryTimeFields } from "./DeliveryTimeFields.tsx";
import type { DeliveryChoice } from "./delivery_time.ts";
import {
  Choices,
  fieldId,
  type FormBinding,
  Section,
  Select,
  TextArea,
  TextInput,
  Toggle,
} from "./fields.tsx";
import {
  DELIVERY_FIELD,
  deliveryChoiceOf,
  deliveryZoneOf,
  type FormClock,
  songRecipientOf,
  type TextField,
} from "./values.ts";

/**
 * The three parts of the order form (customer-side §2), fields named after the order's (§3). Labels,
 * choices, what is required and how long an answer may be come from the form's table
 * (domain/order/form_fields.ts); here are the layout, placeholders and hints.
 */

/** The child's details after the name, age and birthday, with an example each; the last three take both columns. */
const DETAILS: [TextField, string, wide?: boolean][] = [
  ["favoriteColor", "e.g. Purple"],
  ["bestFriend", "e.g. Leo"],
  ["petName", "e.g. Biscuit the dog"],
  ["parentCallName", "e.g. Mommy, Papa, Nana"],
  ["favoriteToy", "e.g. Mr. Bunny"],
  ["favoritePlace", "e.g. The beach"],
  ["favoriteActivity", "e.g. Dancing in the kitchen"],
  ["specialTalent", "e.g. Cartwheels"],
  ["dreamAspiration", "e.g. Astronaut"],
  ["favoriteSaying", "e.g. To infinity and beyond!", true],
  ["childFriends", "e.g. Leo, Ava, Sam", true],
  ["childActivities", "e.g. Soccer, piano, swimming", true],
];

export function AboutYourChild({ form }: { form: FormBinding }) {
  return (
    <Section
      id="about-child"
      title="About Your Child"
      lead="The more you share, the more the song sounds like them. Only the name is required."
    >
      <TextInput
        form={form}
        name="childName"
        placeholder="e.g. Mia"
        hint="Write it as it should be sung: letters, spaces, hyphens and apostrophes, no emoji or symbols."
      />
      <TextInput
        form={form}
        name="phoneticSpelling"
        placeholder="e.g. MEE-uh"
        hint="Spell the name the way it sounds, so our singer says it just the way you do."
      />
      <Choices
        form={form}
        name="childGender"
      />
      <Select form={form} name="childAge" prompt="Select age" />
      <TextInput form={form} name="childBirthday" />
      {DETAILS.map(([name, placeholder, wide]) => (
        <TextInput key={name} form={form} name={name} placeholder={placeholder} wide={wide} />
      ))}
      <TextArea
        form={form}
        name="extraDetails"
        placeholder="Funny habits, family traditions, a big milestone coming up..."
        sizeClass="min-h-[120px]"
      />
    </Section>
  );
}

export function SongCustomization({ form }: { form: FormBinding }) {
  return (
    <Section id="song-customization" title="Song Customization" lead="Pick the sound; we'll do the rest.">
      <Select form={form} name="songGenre" />
      <Choices
        form={form}
        name="singerGender"
      />
      <Choices
        form={form}
        name="songStyle"
        wide
      />
      <TextArea
        form={form}
        name="additionalDetails"
        placeholder="e.g. Mention her first day of school, or make the chorus easy to sing along"
        sizeClass="min-h-[80px]"
      />
      <Toggle
        form={form}
        name="addStreamingServices"
        hint="We release it under an artist profile name you choose, so the family can stream it anywhere."
      >
        <TextInput
          form={form}
          name="streamingArtistName"
          placeholder="e.g. Mia's Big Band"
        />
      </Toggle>
    </Section>
  );
}

export function ContactInformation({ form, clock }: { form: FormBinding; clock: FormClock }) {
  const { values } = form;
  // A gift's words name who receives what: "you" is always the one ordering.
  const recipient = songRecipientOf(values);
  const recipientName = values.giftRecipientName.trim();
  return (
    <Section id="contact-information" title="Contact Information" lead="Where we send the finished song.">
      <TextInput form={form} name="parentName" autoComplete="name" />
      <TextInput
        form={form}
        name="parentEmail"
        autoComplete="email"
        placeholder="you@example.com"
        hint={yourEmailHint(values.isGift, recipient, values.deliveryWhen === "chosen")}
      />
      <Toggle
        form={form}
        name="isGift"
        hint="We email the song to the person you name, with your message, and send you a copy."
      >
        <TextInput form={form} name="giftRecipientName" />
        <TextInput
          form={form}
          name="giftRecipientEmail"
          placeholder="them@example.com"
          hint={`${
            recipientName || "The recipient"
          } gets a private link to the song here. Leave it empty to receive the song yourself and pass it on.`}
        />
        <TextArea
          form={form}
          name="giftMessage"
          placeholder="e.g. Happy birthday, little star! Love, Grandma"
          hint={`${recipientName || "The recipient"} reads it in the gift email. It is not sung in the song.`}
          sizeClass="min-h-[80px]"
        />
      </Toggle>
      <WhenItArrives form={form} clock={clock} recipient={recipient} />
    </Section>
  );
}

/** Where the one ordering hears from us: the song itself, or for a gift the receipt and their copy. */
function yourEmailHint(isGift: boolean, recipient: string | null, chosenDay: boolean): string {
  if (recipient) {
    return `Your receipt comes here, and your own copy of the song once ${recipient} has theirs.`;
  }
  const when = chosenDay ? "on the day you choose below" : "within 24 hours";
  return isGift ? `The song arrives here ${when}, for you to pass on.` : `Your song arrives here ${when}.`;
}

/**
 * Delivery on a chosen day (customer-side §1, special delivery timing): for every order, placed after the gift, where it matters most
 * (the birthday morning). Its parts are the form's delivery fields, so errors, focus and the draft
 * treat them like any other field.
 */
function WhenItArrives(
  { form, clock, recipient }: { form: FormBinding; clock: FormClock; recipient: string | null },
) {
  const dateError = form.errors.get(DELIVERY_FIELD.date);
  const timeError = form.errors.get(DELIVERY_FIELD.time);
  const error = dateError
    ? { part: "date" as const, message: dateError }
    : timeError
    ? { part: "time" as const, message: timeError }
    : null;
  const { values } = form;
  const giftFor = values.giftRecipientName.trim() || "the recipient";
  return (
    <div className="rounded-xl border border-violet-200 bg-violet-50 p-4 md:col-span-2">
      <DeliveryTimeFields
        idOf={(part) =>
          part === "summary"
            ? "order-delivery-summary"
            : fieldId(DELIVERY_FIELD[part === "zone" ? "timeZone" : part])}
        legend="When should it arrive?"
        choice={deliveryChoiceOf(values)}
        timeZone={deliveryZoneOf(values, clock)}
        zoneHint={values.isGift
          ? `The day and time are read in this zone: for a gift, choose where ${giftFor} lives.`
          : undefined}
        onTimeZoneChange={(zone) => form.set(DELIVERY_FIELD.timeZone, zone)}
        audience={{ recipient, localTimeZone: clock.timeZone }}
        now={clock.now}
        error={error}
        onChange={(change) => {
          for (const [part, value] of Object.entries(change)) {
            form.set(DELIVERY_FIELD[part as keyof DeliveryChoice], value);
          }
        }}
      />
    </div>
  );
}
