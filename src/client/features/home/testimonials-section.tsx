const TESTIMONIALS: ReadonlyArray<{ name: string; city: string; quote: string }> = [
  {
    name: 'Sophie',
    city: 'Lyon',
    quote:
      "Mon ancien propriétaire gardait ma caution. En deux minutes j'ai su quel délai il devait respecter et comment le mettre en demeure.",
  },
  {
    name: 'Karim',
    city: 'Marseille',
    quote:
      "Réponse claire sur mes heures supplémentaires, avec les articles du Code du travail. Je suis arrivé chez l'avocat avec un dossier prêt.",
  },
  {
    name: 'Claire',
    city: 'Nantes',
    quote:
      "Après le décès de mon père, je ne savais pas par où commencer. Le pré-dossier m'a permis de préparer le rendez-vous chez le notaire.",
  },
];

/** The « Testimonials » section: three static testimonials with five stars each. */
export function TestimonialsSection() {
  return (
    <section id="temoignages" className="ql-section home-testimonials" aria-labelledby="temoignages-title">
      <div className="ql-container">
        <h2 id="temoignages-title" className="ql-section-title" data-aos="fade-up">
          Ils nous ont fait confiance
        </h2>
        <ul className="home-testimonial-list">
          {TESTIMONIALS.map((t, i) => (
            <li key={t.name} className="ql-card home-testimonial" data-aos="fade-up" data-aos-delay={String(i * 100)}>
              <figure className="home-testimonial-figure">
                <span className="home-stars" role="img" aria-label="5 étoiles sur 5">
                  ★★★★★
                </span>
                <blockquote className="home-testimonial-quote">
                  <p>« {t.quote} »</p>
                </blockquote>
                <figcaption className="home-testimonial-author">
                  {t.name}, <span className="home-testimonial-city">{t.city}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
