import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { TESTIMONIALS_COUNT, TESTIMONIAL_DATE, TESTIMONIAL_LIMITS, type Testimonials } from '../../../common/testimonials';

/**
 * TESTIMONIALS_FILE: the operator's real testimonials for the home page, a JSON file read once at start
 * (src/server/config.ts) —
 *
 *   { "note": "Avis recueillis par courriel auprès de nos utilisateurs, publiés avec leur accord.",
 *     "testimonials": [ { "quote": "…", "author": "Sophie M.", "city": "Lyon", "rating": 5, "date": "2026-03-14" }, …3 ] }
 *
 * Exactly three entries (the section's three cards); `city` may be left out. Every text is bounded: it is
 * sent inside every page of the site.
 */

const text = (max: number) => z.string().trim().min(1, 'ne doit pas être vide').max(max, `${max} caractères au plus`);

const calendarDate = z
  .string()
  .regex(TESTIMONIAL_DATE, 'doit être une date AAAA-MM-JJ')
  .refine((value) => {
    const date = new Date(`${value}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "n'est pas une date du calendrier");

const testimonialSchema = z
  .object({
    quote: text(TESTIMONIAL_LIMITS.quote),
    author: text(TESTIMONIAL_LIMITS.author),
    city: text(TESTIMONIAL_LIMITS.city).optional(),
    rating: z.number().int('doit être un nombre entier').min(1, 'de 1 à 5').max(TESTIMONIAL_LIMITS.maxRating, 'de 1 à 5'),
    date: calendarDate,
  })
  .strict();

const testimonialsFileSchema = z
  .object({
    note: text(TESTIMONIAL_LIMITS.note),
    testimonials: z.array(testimonialSchema).length(TESTIMONIALS_COUNT, `doit contenir exactement ${TESTIMONIALS_COUNT} témoignages`),
  })
  .strict();

/** The shape, said in the start-up error so that the operator can fix the file. */
export const TESTIMONIALS_FILE_SHAPE =
  '{ "note": "…", "testimonials": [ { "quote", "author", "city" (facultatif), "rating" (1 à 5), "date" (AAAA-MM-JJ) } ×3 ] }';

/** A file that cannot be used; the message is French and names the faulty field. */
export class TestimonialsFileError extends Error {}

/** Reads and checks the file; throws a TestimonialsFileError saying what is wrong. */
export function readTestimonialsFile(file: string): Testimonials {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as unknown;
  } catch (err) {
    throw new TestimonialsFileError(err instanceof SyntaxError ? 'JSON invalide' : 'fichier illisible');
  }
  const parsed = testimonialsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'contenu';
    throw new TestimonialsFileError(`${where} ${issue?.message ?? 'invalide'} (attendu\u202f: ${TESTIMONIALS_FILE_SHAPE})`);
  }
  return {
    note: parsed.data.note,
    items: parsed.data.testimonials.map((t) => ({ quote: t.quote, author: t.author, city: t.city ?? null, rating: t.rating, date: t.date })),
  };
}
