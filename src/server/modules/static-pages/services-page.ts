import { html } from './html';
import { renderStaticPage, type StaticSite } from './static-layout';

/** /services.html: what the site offers lawyers, notaries, commissaires de justice and mediators. */
export function renderServicesPage(site: StaticSite): string {
  return renderStaticPage(site, {
    path: '/services.html',
    title: 'Services aux professionnels du droit',
    description: `Avocats, notaires, commissaires de justice, médiateurs\u202f: faites-vous connaître des personnes qui préparent leur dossier sur ${site.siteTitle}. Fiche professionnelle, présence par ville, encarts thématiques et partenariats.`,
    main: html`
      <div class="page-intro">
        <h1>Services aux professionnels du droit</h1>
        <p>
          Sur ${site.siteTitle}, des particuliers s'informent sur leurs droits et préparent un pré-dossier pour
          leur premier rendez-vous avec un professionnel. Avocats, notaires, commissaires de justice et médiateurs\u202f: soyez là
          au moment où ils cherchent qui consulter.
        </p>
      </div>

      <section id="publics" aria-labelledby="titre-publics">
        <h2 id="titre-publics">À qui s'adressent nos services</h2>
        <div class="cards">
          <div class="card">
            <h3>Avocats</h3>
            <p>
              Droit du travail, du logement, de la famille, de la consommation, du dommage corporel\u202f: nos visiteurs
              arrivent avec une question précise et un pré-dossier structuré (faits, documents, questions à poser).
            </p>
          </div>
          <div class="card">
            <h3>Notaires</h3>
            <p>
              Successions, donations, régimes matrimoniaux, ventes immobilières\u202f: les personnes qui s'informent
              sur ces sujets cherchent ensuite un notaire près de chez elles.
            </p>
          </div>
          <div class="card">
            <h3>Commissaires de justice</h3>
            <p>
              Constats, recouvrement de créances, exécution des décisions, états des lieux\u202f: nos réponses
              orientent vers le commissaire de justice lorsque la démarche le nécessite.
            </p>
          </div>
          <div class="card">
            <h3>Médiateurs et conciliateurs</h3>
            <p>
              Conflits de voisinage, litiges de consommation, différends familiaux\u202f: faites connaître les modes
              amiables de règlement des litiges à ceux qui veulent éviter le procès.
            </p>
          </div>
        </div>
      </section>

      <section id="visibilite" aria-labelledby="titre-visibilite">
        <h2 id="titre-visibilite">Visibilité</h2>
        <h3>Fiche professionnelle</h3>
        <p>
          Une fiche présentant votre cabinet ou votre office\u202f: domaines d'intervention, ville et adresse, modalités
          de premier rendez-vous (visioconférence, consultation au cabinet), accès pour les personnes à mobilité
          réduite, acceptation de l'aide juridictionnelle, langues parlées et lien vers votre site.
        </p>
        <h3>Présence dans la rubrique « Les Professionnels », par ville</h3>
        <p>
          La rubrique « Les Professionnels » de la page d'accueil propose aux visiteurs des professionnels proches
          de leur ville. Votre fiche peut y être mise en avant pour les villes et les domaines que vous choisissez.
        </p>
        <ul>
          <li>Choix des villes ou des départements où vous exercez.</li>
          <li>Choix des domaines du droit affichés (travail, logement, famille, succession…).</li>
          <li>Mise à jour de la fiche sur simple demande.</li>
        </ul>
      </section>

      <section id="promotion" aria-labelledby="titre-promotion">
        <h2 id="titre-promotion">Publicité et partenariats</h2>
        <div class="cards">
          <div class="card">
            <h3>Encarts thématiques</h3>
            <p>
              Un encart présentant votre activité sur les pages d'information d'un thème (par exemple « Logement »,
              « Travail » ou « Succession ») et dans la rubrique « Les Professionnels ».
            </p>
          </div>
          <div class="card">
            <h3>Partenariats</h3>
            <p>
              Ordres, barreaux, chambres, associations d'aide aux victimes, maisons de justice et du droit,
              éditeurs juridiques\u202f: rédaction de contenus de prévention, relais de consultations gratuites,
              orientation vers vos permanences.
            </p>
          </div>
        </div>
        <div class="notice">
          <p>
            <strong>Nos engagements envers les visiteurs.</strong> Les contenus promotionnels sont toujours
            signalés comme tels et séparés des réponses. Ils n'influencent jamais le contenu des réponses, qui
            reposent uniquement sur les sources officielles citées. Aucune donnée de question n'est transmise aux
            annonceurs\u202f: nous ne conservons pas le texte des questions. Les annonces doivent respecter les règles
            déontologiques de la profession concernée.
          </p>
        </div>
      </section>

      <section id="contact" aria-labelledby="titre-contact">
        <h2 id="titre-contact">Contact</h2>
        <p>
          Pour recevoir une présentation détaillée et nos tarifs, écrivez à notre équipe commerciale en précisant
          votre profession, votre ville et le service qui vous intéresse.
        </p>
        <p>
          <a class="button" href="mailto:${site.contactEmail}?subject=Services%20aux%20professionnels">Écrire à ${site.contactEmail}</a>
        </p>
        <p class="muted">Du lundi au vendredi, 9h–18h — Paris.</p>
      </section>`,
  });
}
