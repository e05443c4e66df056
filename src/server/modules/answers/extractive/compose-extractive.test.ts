import { beforeAll, describe, expect, it } from 'vitest';
import { SECTION_IDS, type AnswerSection } from '../../../../common/api/answers';
import type { SearchEngine } from '../../../../corpus/engine';
import { defaultTestIndexDir, loadSearchEngine } from '../../../../corpus/index-lifecycle';
import type { Fiche } from '../../../../corpus/types';
import { checkAnswer } from '../citations/check-citations';
import { toAnswerSources } from '../llm/compose-llm';
import type { RetrievedSource } from '../retrieval/types';
import { retrieveSources } from '../retrieval/retrieve';
import { composeExtractive } from './compose-extractive';
import { askedFigure, countWords, isExample, quotableSentence, refersBack, sentenceCondition, sentenceKinds, trailingCondition } from './sentence-kinds';
import { choiceWording } from './wording';
import { pruneSources } from '../citations/prune-sources';
import { squeeze } from '../../../../common/french-text';

/** Everyday questions across the topics of the site, with a deadline or amount the answer must state. */
const CASES: { question: string; expect: RegExp[] }[] = [
  { question: 'Mon propriétaire ne me rend pas mon dépôt de garantie', expect: [/\b1 mois\b/, /\b2 mois\b/] },
  { question: 'Je me suis fait licencier, quel est mon préavis ?', expect: [/préavis/] },
  { question: 'Comment fonctionne une rupture conventionnelle ?', expect: [/rupture conventionnelle/] },
  { question: 'Mon employeur ne me paie pas mes heures supplémentaires', expect: [/heures? supplémentaires?/] },
  { question: 'Comment divorcer par consentement mutuel ?', expect: [/consentement mutuel/] },
  // A remedy for the unpaid pension: a formal notice, or the Caf's recovery of the sums.
  { question: 'Le père de mon enfant ne paie plus la pension alimentaire', expect: [/mise en demeure|mettre en demeure|recouvrement/] },
  { question: "J'ai acheté un produit sur internet, puis-je me rétracter ?", expect: [/14 jours/] },
  { question: 'Mon voisin fait du bruit tous les soirs', expect: [/trouble anormal de voisinage|tapage/] },
  { question: 'Comment contester une amende de stationnement ?', expect: [/45 jours/] },
  { question: "Je n'arrive plus à payer mes dettes, comment déposer un dossier de surendettement ?", expect: [/commission de surendettement/] },
];

const PROFESSIONAL_RE =
  /avocat|notaire|commissaire de justice|conciliateur|médiateur|ADIL|point-justice|inspection du travail|prud'hommes|commission de surendettement|officier du ministère public/i;

const LABEL_RE = /^(?:Pour le cas « [^»]+»\u202f: |Pour une? [^:]+\u202f: |Si [^,:]+[,:] )+/u;
const MARKERS_RE = /(?:\s*\[\d+\])+$/u;

let engine: SearchEngine;
const fiches = (id: string): Fiche | undefined => engine.getFiche(id);

beforeAll(async () => {
  engine = await loadSearchEngine({ indexDir: defaultTestIndexDir() });
}, 600_000);

/** Every quoted line of summary / law / steps, without its case label and markers. */
function quotedLines(sections: AnswerSection[]): { line: string; markers: number[] }[] {
  const out: { line: string; markers: number[] }[] = [];
  for (const s of sections) {
    if (s.id !== 'summary' && s.id !== 'law' && s.id !== 'steps') continue;
    for (const para of s.text.split('\n\n')) {
      const lines = para.split('\n');
      // A paragraph is a quote when its last line carries a marker.
      const markers = [...(lines[lines.length - 1] ?? '').matchAll(/\[(\d+)\]/gu)].map((m) => Number(m[1]));
      if (markers.length === 0) continue;
      for (const l of lines) out.push({ line: l.replace(/^- /u, '').replace(LABEL_RE, '').replace(MARKERS_RE, '').trim(), markers });
    }
  }
  return out;
}

function ficheText(f: Fiche): string {
  return squeeze([f.description, ...f.passages.map((p) => p.text.replace(/^- /gmu, ''))].join(' '));
}

/** A source written for a test (rank 1 unless told). */
function testSource(id: string, title: string, passages: RetrievedSource['passages'], n = 1): RetrievedSource {
  return { n, id, title, url: `https://www.service-public.fr/particuliers/vosdroits/${id}`, references: [], passages };
}

/** A fiche of the corpus as the primary source (the composer reads it whole). */
function ficheSource(f: Fiche): RetrievedSource {
  return { n: 1, id: f.id, title: f.title, url: f.url, references: [], passages: [] };
}

/** The five sections of the answer to `q` from these sources alone, as one text. */
function answerText(q: string, sources: RetrievedSource[]): string {
  return composeExtractive(q, sources, () => undefined).sections.map((x) => x.text).join('\n');
}

