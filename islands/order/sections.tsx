import { CHILD_AGES, childAgeLabel } from "../../domain/child_age.ts";
import { SONG_GENRE_LABELS, SONG_GENRES } from "../../domain/order_choices.ts";
import { formatCents, STREAMING_PRICE_CENTS } from "../../domain/pricing.ts";
import { Choices, type FormBinding, Section, Select, TextArea, TextInput, Toggle } from "./fields.tsx";

/** The three parts of the order form (customer-side §2), fields named after the order's (§3). */

const AGE_OPTIONS = CHILD_AGES.map((age) => ({ value: age, label: childAgeLabel(age) }));

const GENRE_OPTIONS = SONG_GENRES.map((genre) => ({ value: genre, label: SONG_GENRE_LABELS[genre] }));

export function AboutYourChild({ form }: { form: FormBinding }) {
  return (
    <Section
      id="about-child"
      title="About Your Child"
      lead="The more you share, the more the song sounds like them. Only the name is required."
    >
      <TextInput form={form} name="childName" label="Child's name" required placeholder="e.g. Mia" />
      <TextInput
        form={form}
        name="phoneticSpelling"
        label="How to pronounce it"
        placeholder="e.g. MEE-uh"
        hint="Spell the name the way it sounds, so our singer says it just the way you do."
      />
      <Choices
        form={form}
        name="childGender"
        legend="Boy or girl"
        options={[{ value: "boy", label: "Boy" }, { value: "girl", label: "Girl" }]}
      />
      <Select form={form} name="childAge" label="Age" prompt="Select age" options={AGE_OPTIONS} />
      <TextInput form={form} name="childBirthday" label="Birthday" type="date" />
      <TextInput form={form} name="favoriteColor" label="Favorite color" placeholder="e.g. Purple" />
      <TextInput form={form} name="bestFriend" label="Best friend's name" placeholder="e.g. Leo" />
      <TextInput form={form} name="petName" label="Pet's name" placeholder="e.g. Biscuit the dog" />
      <TextInput
        form={form}
        name="parentCallName"
        label="What your child calls you"
        placeholder="e.g. Mommy, Papa, Nana"
      />
      <TextInput form={form} name="favoriteToy" label="Favorite toy" placeholder="e.g. Mr. Bunny" />
      <TextInput form={form} name="favoritePlace" label="Favorite place" placeholder="e.g. The beach" />
      <TextInput
        form={form}
        name="favoriteActivity"
        label="Favorite activity"
        placeholder="e.g. Dancing in the kitchen"
      />
      <TextInput form={form} name="specialTalent" label="Special talent" placeholder="e.g. Cartwheels" />
      <TextInput
        form={form}
        name="dreamAspiration"
        label="Dream for when they grow up"
        placeholder="e.g. Astronaut"
      />
      <TextInput
        form={form}
        name="favoriteSaying"
        label="Favorite saying"
        placeholder="e.g. To infinity and beyond!"
        wide
      />
      <TextInput
        form={form}
        name="childFriends"
        label="Friends' names"
        placeholder="e.g. Leo, Ava, Sam"
        wide
      />
      <TextInput
        form={form}
        name="childActivities"
        label="Hobbies and activities"
        placeholder="e.g. Soccer, piano, swimming"
        wide
      />
      <TextArea
        form={form}
        name="extraDetails"
        label="Anything else we should know?"
        placeholder="Funny habits, family traditions, a big milestone coming up..."
        sizeClass="min-h-[120px]"
      />
    </Section>
  );
}

export function SongCustomization({ form }: { form: FormBinding }) {
  return (
    <Section id="song-customization" title="Song Customization" lead="Pick the sound; we'll do the rest.">
      <Select form={form} name="songGenre" label="Music genre" options={GENRE_OPTIONS} />
      <Choices
        form={form}
        name="singerGender"
        legend="Singer's voice"
        options={[
          { value: "female", label: "Female" },
          { value: "male", label: "Male" },
          { value: "child", label: "Child" },
        ]}
      />
      <Choices
        form={form}
        name="songStyle"
        legend="Mood"
        wide
        options={[
          { value: "happy", label: "Happy" },
          { value: "energetic", label: "Energetic" },
          { value: "calm", label: "Calm" },
          { value: "silly", label: "Silly" },
          { value: "heartfelt", label: "Heartfelt" },
        ]}
      />
      <TextArea
        form={form}
        name="additionalDetails"
        label="Requests for the song"
        placeholder="e.g. Mention her first day of school, or make the chorus easy to sing along"
        sizeClass="min-h-[80px]"
      />
      <Toggle
        form={form}
        name="addStreamingServices"
        label={`Put the song on streaming platforms (+$${formatCents(STREAMING_PRICE_CENTS)})`}
        hint="We release it under an artist profile name you choose, so the family can stream it anywhere."
      >
        <TextInput
          form={form}
          name="streamingArtistName"
          label="Artist profile name"
          required
          placeholder="e.g. Mia's Big Band"
        />
      </Toggle>
    </Section>
  );
}

export function ContactInformation({ form }: { form: FormBinding }) {
  return (
    <Section id="contact-information" title="Contact Information" lead="Where we send the finished song.">
      <TextInput form={form} name="parentName" label="Your name" required autoComplete="name" />
      <TextInput
        form={form}
        name="parentEmail"
        label="Your email"
        type="email"
        required
        autoComplete="email"
        placeholder="you@example.com"
        hint="Your song arrives here within 24 hours."
      />
      <Toggle
        form={form}
        name="isGift"
        label="This song is a gift"
        hint="Tell us who it's for and add a personal message."
      >
        <TextInput form={form} name="giftRecipientName" label="Recipient's name" required />
        <TextInput
          form={form}
          name="giftRecipientEmail"
          label="Recipient's email"
          type="email"
          required
          placeholder="them@example.com"
        />
        <TextArea
          form={form}
          name="giftMessage"
          label="Gift message"
          placeholder="e.g. Happy birthday, little star! Love, Grandma"
          sizeClass="min-h-[80px]"
        />
      </Toggle>
    </Section>
  );
}
