import { CONCERN_DAYS } from "../order/song_concerns.ts";

/** The landing page's questions. Kept consistent with the terms (delivery, refunds, the add-on). */
export const FAQ_ITEMS = [
  {
    question: "What music styles can I choose?",
    answer:
      "Pop, rock, country, jazz, classical, hip-hop, electronic, folk, musical theatre and kids songs. Pick a genre and a mood on the order form and we shape the song around your child.",
  },
  {
    question: "Who sings the song?",
    answer:
      "You choose the voice: male, female or a child's voice. Tell us how to pronounce your child's name and we make sure it's sung just right.",
  },
  {
    question: "How long does it take?",
    answer:
      "Most songs are ready within 24 hours. Our team listens to every song before it goes out, then you get an email with a private link to your child's song.",
  },
  {
    question: "What is the streaming add-on?",
    answer:
      "For $10.00 more we publish the song on streaming platforms under an artist profile name you choose, so family and friends can find it there too.",
  },
  {
    question: "What if I'm not happy with the song?",
    answer:
      `Tell us within ${CONCERN_DAYS} days of delivery. We look at every case individually and will remake the song or discuss a refund with you.`,
  },
] as const;