describe('composeExtractive on the real corpus', () => {
  it.each(CASES)('answers « $question »', ({ question, expect: expected }) => {
    const { sources: retrieved, outOfScope } = retrieveSources(engine, question);
    expect(outOfScope).toBe(false);
    const composed = composeExtractive(question, retrieved, fiches, { city: 'Lyon' });
    const { sections, sources, choices } = pruneSources(composed.sections, retrieved, composed.choices);

    // Five sections, in order, none empty.
    expect(sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    for (const s of sections) expect(s.text.trim().length, s.id).toBeGreaterThan(0);

    // Every marker names a source, every source is cited, the checker removes nothing.
    const all = sections.map((s) => s.text).join('\n');
    const everything = [all, ...(choices?.options.flatMap((o) => o.sections.map((s) => s.text)) ?? [])].join('\n');
    const cited = new Set([...everything.matchAll(/\[(\d+)\]/gu)].map((m) => Number(m[1])));
    expect([...cited].sort()).toEqual(sources.map((s) => s.n));
    const check = checkAnswer(sections, toAnswerSources(sources));
    expect(check.unknownArticles).toEqual([]);
    expect(check.ok).toBe(true);

    // « En bref » is short unless it lays out the choices.
    if (!composed.choices) expect(countWords(sections[0]?.text ?? '')).toBeLessThanOrEqual(75);

    // No sentence cut: each quoted line appears verbatim (modulo spaces) in the fiche it cites.
    const quoted = quotedLines(sections);
    expect(quoted.length).toBeGreaterThan(0);
    for (const { line, markers } of quoted) {
      const source = sources[(markers[0] ?? 0) - 1] as RetrievedSource;
      const fiche = fiches(source.id) as Fiche;
      expect(ficheText(fiche), `« ${line} » not found in ${source.id}`).toContain(squeeze(line));
    }

    // No sentence twice.
    const lines = all.split('\n').map((l) => l.replace(/\s*\[\d+\]/gu, '').trim()).filter((l) => l.length > 40);
    expect(new Set(lines).size).toBe(lines.length);

    // The expected rule or deadline is stated: in the answer, or in the answer of one of its choices.
    for (const re of expected) expect(everything).toMatch(re);

    // A plausible professional, and the professionals search with the city.
    const pro = sections[4]?.text ?? '';
    expect(pro).toMatch(PROFESSIONAL_RE);
    expect(pro).toContain('/#professionnels');
    expect(pro).toContain('Lyon');
  });

  it('names every open case of a quoted sentence as one condition, and quotes the rule of the other case', () => {
    const q = 'Mon propriétaire ne me rend pas mon dépôt de garantie, appartement loué vide';
    const { sources } = retrieveSources(engine, q);
    const { sections } = composeExtractive(q, sources, fiches);
    const text = sections.map((s) => s.text).join('\n');
    expect(text).not.toMatch(/[ \u202f]: Pour le cas/u);
    expect(text).toMatch(/\(état des lieux conforme\)[ \u202f]: [^\n]*1 mois|« État des lieux conforme »[ \u202f]: [^\n]*1 mois/u);
    expect(text).toMatch(/non conforme(?:\)| »)[ \u202f]: [^\n]*2 mois/u);
  });

  it('is deterministic', () => {
    const q = CASES[0]?.question ?? '';
    const { sources } = retrieveSources(engine, q);
    expect(composeExtractive(q, sources, fiches)).toEqual(composeExtractive(q, sources, fiches));
  });

  it('keeps the person’s case: a furnished flat gets the furnished rule, not the unfurnished one', () => {
    const q = 'Quel est le montant maximum du dépôt de garantie pour une location meublée ?';
    const { sources } = retrieveSources(engine, q);
    const { sections, choices } = composeExtractive(q, sources, fiches);
    const text = sections.map((s) => s.text).join('\n');
    expect(choices).toBeUndefined();
    expect(text).toMatch(/2 mois de loyer/u);
    expect(text).not.toMatch(/« Location vide »|« Logement vide »/u);
  });

  it('offers choices when the question leaves open a case that changes the answer, each option answering for itself', () => {
    const q = 'Quel est le montant maximum du dépôt de garantie que peut demander le propriétaire ?';
    const { sources } = retrieveSources(engine, q);
    const { sections, choices } = composeExtractive(q, sources, fiches);
    // « Logement vide » / « Logement meublé » read « Logement : » vide · meublé.
    expect(choices?.question).toMatch(/^(?:Logement|Location)\u202f:$/u);
    const labels = choices?.options.map((o) => o.label) ?? [];
    expect(labels).toEqual(expect.arrayContaining(['vide']));
    expect(labels.some((l) => /vide/iu.test(l))).toBe(true);
    expect(labels.some((l) => /meubl/iu.test(l))).toBe(true);
    // The first answer says it depends, in one line, and names the options.
    expect(sections[0]?.text.split('\n')[0]).toMatch(/^La réponse dépend de votre situation\u202f: .*Choisissez-la ci-dessous\.$/u);
    // Each option has its own five sections and its own « En bref ».
    const summaries = choices?.options.map((o) => o.sections[0]?.text) ?? [];
    for (const o of choices?.options ?? []) expect(o.sections.map((s) => s.id)).toEqual([...SECTION_IDS]);
    expect(new Set(summaries).size).toBe(summaries.length);
    const furnished = choices?.options.find((o) => /meubl/iu.test(o.label));
    expect(furnished?.sections.map((s) => s.text).join('\n')).toMatch(/2 mois/u);
    // Before a choice is made, the rules and steps are those that hold in every option.
    const body = sections.slice(1, 3).map((s) => s.text).join('\n');
    expect(body).not.toMatch(/^Pour (?:un|une) (?:logement|location) (?:vide|meublée?)/imu);
  });

  it('quotes the exclusion that concerns the person with the rule: a made-to-measure sofa bought online', () => {
    const q = "J'ai commandé un canapé fabriqué sur mesure sur un site internet il y a 5 jours. Je peux me rétracter ?";
    const { sources } = retrieveSources(engine, q);
    expect(sources[0]?.id).toBe('F10485');
    const summary = composeExtractive(q, sources, fiches).sections[0]?.text ?? '';
    expect(summary).toContain('le droit de rétractation ne s\'applique pas aux achats suivants :');
    expect(summary).toMatch(/confectionné sur mesure/u);
    // Only the excluded purchase that concerns the person, not the whole list.
    expect(summary).not.toMatch(/achat d'or/u);
  });

  it('lists a form of the fiche with its URL in the pré-dossier when it is about the question', () => {
    const q = CASES[0]?.question ?? '';
    const { sources } = retrieveSources(engine, q);
    const prefile = composeExtractive(q, sources, fiches).sections[3]?.text ?? '';
    expect(prefile).toMatch(/https:\/\/www\.service-public\.fr\/particuliers\/vosdroits\/R\d+ \[\d\]/u);
    expect(prefile).toContain('À demander au professionnel');
  });

  it('sends a salary dispute to the conseil de prud’hommes, not to a conciliateur de justice', () => {
    const q = 'Mon employeur ne me paie plus mon salaire depuis deux mois, que faire ?';
    const { sources } = retrieveSources(engine, q);
    const pro = composeExtractive(q, sources, fiches).sections[4]?.text ?? '';
    expect(pro).toMatch(/prud'hommes/u);
    expect(pro).not.toMatch(/conciliateur de justice/u);
  });
});

/** One synthetic source (the composer reads only what it is given). */
function source(text: string, sectionPath: string[] = ['Délai']): RetrievedSource {
  return {
    n: 1,
    id: 'F0',
    title: 'Fiche de test',
    url: 'https://www.service-public.fr/particuliers/vosdroits/F0',
    passages: [{ sectionPath, text }],
    references: [{ title: 'Loi n°89-462 du 6 juillet 1989 : article 22', url: 'https://www.legifrance.gouv.fr/x' }],
  };
}

describe('composeExtractive on given passages', () => {
  it('fills every section from the retrieved passages alone', () => {
    const sources = [source('Le dépôt de garantie doit être restitué dans un délai de 1 mois. Passé ce délai, le locataire peut saisir le juge.')];
    const { sections } = composeExtractive('dépôt de garantie non rendu', sources, () => undefined);
    for (const s of sections) expect(s.text.length, s.id).toBeGreaterThan(0);
    expect(checkAnswer(sections, toAnswerSources(sources)).ok).toBe(true);
    // The legal references belong to the sources, not to « Ce que dit la loi ».
    expect(sections[1]?.text).not.toContain('Loi n°89-462');
  });

  it('quotes a rule with the exception that follows it', () => {
    const sources = [source('Le consommateur dispose d’un délai de 14 jours pour se rétracter. Toutefois, ce délai ne s’applique pas aux biens confectionnés sur mesure.')];
    const { sections } = composeExtractive('Combien de jours pour me rétracter de mon achat ?', sources, () => undefined);
    expect(sections[0]?.text).toContain('Le consommateur dispose d’un délai de 14 jours pour se rétracter. Toutefois, ce délai ne s’applique pas aux biens confectionnés sur mesure. [1]');
  });

  it('quotes a rule with the exceptions of a long list that name something of the question', () => {
    const text = [
      'Aucune expulsion locative ne peut avoir lieu durant la trêve hivernale, du 1er novembre au 31 mars.',
      'Mais la trêve hivernale ne s’applique pas dans les cas suivants :',
      '- Le locataire est relogé dans des conditions correspondant aux besoins de sa famille, avec un nombre de pièces suffisant',
      '- Les personnes sont entrées sans droit ni titre dans le domicile d’autrui par voie de fait, ce que le juge constate',
      '- Le logement se situe dans un immeuble ayant fait l’objet d’un arrêté de péril, ce qui met en danger ses occupants',
      '- Le juge a supprimé ou réduit le délai accordé aux occupants entrés dans les lieux par voie de fait',
    ].join('\n');
    const { sections } = composeExtractive('Le propriétaire veut me faire partir en hiver : la trêve hivernale me protège-t-elle si on me propose un relogement ?', [source(text)], () => undefined);
    const all = sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/du 1er novembre au 31 mars\. Mais la trêve hivernale ne s’applique pas dans les cas suivants :\n- Le locataire est relogé/u);
    expect(all).not.toMatch(/arrêté de péril/u);
  });

  it('quotes a sentence that depends on the one before together with it, or not at all', () => {
    const sources = [source('Le préavis du locataire est de 3 mois. Ce délai est réduit à 1 mois en zone tendue.')];
    const { sections } = composeExtractive('Quel est le délai du préavis du locataire en zone tendue ?', sources, () => undefined);
    const all = sections.map((s) => s.text).join('\n');
    expect(all).not.toMatch(/(^|\n)Ce délai est réduit/u);
  });

  it('never quotes a dependent sentence with a table row as its antecedent', () => {
    const sources = [source('Stationnement : sur une piste cyclable ; amende : 135 €.\nIl vous est remis un avis de contravention.', ['Amendes'])];
    const all = composeExtractive('Quelle amende pour un stationnement sur une piste cyclable ? Quel avis est remis ?', sources, () => undefined).sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/amende : 135 €/u);
    expect(all).not.toMatch(/Il vous est remis/u);
  });

  it('puts the person’s figure beside the rule, in a sentence of ours without a marker', () => {
    const sources = [source('Excès de vitesse inférieur à 20 km/h, en agglomération : amende de 135 € et retrait de 1 point.', ['Amendes'])];
    const { sections } = composeExtractive("J'ai été flashé à 62 km/h dans une zone limitée à 50, combien vais-je payer ?", sources, () => undefined);
    expect(sections[0]?.text).toContain('amende de 135 € et retrait de 1 point. [1]');
    expect(sections[0]?.text).toContain('Vous indiquez 62 km/h pour une vitesse limitée à 50 km/h, soit 12 km/h de plus.');
  });

  it('sets the surface told beside a rule per square metre, with the sum told', () => {
    const sources = [source('La part payée par le locataire pour l’état des lieux ne peut pas dépasser 3 € TTC par m² de surface habitable.')];
    const { sections } = composeExtractive("L'agence me facture 150 € l'état des lieux de mon T2 de 40 m², en a-t-elle le droit ?", sources, () => undefined);
    expect(sections[0]?.text).toContain('Vous indiquez une surface de 40 m² et 150 €.');
  });

  it('sets a sum counted in months of rent beside the rule stated in months of rent', () => {
    const sources = [
      source(
        'Le propriétaire peut demander un dépôt de garantie pour couvrir les loyers impayés.\nPour une location meublée, le dépôt de garantie est limité à 2 mois de loyer hors charges.',
        ['Montant'],
      ),
    ];
    const { sections } = composeExtractive('Pour mon studio meublé, le propriétaire réclame quatre mois de loyer de dépôt de garantie. Est-ce permis ?', sources, () => undefined);
    expect(sections[0]?.text).toContain('limité à 2 mois de loyer hors charges. [1]');
    expect(sections[0]?.text).toContain('Vous indiquez 4 mois de loyer.');
  });

  it('computes no excess for a speed at or under the limit told, and keeps no range of excess', () => {
    const sources = [source('Excès de vitesse inférieur à 20 km/h, hors agglomération : amende de 68 €.\nLa vitesse est limitée à 130 km/h sur autoroute.', ['Amendes'])];
    const all = composeExtractive("J'ai été flashé à 127 km/h sur l'autoroute limitée à 130, qu'est-ce que je risque ?", sources, () => undefined).sections.map((x) => x.text).join('\n');
    expect(all).not.toMatch(/km\/h de plus/u);
    expect(all).not.toMatch(/amende de 68 €/u);
  });

  it('leaves out a table row of another case than the person’s', () => {
    const sources = [
      source(
        'Excès de vitesse inférieur à 20 km/h : amende de 135 € et retrait de 1 point.\nExcès de vitesse d’au moins 50 km/h : amende de 1 500 € et retrait de 6 points.',
        ['Amendes'],
      ),
    ];
    const all = composeExtractive("J'ai été flashé à 62 km/h dans une zone limitée à 50", sources, () => undefined).sections.map((s) => s.text).join('\n');
    expect(all).toContain('retrait de 1 point');
    expect(all).not.toContain('6 points');
  });
});

