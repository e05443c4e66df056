import { ScrollToTopButton } from './scroll-to-top-button';
import { HashLink } from './hash-link';

/** The footer: navigation, legal pages, professional services, contact; plus the #politique,
 *  #conditions and #promotion targets. Static pages (/Articles/, /mentions.html, /services.html) are
 *  served outside the SPA, hence plain links. */
export interface HomeFooterProps {
  contactEmail: string;
  siteTitle: string;
  year: number;
  /** « Comment ça marche ? » is hidden for signed-in users: no link to it then. */
  showHowItWorks?: boolean;
}

export function HomeFooter({ contactEmail, siteTitle, year, showHowItWorks = true }: HomeFooterProps) {
  return (
    <footer className="home-footer">
      <div className="ql-container">
        <h2 className="ql-visually-hidden">Informations sur le site</h2>
        <div className="home-footer-grid">
          <nav className="home-footer-col" aria-labelledby="footer-nav-title">
            <h3 id="footer-nav-title" className="home-footer-title">
              Navigation
            </h3>
            <ul>
              <li><HashLink to="#analyse">Poser une question</HashLink></li>
              <li><a href="/Articles/">Articles</a></li>
              {showHowItWorks && <li><HashLink to="#comment">Comment ça marche&#8239;?</HashLink></li>}
              <li><HashLink to="#professionnels">Les professionnels</HashLink></li>
              <li><HashLink to="#utiles">Sites utiles</HashLink></li>
            </ul>
          </nav>
          <nav className="home-footer-col" aria-labelledby="footer-legal-title">
            <h3 id="footer-legal-title" className="home-footer-title">
              Informations légales
            </h3>
            <ul>
              <li><a href="/mentions.html">Mentions légales</a></li>
              <li><HashLink to="#politique">Politique de confidentialité</HashLink></li>
              <li><HashLink to="#conditions">Conditions d'utilisation</HashLink></li>
            </ul>
          </nav>
          <nav className="home-footer-col" aria-labelledby="footer-pro-title">
            <h3 id="footer-pro-title" className="home-footer-title">
              Professionnels
            </h3>
            <ul>
              <li><a href="/services.html">Nos services aux professionnels</a></li>
              <li><HashLink to="#promotion">Promouvoir votre activité</HashLink></li>
            </ul>
          </nav>
          <div className="home-footer-col">
            <h3 className="home-footer-title">Contact</h3>
            <address className="home-footer-address">
              <span>Paris, France</span>
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              <span>Du lundi au vendredi, 9h–18h</span>
            </address>
          </div>
        </div>

        <div className="home-footer-notes">
          <div id="politique" className="home-footer-note">
            <h3 id="politique-title" className="home-footer-title">Politique de confidentialité</h3>
            <p>
              Nous ne conservons ni le texte de vos questions ni celui des réponses&#8239;: seuls votre compte,
              la date de vos questions et le décompte de vos crédits sont enregistrés. Vous pouvez supprimer
              votre compte à tout moment depuis la page «&nbsp;Mon compte&nbsp;» ou en écrivant à {contactEmail}&#8239;;
              seule reste alors une empreinte chiffrée de votre adresse e-mail, pour que les crédits gratuits ne
              soient donnés qu'une fois par adresse.
            </p>
          </div>
          <div id="conditions" className="home-footer-note">
            <h3 id="conditions-title" className="home-footer-title">Conditions d'utilisation</h3>
            <p>
              Les réponses fournies sont des informations juridiques générales fondées sur les sources
              officielles&nbsp;; elles ne constituent pas une consultation juridique et ne remplacent pas l'avis
              d'un avocat, d'un notaire ou d'un commissaire de justice. Chaque question consomme un crédit.
            </p>
          </div>
          <div id="promotion" className="home-footer-note">
            <h3 id="promotion-title" className="home-footer-title">Promotion des professionnels</h3>
            <p>
              Avocats, notaires, commissaires de justice&#8239;: faites connaître votre cabinet auprès de
              personnes qui préparent leur rendez-vous. Écrivez à notre équipe commerciale&#8239;:{' '}
              <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
            </p>
          </div>
        </div>

        <p className="home-footer-copy">
          © {year} {siteTitle}. Informations publiques issues de service-public.fr et Légifrance (Licence
          Ouverte).
        </p>
      </div>
      <ScrollToTopButton />
    </footer>
  );
}
