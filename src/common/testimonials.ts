/**
 * Real testimonials the operator publishes on the home page (TESTIMONIALS_FILE, validated at start by
 * src/server/modules/testimonials and handed to the browser in the public configuration). Without them the
 * section shows example situations, labelled as such: no invented person, no invented rating. Kept free of
 * zod: the home page bundle reads it.
 */
export interface Testimonial {
  /** The person's words, as they agreed to have them published. */
  quote: string;
  /** How the person agreed to be named (« Sophie M. »). */
  author: string;
  city: string | null;
  /** Their rating, 1 to 5 stars. */
  rating: number;
  /** When the testimonial was given (`2026-03-14`): shown beside it, as the law asks of published reviews. */
  date: string;
}

export interface Testimonials {
  /** How the testimonials were collected and checked, shown under them (Code de la consommation, L111-7-2). */
  note: string;
  /** Exactly TESTIMONIALS_COUNT: the section has three cards. */
  items: Testimonial[];
}

export const TESTIMONIALS_COUNT = 3;
export const TESTIMONIAL_LIMITS = { quote: 500, author: 80, city: 80, note: 400, maxRating: 5 } as const;
/** A calendar date, `2026-03-14`. */
export const TESTIMONIAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