describe('table rows read as sentences', () => {
  it('keeps the row of the person’s figures (family allowances for 2 children and 50,000 € of income, F13213)', () => {
    const q = 'Nous avons deux enfants de 9 et 16 ans et nos revenus étaient d’environ 50 000 € pour le foyer. Combien devrions-nous toucher d’allocations familiales ?';
    const { sources } = retrieveSources(engine, q);
    expect(sources.map((s) => s.id)).toContain('F13213');
    const all = composeExtractive(q, sources, fiches).sections.map((s) => s.text).join('\n');
    // Rows of other income bands are not quoted as the person's.
    expect(all).not.toMatch(/entre 69 309 € et 92 381 €/u);
    expect(all).not.toMatch(/supérieures à 92 381 €/u);
  });

  it('keeps the row the question names and drops the others (technical inspection, F2878)', () => {
    const f = fiches('F2878');
    if (!f) throw new Error('no F2878');
    const q = 'Mon contrôle technique a relevé une défaillance critique. Puis-je encore circuler ?';
    const all = composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/au moins une défaillance critique/u);
    // Neither the row of a major failure nor the one that says there is no critical failure.
    expect(all).not.toMatch(/au moins une défaillance majeure ;/u);
    expect(all).not.toMatch(/Absence de défaillance majeure et critique ;/u);
  });

  it('keeps the column of the person’s licence: a probationary one or not (F19460, limitations de vitesse)', () => {
    const f = fiches('F19460');
    if (!f) throw new Error('no F19460');
    const text = (q: string): string => composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    const young = text("J'ai mon permis depuis 1 an, quelle est la vitesse maximale sur autoroute ?");
    expect(young).toMatch(/Autoroute ; Jeune conducteur : 110 km\/h/u);
    expect(young).not.toMatch(/Autoroute ; Règle générale/u);
    const experienced = text("J'ai mon permis depuis 15 ans, quelle est la vitesse maximale sur autoroute ?");
    expect(experienced).toMatch(/Autoroute ; Règle générale : 130 km\/h/u);
    expect(experienced).not.toMatch(/Jeune conducteur/u);
  });

  it('keeps the column of alternating residence for parents who tell it, and only for them (F8, frais de garde)', () => {
    const f = fiches('F8');
    if (!f) throw new Error('no F8');
    const text = (q: string): string => composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    const usual = text("Ma fille de 3 ans va à la crèche, combien de crédit d'impôt pour les frais de garde ?");
    expect(usual).toMatch(/par enfant : 1 150 € maximum/u);
    expect(usual).not.toMatch(/garde alternée/u);
    const alternating = text("Notre fille de 3 ans est en garde alternée depuis notre divorce et va à la crèche, combien de crédit d'impôt pour les frais de garde ?");
    expect(alternating).toMatch(/en cas de garde alternée : 575 €/u);
  });

  it('does not read a word of the fiche’s title, or one a row says is absent, as naming the row', () => {
    const rows = [
      'Date : obtention du permis ; points : 6.',
      'Date : fin de la 1re année ; points : 9.',
      'Situation : sans enfant ; prime : 100 €.',
      'Situation : un enfant ; prime : 150 €.',
    ].join('\n');
    const all = answerText("J'ai mon permis depuis un an et un enfant. Combien de points et quelle prime ?", [testSource('F1', 'Permis et prime', [{ sectionPath: ['Barème'], text: rows }])]);
    // « permis » is the fiche's topic: both dates stay.
    expect(all).toMatch(/obtention du permis/u);
    expect(all).toMatch(/fin de la 1re année/u);
    // « sans enfant » does not name the person's child.
    expect(all).toMatch(/un enfant ; prime : 150 €/u);
    expect(all).not.toMatch(/sans enfant ; prime/u);
  });
});

