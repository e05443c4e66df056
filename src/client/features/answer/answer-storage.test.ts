import { describe, expect, it } from 'vitest';
import {
  currentAnswerKey,
  DRAFT_KEY,
  forgetOnSignOut,
  historyKey,
  keepOnDeviceKey,
  LEGACY_KEYS,
  purgeLegacyKeys,
  saveDraft,
  setKeepHistoryOnDevice,
} from '../../lib/device-data';
import { addToHistory, displayedAnswer, readCurrentAnswer, readHistory, saveCurrentAnswer, updateInHistory } from './answer-storage';
import { prefileRequest } from './answer-api';
import { ANSWER_WITH_CHOICES, CHOICES, OPEN_CASE_SECTIONS, storedAnswer } from './answer-test-utils';

const MARIE = 'user-marie';
const JEAN = 'user-jean';

describe('answer storage', () => {
  it('ignores unreadable stored data instead of failing', () => {
    window.sessionStorage.setItem(currentAnswerKey(MARIE), '{pas du json');
    window.localStorage.setItem(historyKey(MARIE), JSON.stringify([{ question: 'x' }, storedAnswer('Valide ?')]));
    expect(readCurrentAnswer(MARIE)).toBeNull();
    expect(readHistory(MARIE).map((h) => h.question)).toEqual(['Valide ?']);
  });

  it('round-trips the current answer and does not list the same answer twice', () => {
    const item = storedAnswer();
    saveCurrentAnswer(MARIE, item);
    expect(readCurrentAnswer(MARIE)).toEqual(item);
    addToHistory(MARIE, item);
    addToHistory(MARIE, item);
    expect(readHistory(MARIE)).toEqual([item]);
  });

  it('keeps each account’s answers apart: another account on the same browser reads nothing', () => {
    const item = storedAnswer('Mon mari me frappe, que faire ?');
    saveCurrentAnswer(MARIE, item);
    addToHistory(MARIE, item);
    expect(readHistory(JEAN)).toEqual([]);
    expect(readCurrentAnswer(JEAN)).toBeNull();
  });

  it('keeps the choices and the chosen case, and updates the history entry in place', () => {
    const item = storedAnswer(undefined, undefined, ANSWER_WITH_CHOICES);
    addToHistory(MARIE, storedAnswer('Autre question ?', '2026-11-19T08:00:00.000Z'));
    addToHistory(MARIE, item);
    const chosen = { ...item, chosenCase: 'meublé' };
    updateInHistory(MARIE, chosen);
    saveCurrentAnswer(MARIE, chosen);
    expect(readHistory(MARIE).map((h) => h.chosenCase)).toEqual(['meublé', undefined]);
    expect(readCurrentAnswer(MARIE)?.answer.choices).toEqual(CHOICES);
    expect(readCurrentAnswer(MARIE)?.chosenCase).toBe('meublé');
  });
});

describe('displayedAnswer and the PDF request', () => {
  it('use the general sections until a case is chosen, then that option’s sections and its label', () => {
    const item = storedAnswer(undefined, undefined, ANSWER_WITH_CHOICES);
    expect(displayedAnswer(item)).toEqual({ answer: ANSWER_WITH_CHOICES, chosenCase: undefined });
    expect(prefileRequest(item)).toEqual({ question: item.question, answer: ANSWER_WITH_CHOICES, answeredAt: item.answeredAt });
    expect(prefileRequest(item).answer.sections).toEqual(OPEN_CASE_SECTIONS);

    const meuble = { ...item, chosenCase: 'meublé' };
    const request = prefileRequest(meuble);
    expect(request.chosenCase).toBe('meublé');
    expect(request.answer.sections).toEqual(CHOICES.options[1]?.sections);
    // An unknown label (the stored copy of an older answer) falls back to the general answer.
    expect(displayedAnswer({ ...item, chosenCase: 'studio' }).chosenCase).toBeUndefined();
  });
});

describe('signing out', () => {
  it('erases the history, the answer of the tab and the draft, unless the history was kept', () => {
    addToHistory(MARIE, storedAnswer());
    saveCurrentAnswer(MARIE, storedAnswer());
    saveDraft('Ma question en cours');
    addToHistory(JEAN, storedAnswer('Question de Jean ?'));
    forgetOnSignOut(MARIE);
    expect(window.localStorage.getItem(historyKey(MARIE))).toBeNull();
    expect(window.sessionStorage.getItem(currentAnswerKey(MARIE))).toBeNull();
    expect(window.sessionStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(readHistory(JEAN)).toHaveLength(1); // another account's kept history is not touched

    addToHistory(MARIE, storedAnswer());
    saveCurrentAnswer(MARIE, storedAnswer());
    setKeepHistoryOnDevice(MARIE, true);
    forgetOnSignOut(MARIE);
    expect(readHistory(MARIE)).toHaveLength(1);
    expect(window.localStorage.getItem(keepOnDeviceKey(MARIE))).toBe('1');
    expect(readCurrentAnswer(MARIE)).toBeNull();
  });

  it('removes what earlier versions kept for every account alike', () => {
    for (const key of LEGACY_KEYS) {
      window.localStorage.setItem(key, '[]');
      window.sessionStorage.setItem(key, '{}');
    }
    purgeLegacyKeys();
    for (const key of LEGACY_KEYS) {
      expect(window.localStorage.getItem(key)).toBeNull();
      expect(window.sessionStorage.getItem(key)).toBeNull();
    }
  });
});
