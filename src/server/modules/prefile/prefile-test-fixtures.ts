import type { PrefilePdfRequest } from '../../../common/api/answers';

/** Realistic answers for the pré-dossier tests (French text with accents, « », €, narrow spaces, œ, ’). */

export const SAMPLE_QUESTION =
  'Mon bailleur refuse de me rendre le dépôt de garantie de 1\u202f500\u00a0€ depuis que j’ai quitté le logement il y a trois mois. L’état des lieux de sortie était conforme à celui d’entrée. Que puis-je faire ?';

const ARTICLE_22 =
  "Lorsqu'un dépôt de garantie est prévu par le contrat de location pour garantir l'exécution de ses obligations locatives par le locataire, il ne peut être supérieur à un mois de loyer en principal. Au moment de la signature du bail, le dépôt de garantie est versé au bailleur directement par le locataire ou par l'intermédiaire d'un tiers. Un dépôt de garantie ne peut être prévu lorsque le loyer est payable d'avance pour une période supérieure à deux mois ; toutefois, si le locataire demande le bénéfice du paiement mensuel du loyer, par application de l'article 7, le bailleur peut exiger un dépôt de garantie. Il est restitué dans un délai maximal de deux mois à compter de la remise en main propre, ou par lettre recommandée avec demande d'avis de réception, des clés au bailleur ou à son mandataire, déduction faite, le cas échéant, des sommes restant dues au bailleur et des sommes dont celui-ci pourrait être tenu, aux lieu et place du locataire, sous réserve qu'elles soient dûment justifiées.";

export function sampleRequest(overrides: Partial<PrefilePdfRequest['answer']> = {}): PrefilePdfRequest {
  return {
    question: SAMPLE_QUESTION,
    answeredAt: '2026-11-22T10:15:00.000Z',
    answer: {
      mode: 'extractive',
      dataDate: '2026-11-12',
      urgent: false,
      sections: [
        {
          id: 'summary',
          title: 'En bref',
          text: "Le bailleur doit restituer le dépôt de garantie dans un délai d’un mois si l’état des lieux de sortie est conforme à celui d’entrée, et de deux mois sinon [1]. Passé ce délai, la somme due est majorée de 10\u00a0% du loyer mensuel par mois de retard [2].\n\nPour un dépôt de 1\u202f500\u00a0€, la majoration court dès le premier mois de retard.",
        },
        {
          id: 'law',
          title: 'Ce que dit la loi',
          text: "L’article 22 de la loi n° 89-462 du 6 juillet 1989 encadre le « dépôt de garantie » : il ne peut pas dépasser un mois de loyer hors charges pour un logement vide [2].\n\nLe bailleur ne peut retenir que les sommes justifiées (réparations locatives, loyers impayés, charges) [1][2]. Les retenues doivent être accompagnées de justificatifs : devis, factures, constat d’huissier.",
        },
        {
          id: 'steps',
          title: 'Démarches et délais',
          text: '- Adressez au bailleur une lettre de relance, puis une mise en demeure en recommandé avec accusé de réception [1].\n- Si le bailleur ne répond pas, saisissez gratuitement la commission départementale de conciliation (CDC) [3].\n- En l’absence d’accord, saisissez le juge des contentieux de la protection du tribunal judiciaire ; pour un litige jusqu’à 5\u202f000\u00a0€, une tentative de conciliation préalable est obligatoire.\n\nLe préavis et la remise des clés font courir le délai de restitution : conservez la preuve de la date de remise.',
        },
        {
          id: 'prefile',
          title: 'Votre pré-dossier',
          text: 'Faits à noter :\n- date de remise des clés et personne à qui elles ont été remises ;\n- montant du dépôt de garantie (1\u202f500\u00a0€) et date du versement.\n\nPièces à réunir :\n- le bail et ses avenants ;\n- les états des lieux d’entrée et de sortie ;\n- les échanges avec le bailleur (courriels, courriers, SMS) ;\n- la preuve du cœur du litige : photos du logement à la sortie.\n\nQuestions à poser :\n- « Les retenues annoncées sont-elles justifiées ? »\n- « Quelle majoration puis-je réclamer ? »',
        },
        {
          id: 'professional',
          title: 'Quel professionnel consulter',
          text: 'Pour un conseil gratuit, l’ADIL de votre département répond aux questions de logement. Un conciliateur de justice peut aider à trouver un accord amiable. Si le litige va devant le juge, un avocat ou un commissaire de justice (ex-huissier) pourra vous accompagner.',
        },
      ],
      sources: [
        {
          n: 1,
          id: 'F31269',
          title: 'Dépôt de garantie dans un contrat de location',
          url: 'https://www.service-public.fr/particuliers/vosdroits/F31269',
          references: [
            {
              title: 'Loi n° 89-462 du 6 juillet 1989 : article 22',
              url: 'https://www.legifrance.gouv.fr/loda/article_lc/LEGIARTI000037643860',
              text: ARTICLE_22,
            },
          ],
        },
        {
          n: 2,
          id: 'F920',
          title: 'Location : restitution du dépôt de garantie',
          url: 'https://www.service-public.fr/particuliers/vosdroits/F920',
          references: [],
        },
        {
          n: 3,
          id: 'F1216',
          title: 'Commission départementale de conciliation (CDC)',
          url: 'https://www.service-public.fr/particuliers/vosdroits/F1216',
          references: [
            {
              title: 'Loi n° 89-462 du 6 juillet 1989 : article 20',
              url: 'https://www.legifrance.gouv.fr/loda/article_lc/LEGIARTI000031149637',
            },
          ],
        },
      ],
      ...overrides,
    },
  };
}

/** A paragraph long enough to force page breaks when repeated. */
export const LONG_PARAGRAPH =
  'Le préavis du locataire est en principe de trois mois pour un logement vide ; il est réduit à un mois en zone tendue, en cas de premier emploi, de mutation, de perte d’emploi ou de nouvel emploi consécutif à une perte d’emploi, pour raison de santé ou pour le bénéficiaire du RSA ou de l’AAH. Le bailleur qui donne congé doit respecter un préavis de six mois et motiver sa décision : reprise pour habiter, vente du logement ou motif légitime et sérieux.';