describe('choiceWording', () => {
  const opt = (label: string) => ({ label, sections: [] });
  it('puts the words the options share in the question and keeps what tells them apart on the buttons', () => {
    expect(choiceWording(['Logement vide', 'Logement meublé'], [opt('Logement vide'), opt('Logement meublé')])).toEqual({ question: 'Logement\u202f:', options: [opt('vide'), opt('meublé')] });
    expect(choiceWording(['CDD', 'CDI'], [opt('CDD'), opt('CDI')])).toEqual({ question: 'Votre situation correspond à\u202f:', options: [opt('CDD'), opt('CDI')] });
  });
});

describe('sentenceCondition', () => {
  it('reads a sentence’s own condition', () => {
    expect(sentenceCondition('Si le logement est meublé, le dépôt est de 2 mois.')).toBe('Si le logement est meublé,');
    expect(sentenceCondition('Excès de moins de 20 km/h : 1 point.')).toBe('Excès de moins de 20 km/h');
    expect(sentenceCondition('Le dépôt est de 1 mois.')).toBeUndefined();
    expect(sentenceCondition("S'il n'était pas marié, ses biens vont à ses parents.")).toBe("S'il n'était pas marié,");
    expect(sentenceCondition('Sans réponse du bailleur, le locataire peut saisir la commission.')).toBe('Sans réponse du bailleur,');
    // A table row: every heading is its condition, the last cell's column heading too.
    expect(sentenceCondition('Ressources : entre 69 309 € et 92 381 € inclus ; montant de base : 65,98 €.')).toBe('Ressources : entre 69 309 € et 92 381 € inclus ; montant de base');
    expect(sentenceCondition('Montant maximum : crédit d’impôt ; par enfant, en cas de garde alternée : 575 € maximum.')).toBe('Montant maximum : crédit d’impôt ; par enfant, en cas de garde alternée');
    // An age group as the subject of the rule.
    expect(sentenceCondition('Le mineur ne doit pas travailler plus de 7 heures par jour.')).toBe('Le mineur');
    expect(sentenceCondition("L'enfant de moins de 10 ans doit être installé à l'arrière.")).toBe("L'enfant de moins de 10 ans");
    expect(sentenceCondition('Le salarié doit bénéficier d’une pause.')).toBeUndefined();
  });
});

