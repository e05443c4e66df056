import type { Page } from 'playwright-core';
import type { Answer, AnswerChoices, AnswerSection, AnswerSource } from '../../src/common/api/answers';

/**
 * Answers served to the browser by a route interception of POST /api/answers (Playwright `page.route`), so
 * that a browser test does not depend on what the server composes: the screen is driven by a stream
 * written here, in the contract's event order (meta, section × 5, choices, sources, done).
 */

export const LONG_URL = `https://www.service-public.fr/particuliers/vosdroits/F31269?${'parametre=valeur-tres-longue&'.repeat(30)}fin=1`;
const LONG_WORD = 'anticonstitutionnellementanticonstitutionnellementanticonstitutionnellement';

function sections(summary: string, professional = 'Un conciliateur de justice ou l’ADIL. Pour un avocat près de chez vous : /#professionnels'): AnswerSection[] {
  return [
    { id: 'summary', title: 'En bref', text: summary },
    { id: 'law', title: 'Ce que dit la loi', text: 'Le bailleur restitue le dépôt de garantie dans un délai d’un mois, ou de deux mois si l’état des lieux diffère [1].' },
    { id: 'steps', title: 'Démarches et délais', text: 'Dans l’ordre :\n- envoyer une lettre recommandée ;\n- saisir la commission de conciliation ;\n- saisir le juge.' },
    { id: 'prefile', title: 'Votre pré-dossier', text: '- le bail\n- les états des lieux d’entrée et de sortie' },
    { id: 'professional', title: 'Quel professionnel consulter', text: professional },
  ];
}

export const SOURCES: AnswerSource[] = [
  {
    n: 1,
    id: 'F31269',
    title: 'Dépôt de garantie',
    url: 'https://www.service-public.fr/particuliers/vosdroits/F31269',
    references: [
      {
        title: 'Loi n° 89-462 du 6 juillet 1989 : article 22',
        url: 'https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000028806046',
        text: 'Le dépôt de garantie est restitué dans un délai maximal de deux mois à compter de la remise des clés.',
      },
    ],
  },
];

export const CHOICES: AnswerChoices = {
  question: 'Votre logement est :',
  options: [
    { label: 'vide', sections: sections('Logement vide : le dépôt de garantie est d’un mois de loyer hors charges au plus [1].') },
    { label: 'meublé', sections: sections('Logement meublé : le dépôt de garantie est de deux mois de loyer au plus [1].') },
  ],
};

/** An answer that leaves a case open (furnished or not). */
export const ANSWER_WITH_CHOICES: Answer = {
  sections: sections('Le montant du dépôt de garantie dépend du type de logement [1].'),
  sources: SOURCES,
  mode: 'extractive',
  dataDate: '2026-11-06',
  urgent: false,
  choices: CHOICES,
};

/** An answer full of long raw addresses and long words (they must never widen the page). */
export const ANSWER_WITH_LONG_URLS: Answer = {
  sections: sections(`Voir ${LONG_URL} et ${LONG_WORD} [1].`, `Consultez ${LONG_URL} ou /#professionnels.`),
  sources: [
    { ...SOURCES[0]!, title: `${LONG_WORD} ${LONG_WORD}`, url: LONG_URL },
    {
      n: 2,
      id: 'F1216',
      title: 'Conciliateur de justice',
      url: 'https://www.service-public.fr/particuliers/vosdroits/F1216',
      references: [{ title: LONG_URL, url: LONG_URL, text: `${LONG_WORD} ${LONG_URL}` }],
    },
  ],
  mode: 'extractive',
  dataDate: '2020-11-12',
  urgent: true,
  choices: { question: 'Votre situation :', options: [{ label: LONG_WORD, sections: sections(LONG_URL) }, { label: 'autre', sections: sections('Autre cas.') }] },
};

function sse(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The event stream of `answer`, as POST /api/answers writes it. */
export function answerStream(answer: Answer, credits = 2): string {
  return [
    sse('meta', { urgent: answer.urgent, dataDate: answer.dataDate }),
    ...answer.sections.map((s) => sse('section', s)),
    ...(answer.choices ? [sse('choices', { choices: answer.choices })] : []),
    sse('sources', { sources: answer.sources, mode: answer.mode, dataDate: answer.dataDate, urgent: answer.urgent }),
    sse('done', { credits }),
  ].join('');
}

/** Answers every POST /api/answers of the page with `answer` (nothing reaches the server, nothing is charged). */
export async function serveAnswer(page: Page, answer: Answer): Promise<string[]> {
  const questions: string[] = [];
  await page.route('**/api/answers', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    questions.push(String((JSON.parse(route.request().postData() ?? '{}') as { question?: unknown }).question ?? ''));
    return route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' },
      body: answerStream(answer),
    });
  });
  return questions;
}
