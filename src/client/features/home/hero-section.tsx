import { Icon, type IconName } from './home-icons';
import { HashLink } from './hash-link';

const FEATURES: ReadonlyArray<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'bolt',
    title: 'Réponse immédiate',
    text: 'Une réponse claire et structurée en quelques secondes, à toute heure, sans rendez-vous.',
  },
  {
    icon: 'shield',
    title: 'Fiabilité garantie',
    text: "Chaque réponse s'appuie sur les sources officielles du droit français\u202f: service-public.fr et Légifrance.",
  },
  {
    icon: 'lock',
    title: '100% confidentiel',
    text: 'Vos questions restent anonymes\u202f: elles ne sont ni conservées sur nos serveurs, ni revendues.',
  },
];

/** The hero section: explanatory text and three feature cards. Holds the page's only h1. */
export function HeroSection() {
  return (
    <section id="home" className="home-hero" aria-labelledby="home-title">
      <div className="ql-container home-hero-inner">
        <div className="home-hero-text" data-aos="fade-up">
          <p className="home-hero-kicker">Information juridique gratuite pour tous</p>
          <h1 id="home-title" className="home-hero-title">
            Votre question juridique, une réponse immédiate fondée sur le droit français
          </h1>
          <p className="home-hero-lead">
            Décrivez votre situation avec vos propres mots&#8239;: logement, travail, famille, consommation,
            voisinage… Vous obtenez une réponse <strong>immédiate</strong>, <strong>anonyme</strong> et{' '}
            <strong>fondée sur le droit français</strong>, avec les textes officiels qui la justifient.
          </p>
          <p className="home-hero-lead">
            <strong>Vos trois premières questions sont gratuites.</strong> Une consultation traditionnelle
            coûte en moyenne de 150 à 300 € de l'heure&#8239;: arrivez préparé chez l'avocat, le notaire ou le
            commissaire de justice grâce à votre pré-dossier structuré.
          </p>
          <div className="home-hero-actions">
            <HashLink to="#analyse" className="ql-btn home-btn-light">
              Poser ma question
            </HashLink>
            <HashLink to="#comment" className="ql-btn home-btn-ghost">
              Comment ça marche&#8239;?
            </HashLink>
          </div>
          <p className="home-hero-disclaimer">
            Les réponses sont des informations générales et ne remplacent pas le conseil d'un professionnel
            du droit.
          </p>
        </div>
        <h2 id="home-features-title" className="ql-visually-hidden">
          Nos engagements
        </h2>
        <ul className="home-features" aria-labelledby="home-features-title">
          {FEATURES.map((feature, i) => (
            <li key={feature.title} className="home-feature" data-aos="fade-up" data-aos-delay={String(i * 100)}>
              <span className="home-feature-icon">
                <Icon name={feature.icon} />
              </span>
              <h3 className="home-feature-title">{feature.title}</h3>
              <p className="home-feature-text">{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