describe('a rule whose subject is an age group', () => {
  /** « En bref » and the whole answer to a question, from its real sources. */
  const answer = (q: string): { summary: string; all: string } => {
    const { sources } = retrieveSources(engine, q);
    const sections = composeExtractive(q, sources, fiches).sections;
    return { summary: sections[0]?.text ?? '', all: sections.map((x) => x.text).join('\n') };
  };
  it('is the rule of a 15-year-old (F1649, behind two fiches on adults’ hours), and not quoted for an adult', () => {
    const minor = answer("Mon fils a 15 ans et veut travailler cet été dans un camping. Combien d'heures par jour il peut faire ?");
    expect(minor.all).toMatch(/Le mineur ne doit pas travailler plus de 35 heures par semaine, ni plus de 7 heures par jour/u);
    const adult = answer("J'ai 30 ans et je travaille cet été dans un camping. Combien d'heures par jour je peux faire ?");
    expect(adult.all).not.toContain('Le mineur ne doit pas travailler');
  });
});

describe('sentences that refer to the one before', () => {
  it('quotes « … avant l’expiration de ce délai » only with its antecedent', () => {
    const source = testSource('F1', 'Déménagement', [
      { sectionPath: ['Devis'], text: 'Aucun paiement ne peut être exigé du client avant l’expiration de ce délai.' },
      { sectionPath: ['Réclamation'], text: 'Le client dispose de 10 jours pour réclamer au déménageur. Aucune indemnité ne peut être refusée pendant ce délai.' },
    ]);
    const q = 'Le déménageur peut-il exiger un paiement avant le délai de réclamation ?';
    const all = answerText(q, [source]);
    expect(all).not.toMatch(/^Aucun paiement ne peut être exigé/mu);
    expect(all).toMatch(/Le client dispose de 10 jours pour réclamer au déménageur\. Aucune indemnité ne peut être refusée pendant ce délai\./u);
  });
});

describe('the person’s figures', () => {
  it('does not take a prison term or an age for a duration like the person’s', () => {
    const source = testSource('F1', 'Salaire impayé', [
      { sectionPath: ['Sanctions'], text: "L'employeur fautif encourt 6 mois d'emprisonnement." },
      { sectionPath: ['Réclamer'], text: 'Le salarié peut réclamer son salaire impayé pendant 3 ans devant le conseil de prud’hommes.' },
    ]);
    const q = 'Mon patron ne me paie plus mon salaire depuis 6 mois, puis-je encore le réclamer ?';
    const composed = composeExtractive(q, [source], () => undefined);
    const summary = composed.sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/Le salarié peut réclamer son salaire impayé pendant 3 ans/u);
    // « 6 mois d'emprisonnement » is no period like the person's six months without pay.
    expect(summary).not.toMatch(/Vous indiquez une durée de 6 mois/u);
  });
});

describe('the figure the question asks about', () => {
  it('sets the rule beside the figure of the sentence that asks, not beside a figure told before', () => {
    const source = testSource('F1', 'Congé donné par le propriétaire', [
      { sectionPath: ['Achat'], text: "Le propriétaire qui a acheté le logement occupé doit attendre 2 ans." },
      { sectionPath: ['Préavis'], text: 'Le locataire doit recevoir la lettre de congé au moins 6 mois avant la fin du bail.' },
    ]);
    const q = "Je loue mon appartement depuis 5 ans et le propriétaire veut le reprendre pour son fils. Peut-il me donner congé seulement 3 mois avant la fin du bail ?";
    const summary = composeExtractive(q, [source], () => undefined).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/Le locataire doit recevoir la lettre de congé au moins 6 mois avant la fin du bail\. \[1\]/u);
    expect(summary).toMatch(/Vous indiquez 3 mois\./u);
    expect(summary).not.toMatch(/5 ans/u);
  });
});

