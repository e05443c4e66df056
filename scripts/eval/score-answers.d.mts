/** Types of the vendored answer scorer (score-answers.mjs beside this file). */
export interface ScorerNugget {
  fact: string;
  re: string;
  direct?: boolean;
  src?: string;
}
export interface ScorerItem {
  q: string;
  domain: string;
  gold: string[];
  nuggets: ScorerNugget[];
  wrong?: ScorerNugget[];
}
export interface ScoredNugget {
  fact: string;
  direct: boolean;
  found: boolean;
  inSummary: boolean;
  firstSection: string | null;
}
export interface ScoredRow {
  q: string;
  domain: string;
  gold: string[];
  status: number;
  answered: boolean;
  refused: boolean;
  goldTop3: boolean;
  goldRank: number | null;
  nuggetRecall: number;
  directInSummary: boolean;
  directAnywhere: boolean;
  summaryWords?: number;
  answerWords?: number;
  repeatedSentences?: number;
  nuggets: ScoredNugget[];
  wrongTotal: number;
  wrongFound: string[];
  wrongInSummary: string[];
}
export interface ScorerAggregate {
  questions: number;
  answered: number;
  refused: number;
  goldTop3: number;
  goldTop3Rate: number;
  nuggetRecall: number;
  nuggetRecallAnswered: number;
  directInSummary: number;
  directInSummaryRate: number;
  directAnywhere: number;
  summaryWordsMedian: number | null;
  answerWordsMedian: number | null;
  repeatedSentencesMean: number;
  wrongTrapQuestions: number;
  wrongAnswers: number;
  wrongInSummary: number;
}
export function normText(s: string): string;
export function compileNugget(re: string): RegExp;
export function wordCount(text: string): number;
export function scoreOne(item: ScorerItem, status: number, body: unknown): ScoredRow;
export function aggregate(rows: ScoredRow[]): ScorerAggregate;
