/**
 * The fiche's own words and their casing: what a fiche says about a word (written in lower case somewhere, or as
 * a name), and the casing of a table heading or cell placed inside a sentence, decided from it.
 */
import type { XmlNode } from './types.js';

/** What a fiche says about a word, to decide the case of a heading or a cell placed inside a sentence. */
export interface FicheWords {
  /** The fiche writes the word (given in lower case) in lower case somewhere. */
  isLower(word: string): boolean;
  /** The fiche writes the word with a capital inside a sentence, after a lower-case word (« à Noël »): a name. */
  isName(word: string): boolean;
}

/**
 * What a fiche says about words (see FicheWords), read from all its text on demand: only the first words of
 * table cells are ever asked about, so each is looked up in the text once (cached) rather than every word of
 * the fiche being collected. A word inside an address (« www.cnavpl.fr ») does not count.
 */
export function ficheWords(root: XmlNode): FicheWords {
  let text: string | undefined;
  const all = (): string => {
    if (text !== undefined) return text;
    const parts: string[] = [];
    const visit = (node: XmlNode): void => {
      if (node.type === 'text') parts.push(String(node.text ?? ''));
      else if (node.type === 'cdata') parts.push(node.cdata ?? '');
      else for (const c of node.children ?? []) visit(c);
    };
    visit(root);
    // A separator that is neither a letter nor a space: words of two text nodes never join.
    text = parts.join('\u0000');
    return text;
  };
  const isLetter = (ch: string | undefined): boolean => ch !== undefined && /\p{L}/u.test(ch);
  /** Calls `test` at each position where `form` occurs as a whole word (not inside an address), until it returns true. */
  const some = (form: string, test: (t: string, at: number) => boolean): boolean => {
    const t = all();
    for (let i = t.indexOf(form); i >= 0; i = t.indexOf(form, i + 1)) {
      const before = t[i - 1];
      if (isLetter(before) || before === '.' || before === '/' || before === '@' || isLetter(t[i + form.length])) continue;
      if (test(t, i)) return true;
    }
    return false;
  };
  const lower = new Map<string, boolean>();
  const names = new Map<string, boolean>();
  return {
    isLower(word: string): boolean {
      let v = lower.get(word);
      if (v === undefined) lower.set(word, (v = some(word, () => true)));
      return v;
    },
    isName(word: string): boolean {
      let v = names.get(word);
      if (v !== undefined) return v;
      // After a word that starts in lower case and only spaces or an elision (« à Noël », « l'Armistice »).
      v = some(word.charAt(0).toUpperCase() + word.slice(1), (t, i) => {
        let j = i - 1;
        while (j >= 0 && /[\s'’]/u.test(t[j] ?? '')) j--;
        if (j === i - 1 || !isLetter(t[j])) return false;
        while (j > 0 && isLetter(t[j - 1])) j--;
        return /\p{Ll}/u.test(t[j] ?? '');
      });
      names.set(word, v);
      return v;
    },
  };
}

/**
 * Common words that open table headings and cells and are never names (the most frequent in the corpus's
 * tables): lower-cased inside a sentence even when the fiche never writes them in lower case.
 */
const COMMON_WORDS: ReadonlySet<string> = new Set(
  ('oui non entre de du des le la les au aux en par pour sur sans avec avant après dans depuis selon moins plus jusqu ' +
    'durée nombre montant montants taux type types date dates âge année années délai délais plafond plafonds tarif ' +
    'tarifs prix revenus revenu ressources conditions condition situation composition ancienneté période catégorie ' +
    'catégories nature forfait frais salaire rémunération indemnité allocation prestation aide contribution cotisation ' +
    'cotisations majoration exonération base barème seuil total somme part personne personnes couple enfant enfants ' +
    'jour jours mois semaine heure heures lundi mardi mercredi jeudi vendredi samedi dimanche zone secteur local ' +
    'activité infraction peine amende contravention délit crime classe permis véhicule contrat document démarche ' +
    'procédure recours effectif surface logement travaux déclaration autorisation accord interdiction obligatoire ' +
    'possible impossible gratuit aucun aucune autre autres tout toute tous toutes seul sauf si vous votre vos premier ' +
    'première dernier dernière')
    .split(' '),
);

/** Puts a heading or a cell placed inside a sentence in the case it takes there. */
export type Casing = (text: string) => string;

/**
 * Lower-cases the first letter of a text placed inside a sentence, when its first word is a plain word:
 * capitalised, not part of a name (« Île-de-France », « Congo Brazzaville »), and written in lower case by the
 * fiche somewhere or one of COMMON_WORDS. « A » before a word or number is « à ».
 */
export function casing(words: FicheWords | undefined): Casing {
  return (s: string): string => {
    if (!words) return s;
    if (/^A (?=[\p{Ll}\d])/u.test(s)) return `à${s.slice(1)}`;
    const m = /^(\p{Lu})(\p{Ll}*)(?![\p{L}\d])/u.exec(s);
    if (!m) return s;
    const rest = s.slice(m[0].length);
    const word = m[0].toLowerCase();
    // A lone capital is a name (« Catégorie A ») unless it is « À » or an apostrophe follows (« L'employeur »).
    if (word === 'à') return `à${rest}`;
    if (word.length === 1 && !/^['’]/u.test(rest)) return s;
    if (COMMON_WORDS.has(word)) return `${word}${rest}`;
    // Part of a name: a hyphenated compound with a capital further on, or a capitalised word next.
    if (/^-[\p{L}-]*\p{Lu}/u.test(rest) || /^ \p{Lu}\p{Ll}/u.test(rest)) return s;
    const plain = words.isLower(word) && !words.isName(word);
    return plain ? `${word}${rest}` : s;
  };
}