describe('the rules of the cases the person is not in', () => {
  it('does not quote the adults’ break, restated in the introduction, to a 17-year-old apprentice (F34555)', () => {
    const f = fiches('F34555') as Fiche;
    const q = "Mon fils de 17 ans est apprenti dans une boulangerie. Il commence à 6 h et enchaîne jusqu'à 11 h 30 sans aucune pause. Est-ce que son patron a le droit ?";
    const text = composeExtractive(q, [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    expect(text).toMatch(/moins de 18 ans doit bénéficier d'un temps de pause d'au moins 30 minutes/u);
    expect(text).not.toMatch(/atteint 6 heures/u);
    // An adult keeps the rule of « Cas général », in the introduction or under its heading.
    const adult = composeExtractive("Je travaille de 8 h à 15 h sans pause, mon employeur a-t-il le droit ?", [ficheSource(f)], fiches).sections.map((x) => x.text).join('\n');
    expect(adult).toMatch(/20 minutes/u);
  });
});

describe('the person’s amounts beside the rule', () => {
  it('says an amount told twice once', () => {
    const source = testSource('F1', 'État des lieux', [
      { sectionPath: ['Frais'], text: 'La part payée par le locataire pour l’état des lieux ne peut pas dépasser 3 € par m² de surface habitable.' },
    ]);
    const q = "L'agence me facture 150 € pour l'état des lieux et le propriétaire lui paie aussi 150 €. Ont-ils le droit ?";
    const summary = composeExtractive(q, [source], () => undefined).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/Vous indiquez 150\u202f?\s?€\./u);
    expect(summary).not.toMatch(/150 € et 150 €/u);
  });

  it('does not set the person’s sum beside a fine an offender risks, unless they ask about a fine', () => {
    const source = testSource('F1', 'Rançongiciel', [
      { sectionPath: ['Sanctions'], text: "L'auteur d'une extorsion encourt jusqu'à 7 ans d'emprisonnement et 100 000 € d'amende." },
    ]);
    const ransom = composeExtractive("Un pirate me demande 300 € pour débloquer mon ordinateur, qu'est-ce qu'il encourt ?", [source], () => undefined).sections[0]?.text ?? '';
    expect(ransom).toMatch(/100 000 € d'amende/u);
    expect(ransom).not.toMatch(/Vous indiquez 300/u);
    const fines = testSource('F2', 'Amende forfaitaire', [{ sectionPath: ['Montant'], text: "Le stationnement très gênant est puni d'une amende de 135 €." }]);
    const parking = composeExtractive("J'ai reçu un PV de 135 € pour stationnement très gênant, quel montant ?", [fines], () => undefined).sections[0]?.text ?? '';
    expect(parking).toMatch(/Vous indiquez 135/u);
  });
});

describe('worked examples', () => {
  const inheritance = testSource('F1', 'Héritage', [
    {
      sectionPath: ['Testament'],
      text: [
        'Les enfants héritent d’une part réservée du patrimoine, la réserve héréditaire, dont le défunt ne peut pas les priver.',
        'Par exemple, le défunt a un patrimoine de 200 000 € et 3 enfants. Le défunt peut attribuer les 25 % restants, soit 50 000 €, aux personnes de son choix.',
      ].join('\n'),
    },
  ]);
  it('quotes no sentence of another person’s example, in « En bref » or among the rules', () => {
    const text = answerText("J'ai une maison de 300 000 € et trois enfants. Puis-je déshériter l'un d'eux ?", [inheritance]);
    expect(text).toMatch(/réserve héréditaire/u);
    expect(text).not.toMatch(/Par exemple|25 % restants/u);
  });
  it('quotes an example whose figures are the person’s own', () => {
    const text = answerText("J'ai une maison de 200 000 € et trois enfants. Puis-je déshériter l'un d'eux ?", [inheritance]);
    expect(text).toMatch(/Par exemple, le défunt a un patrimoine de 200 000 €/u);
  });
});

describe('« En bref » from the fiches about the question', () => {
  it('never quotes a later fiche whose title names none of the question’s words', () => {
    const first = testSource('F1', 'Heures supplémentaires', [
      { sectionPath: ['Définition'], text: 'Toute heure accomplie au-delà de 35 heures par semaine est une heure supplémentaire.' },
    ]);
    const extra = testSource('F2', 'Embauche en contrat d’extra', [
      { sectionPath: ['Requalification'], text: 'Dans la restauration, le contrat peut être requalifié en CDI et le patron doit payer une indemnité si la mission dépasse 60 jours.' },
    ], 2);
    const q = 'Je suis en CDI dans un restaurant et mon patron ne paie pas mes heures supplémentaires, que faire ?';
    const summary = composeExtractive(q, [first, extra], () => undefined).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(/heure supplémentaire\. \[1\]/u);
    expect(summary).not.toMatch(/\[2\]/u);
  });
});

describe('lists whose items concern other people', () => {
  it('drops an item with the one it goes on from, and never says a list’s introduction twice', () => {
    const intro = 'Les personnes suivantes peuvent demander leur inscription sur la liste électorale jusqu’au 10e jour avant le scrutin :';
    const source = testSource('F1', 'Inscription sur la liste électorale en cas de déménagement', [
      {
        sectionPath: ['Retraite'],
        text: `${intro}\n- un agent public qui déménage parce qu'il a été admis à la retraite après le 6e vendredi précédant le scrutin\n- et les membres de sa famille domiciliés avec lui à la date de son départ à la retraite.`,
      },
      { sectionPath: ['Travail'], text: `${intro}\n- une personne qui déménage à cause de son travail (hors mutation) après le 6e vendredi précédant le scrutin, ainsi que sa famille.` },
    ]);
    const q = "J'ai déménagé à cause de mon travail le mois dernier. Puis-je encore demander mon inscription sur la liste électorale avant le scrutin ?";
    const all = answerText(q, [source]);
    expect(all).toMatch(/une personne qui déménage à cause de son travail/u);
    expect(all).not.toMatch(/agent public/u);
    expect(all).not.toMatch(/et les membres de sa famille domiciliés avec lui/u);
    expect(all).not.toMatch(/départ à la retraite/u);
    expect(all.split(intro).length - 1).toBeLessThanOrEqual(1);
  });
});

describe('a condition at the end of a sentence', () => {
  it('reads it, and leaves out the rule whose condition the person is not in', () => {
    expect(trailingCondition("Pour les remplacer, il n'est pas nécessaire de retourner chez le médecin, si votre dernière ordonnance date de moins de 3 ans.")).toBe('si votre dernière ordonnance date de moins de 3 ans');
    expect(trailingCondition('Le locataire doit payer le loyer.')).toBeUndefined();
    expect(trailingCondition("Le salarié a droit à une indemnité, lorsqu'il a au moins 8 mois d'ancienneté.")).toBe("lorsqu'il a au moins 8 mois d'ancienneté");
    const text = [
      "Pour les remplacer, il n'est pas nécessaire de retourner chez l'ophtalmologiste, si votre dernière ordonnance date de moins de 3 ans.",
      "Vous pouvez aller chez l'opticien sans nouvelle ordonnance, si votre dernière ordonnance date de moins de 5 ans.",
    ].join('\n');
    const q = "Ma dernière ordonnance d'ophtalmo date d'il y a 4 ans. Puis-je aller directement chez l'opticien pour mes lunettes ?";
    const all = composeExtractive(q, [source(text, ['Lunettes'])], () => undefined).sections.map((x) => x.text).join('\n');
    expect(all).toMatch(/moins de 5 ans/u);
    expect(all).not.toMatch(/moins de 3 ans/u);
  });
});

describe('a sentence around its list', () => {
  it('quotes the end of a sentence that goes on after its list, never the condition alone nor the end alone', () => {
    const source = testSource('F1', 'Plantations près de la limite', [
      {
        sectionPath: ['Plantations anciennes'],
        text: [
          "Si les plantations ne respectent pas les distances légales, mais qu'elles sont situées :",
          '- à moins de 0,5 mètre de la limite de propriété,',
          '- ou entre 0,5 mètre et 2 mètres de la limite depuis au moins 30 ans,',
          'alors seule une démarche amiable peut être envisagée auprès du voisin.',
        ].join('\n'),
      },
    ]);
    const all = answerText('Mon voisin a des plantations trop près de la limite depuis 30 ans, que puis-je faire ?', [source]);
    expect(all).toMatch(/situées :\n- à moins de 0,5 mètre de la limite de propriété,\n- ou entre 0,5 mètre et 2 mètres de la limite depuis au moins 30 ans,\nalors seule une démarche amiable peut être envisagée auprès du voisin\. \[1\]/u);
    // The end is never a paragraph of its own.
    expect(all).not.toMatch(/(?:^|\n\n)alors/u);
    expect(all).not.toMatch(/30 ans, \[1\]/u);
  });
});

describe('table rows', () => {
  it('keeps the row whose range holds the person’s figure, the range in two units (« entre 10 jours et 2 mois »)', () => {
    const source = testSource('F1', 'Retard de paiement du loyer : pénalités', [
      { sectionPath: ['Pénalités'], text: 'Retard de paiement : moins de 10 jours ; pénalité : aucune.\nRetard de paiement : entre 10 jours et 2 mois ; pénalité : 5 % du loyer.\nRetard de paiement : plus de 2 mois ; pénalité : résiliation possible du bail.' },
    ]);
    const q = "J'ai payé mon loyer avec 3 semaines de retard, quelle pénalité ?";
    const all = answerText(q, [source]);
    expect(all).toMatch(/entre 10 jours et 2 mois ; pénalité : 5 % du loyer/u);
    expect(all).not.toMatch(/plus de 2 mois ; pénalité/u);
    expect(all).not.toMatch(/moins de 10 jours ; pénalité/u);
  });
  it('drops the rows of the table that no fact tests once one row fits the person', () => {
    const source = testSource('F2', 'Violences volontaires : peines', [
      { sectionPath: ['Peines'], text: 'Dommage subi : aucune blessure ; peine : amende de 750 €.\nDommage subi : ITT de plus de 8 jours ; peine : 3 ans de prison.\nDommage subi : infirmité permanente ; peine : 10 ans de prison.' },
    ]);
    const q = 'On m’a frappé, 15 jours d’ITT : quelle peine pour l’auteur ?';
    const all = answerText(q, [source]);
    expect(all).toMatch(/ITT de plus de 8 jours ; peine : 3 ans de prison/u);
    expect(all).not.toMatch(/aucune blessure/u);
    expect(all).not.toMatch(/infirmité permanente/u);
  });
});

describe('later sources', () => {
  it('quotes a later fiche only when its title names a word of the question', () => {
    const mk = (n: number, id: string, title: string, text: string): RetrievedSource => testSource(id, title, [{ sectionPath: ['Règles'], text }], n);
    const sources = [
      mk(1, 'F1', 'Le bailleur peut-il entrer dans le logement loué ?', 'Le bailleur ne peut pas entrer dans le logement loué sans l’accord du locataire.'),
      mk(2, 'F2', 'Avoir un chien dangereux', 'Le maire peut demander au propriétaire du chien de prendre des mesures pour prévenir le danger.'),
      mk(3, 'F3', 'Violation de domicile par le bailleur', 'Le locataire peut porter plainte contre le propriétaire pour violation de domicile.'),
    ];
    const q = 'Mon propriétaire est entré chez moi sans me prévenir, en a-t-il le droit ? Je veux porter plainte pour violation de domicile.';
    const all = answerText(q, sources);
    expect(all).not.toMatch(/\[2\]/u);
    expect(all).toMatch(/violation de domicile\. \[3\]/u);
  });
});

describe('sentenceKinds and quotableSentence (accented words at the edges)', () => {
  it('reads rules whose words start or end with an accented letter', () => {
    expect(sentenceKinds('Le ravalement est à la charge du syndicat.').normative).toBe(true);
    expect(sentenceKinds('Le vendeur est obligé de reprendre le bien.').normative).toBe(true);
    expect(sentenceKinds('Vous avez 2 mois à compter de la notification.').duration).toBe(true);
    expect(sentenceKinds('Le remboursement intervient dans les meilleurs délais.').normative).toBe(false);
  });
  it('quotes a sentence that opens with an accented capital, not a heading or a fragment', () => {
    expect(quotableSentence('À noter : il est interdit de fumer dans les parties communes.')).toBe(true);
    expect(quotableSentence('Également, le bailleur doit remettre une quittance.')).toBe(true);
    expect(quotableSentence('Que faire en cas de litige ?')).toBe(false);
    expect(quotableSentence('**Carte grise')).toBe(false);
  });
});

describe('the person’s own row and the items of lists', () => {

  it.each([
    ["Mon employeur a mis fin à ma période d'essai hier alors que je suis en CDI depuis 7 semaines. Il ne m'a rien dit avant.", /entre 1 mois et 3 mois de présence ; délai de prévenance : 2 semaines/u],
    ["En CDI depuis 10 jours, mon patron me dit de partir demain : fin de la période d'essai.", /entre 8 jours et 1 mois de présence ; délai de prévenance : 48 heures/u],
  ])('answers « %s », which names no kind, with the row whose range holds the person’s figure', (q, row) => {
    const f = fiches('F1643') as Fiche;
    const s = ficheSource(f);
    const summary = composeExtractive(q, [s], fiches).sections.find((x) => x.id === 'summary')?.text ?? '';
    expect(summary).toMatch(row);
  });

  it('leaves out the items of a list that name another person’s case', () => {
    const s = testSource('F4', 'Dissolution d’un Pacs', [
      { sectionPath: ['Conservation des actes'], text: 'La mairie conserve les actes de la dissolution du Pacs :\n- la déclaration conjointe des partenaires qui décident d’un commun accord de mettre fin au Pacs,\n- la copie de la signification faite par le partenaire qui décide seul de mettre fin au Pacs.' },
    ]);
    const all = answerText('Mon compagnon refuse de signer : que garde la mairie de la dissolution de notre Pacs ?', [s]);
    expect(all).toMatch(/la copie de la signification faite par le partenaire/u);
    expect(all).not.toMatch(/commun accord/u);
  });
});

describe('a primary fiche without headings', () => {
  it('gives up to 3 sentences of its body to the rules besides the summary « En bref » quotes', () => {
    const url = 'https://www.service-public.fr/particuliers/vosdroits/F6';
    const fiche: Fiche = {
      id: 'F6', kind: 'fiche', pubType: 'Question-réponse', title: 'Peut-on brûler des déchets verts dans son jardin ?', subject: '', audiences: ['particuliers'], url, themePath: [], date: '2020-11-12',
      description: 'Non, il est interdit de brûler des déchets verts dans son jardin.',
      passages: [{ section: [], text: 'Les déchets verts doivent être déposés en déchetterie. La personne qui brûle des déchets verts peut être punie d’une amende de 450 €. Les voisins incommodés par la fumée des déchets verts peuvent engager sa responsabilité.' }],
      references: [], definitions: [], abbreviations: [], whereToGo: [], services: [], related: [],
    };
    const s = testSource('F6', fiche.title, [{ sectionPath: [], text: fiche.passages[0]?.text ?? '' }]);
    const sections = composeExtractive('Mon voisin brûle ses déchets verts dans son jardin, a-t-il le droit ?', [s], (id) => (id === 'F6' ? fiche : undefined)).sections;
    expect(sections.find((x) => x.id === 'summary')?.text).toMatch(/^Non, il est interdit/u);
    // Each sentence of the body is quoted once, in « En bref » (its second sentence) or in the sections below.
    const all = sections.filter((x) => x.id === 'summary' || x.id === 'law' || x.id === 'steps').map((x) => x.text).join('\n');
    for (const fact of [/déchetterie/gu, /450 €/gu, /voisins incommodés/gu]) expect(all.match(fact)).toHaveLength(1);
  });
});

describe('sentences that refer back', () => {
  it('quotes one with its antecedent, but not one whose antecedent refers back itself', () => {
    const s = testSource('F9', 'Vente à distance : rétractation', [
      { sectionPath: ['Délai'], text: 'Vous avez un délai de 14 jours pour vous rétracter d’un achat à distance. Ce délai concerne les achats par internet, par téléphone ou par courrier. Si vous exercez ce droit de rétractation, le vendeur doit vous rembourser le bien acheté par internet.' },
    ]);
    const all = answerText('J’ai acheté une lampe par internet, le vendeur doit-il me rembourser si je me rétracte ?', [s]);
    expect(all).toMatch(/14 jours/u);
    expect(all).not.toMatch(/Si vous exercez ce droit/u);
  });
});

describe('what « En bref » prefers', () => {
  it('reads an example as such', () => {
    expect(isExample('Par exemple, si 200 € ont été dépensés, votre banque vous rembourse 150 €.')).toBe(true);
    expect(isExample('Exemple : le salarié qui a travaillé 5 mois acquiert 13 jours.')).toBe(true);
    expect(isExample('Exemplaire du contrat : il est remis au salarié.')).toBe(false);
    expect(isExample('Le remboursement est partiel : 50 € restent à votre charge.')).toBe(false);
  });
  it('for « combien de temps » and « combien », the figure in numbers, not only named', () => {
    expect(askedFigure('delai', 'L’amende minorée est réglée dans un délai de 30 jours.')).toBe(true);
    expect(askedFigure('delai', 'Vous pouvez demander un délai de paiement au comptable public.')).toBe(false);
    expect(askedFigure('montant', 'Le timbre fiscal coûte 86 €.')).toBe(true);
    expect(askedFigure('montant', 'Le montant dépend de vos revenus.')).toBe(false);
    expect(askedFigure('droit', 'Le timbre fiscal coûte 86 €.')).toBe(false);
  });
});

describe('« Ce que dit la loi »', () => {
  it('quotes a rule the primary fiche states in the plain present (no « doit », no figure) when it ranks high', () => {
    const s = testSource('F12', 'Portabilité du numéro de téléphone mobile', [
      { sectionPath: ['Démarche'], text: 'Vous devez demander votre relevé d’identité opérateur (RIO) avant de changer d’opérateur.' },
      { sectionPath: ['Résiliation'], text: 'C’est le nouvel opérateur qui effectue la résiliation de votre ancien contrat et le portage de votre numéro.' },
    ]);
    const sections = composeExtractive('Je change d’opérateur mobile et je garde mon numéro : dois-je demander mon RIO, et qui fait la résiliation ?', [s], () => undefined).sections;
    expect(sections.find((x) => x.id === 'summary')?.text).toMatch(/Vous devez demander votre relevé d’identité opérateur/u);
    expect(sections.find((x) => x.id === 'law')?.text).toMatch(/C’est le nouvel opérateur qui effectue la résiliation/u);
  });
});

describe('the person’s distance beside the rule', () => {
  it('in km beside a rule in km, never in metres beside a rule in metres', () => {
    const flights = testSource('F13', 'Retard de vol : indemnisation', [{ sectionPath: ['Indemnisation'], text: 'Pour un vol de 1 500 km ou moins arrivé avec 3 heures de retard, l’indemnisation d’un vol retardé est de 250 €.' }]);
    expect(answerText('Notre vol de 1 100 km a eu 4 heures de retard, quelle indemnisation pour ce vol retardé ?', [flights])).toMatch(/Vous indiquez une distance de 1\u202f100 km\./u);
    const fences = testSource('F14', 'Clôture et retard de vol', [{ sectionPath: ['Hauteur'], text: 'Pour un vol retardé, la clôture de l’aéroport doit mesurer 2 mètres au moins.' }]);
    expect(answerText('Notre vol de 1 100 km a eu 4 heures de retard, quelle indemnisation pour ce vol retardé ?', [fences])).not.toMatch(/Vous indiquez une distance/u);
  });
});

describe('« En bref » in order', () => {
  it('opens on its best sentence, even when the fiche states another one first', () => {
    const source = testSource('F1', 'Appareils auditifs', [
      {
        sectionPath: ['Remboursement'],
        text: 'Les accessoires des appareils peuvent également être remboursés.\nLe remboursement des appareils auditifs est de 60 % sur la base de 1 400 € par oreille.',
      },
    ]);
    const summary = composeExtractive('Combien la Sécu rembourse-t-elle pour des appareils auditifs ?', [source], () => undefined).sections[0]?.text ?? '';
    expect(summary).toMatch(/^Le remboursement des appareils auditifs est de 60 %/u);
  });
});

describe('refersBack', () => {
  it('reads « ce droit », « ce délai » as the sentence before’s, unless the sentence itself named it first', () => {
    expect(refersBack('Ce délai court à partir de la réception.')).toBe(true);
    expect(refersBack("Si vous exercez ce droit, le vendeur doit vous rembourser.")).toBe(true);
    expect(refersBack('Il peut porter plainte.')).toBe(true);
    expect(
      refersBack(
        "Si l'un des parents bénéficie d'un droit de visite et si l'autre parent l'empêche d'exercer ce droit, il peut porter plainte auprès du procureur.",
      ),
    ).toBe(false);
    expect(refersBack('Le délai de préavis est de 3 mois.')).toBe(false);
    // « À défaut » is often written without its accent.
    expect(refersBack('A défaut, il encourt une amende administrative.')).toBe(true);
  });
});
