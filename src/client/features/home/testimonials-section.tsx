import { formatFrenchDate } from '../../../common/french-dates';
import type { Testimonial, Testimonials } from '../../../common/testimonials';
import { getPublicConfig } from '../../lib/config';

/**
 * What the section shows until the operator publishes real testimonials (TESTIMONIALS_FILE): three kinds of
 * situation the service handles, each labelled « Exemple », with no name and no rating — nobody is made up.
 */
export const EXAMPLE_SITUATIONS: ReadonlyArray<{ topic: string; question: string; answer: string }> = [
  {
    topic: 'Logement',
    question: "Mon ancien propriétaire ne m'a pas rendu mon dépôt de garantie.",
    answer:
      'La réponse indique le délai de restitution fixé par la loi et la démarche pour le réclamer, avec la fiche service-public.fr et les articles de loi dont elle vient.',
  },
  {
    topic: 'Travail',
    question: 'Mes heures supplémentaires ne me sont pas payées.',
    answer:
      'La réponse rappelle ce que prévoit le Code du travail en citant ses articles, et le pré-dossier rassemble ce que vous apporterez à un avocat.',
  },
  {
    topic: 'Famille',
    question: 'Mon père est décédé, par quoi commencer\u202f?',
    answer: 'La réponse liste les démarches qui suivent un décès, et le pré-dossier prépare le rendez-vous chez le notaire.',
  },
];

export const EXAMPLES_TITLE = 'Exemples de situations';
export const EXAMPLES_INTRO =
  'Des questions que le service traite, et ce que la réponse vous apporte. Ce sont des exemples, pas des avis de clients.';
export const TESTIMONIALS_TITLE = 'Ils nous ont fait confiance';

/** « 4 étoiles sur 5 » (« 1 étoile sur 5 »). */
export function starsLabel(rating: number): string {
  return `${rating} ${rating > 1 ? 'étoiles' : 'étoile'} sur 5`;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="home-stars" role="img" aria-label={starsLabel(rating)}>
      <span aria-hidden="true">{'★'.repeat(rating)}</span>
      <span className="home-stars-empty" aria-hidden="true">
        {'☆'.repeat(5 - rating)}
      </span>
    </span>
  );
}

function TestimonialCard({ testimonial, index }: { testimonial: Testimonial; index: number }) {
  return (
    <li className="ql-card home-testimonial" data-aos="fade-up" data-aos-delay={String(index * 100)}>
      <figure className="home-testimonial-figure">
        <Stars rating={testimonial.rating} />
        <blockquote className="home-testimonial-quote">
          <p>« {testimonial.quote} »</p>
        </blockquote>
        <figcaption className="home-testimonial-author">
          {testimonial.author}
          {testimonial.city && (
            <>
              , <span className="home-testimonial-city">{testimonial.city}</span>
            </>
          )}
          <time className="home-testimonial-date" dateTime={testimonial.date}>
            {formatFrenchDate(testimonial.date)}
          </time>
        </figcaption>
      </figure>
    </li>
  );
}

function RealTestimonials({ testimonials }: { testimonials: Testimonials }) {
  return (
    <>
      <h2 id="temoignages-title" className="ql-section-title" data-aos="fade-up">
        {TESTIMONIALS_TITLE}
      </h2>
      <ul className="home-testimonial-list">
        {testimonials.items.map((t, i) => (
          <TestimonialCard key={`${t.date}-${t.author}`} testimonial={t} index={i} />
        ))}
      </ul>
      <p className="home-testimonial-note">{testimonials.note}</p>
    </>
  );
}

function ExampleSituations() {
  return (
    <>
      <h2 id="temoignages-title" className="ql-section-title" data-aos="fade-up">
        {EXAMPLES_TITLE}
      </h2>
      <p className="home-section-intro home-examples-intro">{EXAMPLES_INTRO}</p>
      <ul className="home-testimonial-list">
        {EXAMPLE_SITUATIONS.map((s, i) => (
          <li key={s.topic} className="ql-card home-testimonial home-example" data-aos="fade-up" data-aos-delay={String(i * 100)}>
            <p className="home-example-label">
              <span className="home-example-badge">Exemple</span>
              <span className="ql-visually-hidden">&#8239;:</span>
              <span className="home-example-topic">{s.topic}</span>
            </p>
            <p className="home-example-question">« {s.question} »</p>
            <p className="home-example-answer">{s.answer}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The « Testimonials » section (three cards): the operator's real testimonials with their stars and dates
 * when TESTIMONIALS_FILE is set, otherwise three example situations labelled as such.
 */
export function TestimonialsSection() {
  const { testimonials } = getPublicConfig();
  return (
    <section id="temoignages" className="ql-section home-testimonials" aria-labelledby="temoignages-title">
      <div className="ql-container">{testimonials ? <RealTestimonials testimonials={testimonials} /> : <ExampleSituations />}</div>
    </section>
  );
}
