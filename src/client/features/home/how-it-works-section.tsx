import { FaqAccordion, type FaqItem } from './faq-accordion';
import { Icon, type IconName } from './home-icons';
import { HashLink } from './hash-link';

const STEPS: ReadonlyArray<{ number: number; title: string; text: string; icon: IconName }> = [
  {
    number: 1,
    title: 'Inscription',
    text: 'Créez votre compte gratuit avec votre e-mail ou votre compte Google\u202f: trois questions vous sont offertes.',
    icon: 'user',
  },
  {
    number: 2,
    title: 'Poser votre question',
    text: 'Décrivez votre situation en français, avec vos mots, en 500 mots maximum.',
    icon: 'edit',
  },
  {
    number: 3,
    title: 'Visualiser la réponse',
    text: 'Lisez la réponse et ses sources officielles, puis téléchargez votre pré-dossier pour votre rendez-vous.',
    icon: 'file',
  },
];

export function buildFaqItems(contactEmail: string): FaqItem[] {
  return [
    {
      question: 'Comment mes données sont-elles protégées\u202f?',
      answer: (
        <>
          <p>
            Vos questions et nos réponses ne sont pas conservées au-delà de ce qui est nécessaire pour vous
            identifier&#8239;: nos serveurs ne gardent que votre compte et le décompte de vos crédits, jamais le
            texte de vos questions.
          </p>
          <p>
            La réponse reste dans votre navigateur. Pensez à télécharger votre fiche réponse (pré-dossier au
            format PDF) pour la conserver.
          </p>
        </>
      ),
    },
    {
      question: "Comment fonctionne le service avec l'intelligence artificielle\u202f?",
      answer: (
        <>
          <p>
            Votre question est rapprochée des fiches officielles de service-public.fr et des textes de loi
            publiés sur Légifrance. La réponse est rédigée uniquement à partir de ces sources, et chaque
            affirmation renvoie à la source qui la justifie.
          </p>
          <p>
            Il s'agit d'une information juridique générale&#8239;: pour une situation complexe, consultez un
            professionnel du droit avec votre pré-dossier.
          </p>
        </>
      ),
    },
    {
      question: 'Comment faire de la publicité sur QuestionLegale.info\u202f?',
      answer: (
        <p>
          Vous êtes avocat, notaire, commissaire de justice ou une entreprise du secteur juridique&#8239;? Contactez
          notre équipe commerciale à <a href={`mailto:${contactEmail}`}>{contactEmail}</a> ou découvrez nos{' '}
          <a href="/services.html">services pour les professionnels</a>.
        </p>
      ),
    },
  ];
}

/** The « How it works » section: three steps, a button to the form and a three-item FAQ. */
export function HowItWorksSection({ contactEmail }: { contactEmail: string }) {
  return (
    <section id="comment" className="ql-section home-how" aria-labelledby="comment-title">
      <div className="ql-container">
        <h2 id="comment-title" className="ql-section-title" data-aos="fade-up">
          Comment ça marche&#8239;?
        </h2>
        <p className="home-section-intro" data-aos="fade-up">
          Trois étapes suffisent pour comprendre vos droits et préparer la suite.
        </p>
        <ol className="home-steps">
          {STEPS.map((step, i) => (
            <li key={step.number} className="home-step" data-aos="fade-up" data-aos-delay={String(i * 100)}>
              <span className="home-step-number" aria-hidden="true">
                {step.number}
              </span>
              <span className="home-step-icon">
                <Icon name={step.icon} />
              </span>
              <h3 className="home-step-title">
                <span className="ql-visually-hidden">Étape {step.number}&#8239;: </span>
                {step.title}
              </h3>
              <p className="home-step-text">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="home-how-cta" data-aos="fade-up">
          <HashLink to="#analyse" className="ql-btn ql-btn-primary">
            Essayer maintenant
          </HashLink>
        </p>
        <div className="home-faq-wrapper" data-aos="fade-up">
          <h3 className="home-faq-title">Questions fréquentes</h3>
          <FaqAccordion items={buildFaqItems(contactEmail)} headingLevel={4} />
        </div>
      </div>
    </section>
  );
}
