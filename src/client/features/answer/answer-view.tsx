import { Fragment, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import {
  ANSWER_NOTICE,
  SECTION_IDS,
  SECTION_TITLES,
  type AnswerChoices,
  type AnswerSection,
  type AnswerSource,
} from '../../../common/api/answers';
import { parseInline, parseSectionText } from '../../../common/answer-text';
import { ficheDatesLine, isDataStale, liveFicheLabel, sourceSiteName, staleDataWarning } from '../../../common/data-freshness';
import { formatFrenchDate } from '../../../common/french-dates';
import { SITE_LINK_LABELS } from './answer-text';

function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, i) => {
        if (part.kind === 'text') return <Fragment key={i}>{part.text}</Fragment>;
        if (part.kind === 'url') {
          return (
            <a key={i} className="answer-url" href={part.url} target="_blank" rel="noopener noreferrer">
              {part.url}
            </a>
          );
        }
        if (part.kind === 'site') {
          return (
            <Link key={i} to={part.path}>
              {SITE_LINK_LABELS[part.path] ?? part.path}
            </Link>
          );
        }
        return (
          <sup key={i} className="answer-cite">
            [
            {part.numbers.map((n, j) => (
              <Fragment key={n}>
                {j > 0 && ', '}
                <a href={`#source-${n}`} aria-label={`Source ${n}`}>
                  {n}
                </a>
              </Fragment>
            ))}
            ]
          </sup>
        );
      })}
    </>
  );
}

/** Section text: paragraphs, "- " lists, `[n]` markers as links to the numbered sources. */
export function SectionText({ text }: { text: string }) {
  return (
    <div className="answer-section-text">
      {parseSectionText(text).map((block, i) =>
        block.kind === 'paragraph' ? (
          <p key={i}>
            <InlineText text={block.text} />
          </p>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineText text={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

export interface AnswerSectionsProps {
  sections: readonly AnswerSection[];
  /** While streaming, the sections not received yet show as placeholders. */
  streaming: boolean;
}

/** The five sections in order, each as soon as it has arrived. */
export function AnswerSections({ sections, streaming }: AnswerSectionsProps) {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const missing = SECTION_IDS.filter((id) => !byId.has(id));
  return (
    <div className="answer-sections">
      {SECTION_IDS.map((id) => {
        const section = byId.get(id);
        if (!section) return null;
        return (
          <section key={id} id={`section-${id}`} className="answer-section" aria-labelledby={`section-${id}-title`}>
            <h2 id={`section-${id}-title`} className="answer-section-title">
              {section.title || SECTION_TITLES[id]}
            </h2>
            <SectionText text={section.text} />
          </section>
        );
      })}
      {streaming &&
        missing.map((id) => (
          <div key={id} className="answer-skeleton" data-testid={`skeleton-${id}`} aria-hidden="true">
            <div className="answer-skeleton-title">{SECTION_TITLES[id]}</div>
            <div className="answer-skeleton-line" />
            <div className="answer-skeleton-line" />
            <div className="answer-skeleton-line answer-skeleton-line-short" />
          </div>
        ))}
    </div>
  );
}

/** The numbered sources: the official fiche (its site named from its address), then its legal references (Légifrance). */
export function SourcesList({ sources }: { sources: readonly AnswerSource[] }) {
  if (sources.length === 0) return null;
  return (
    <section className="answer-sources" aria-labelledby="answer-sources-title">
      <h2 id="answer-sources-title" className="answer-section-title">
        Sources
      </h2>
      <ol className="answer-sources-list">
        {sources.map((source) => (
          <li key={source.n} id={`source-${source.n}`} value={source.n} className="answer-source">
            <a href={source.url} target="_blank" rel="noopener noreferrer" className="answer-source-title">
              {source.title}
            </a>{' '}
            <span className="answer-source-site">({sourceSiteName(source.url) ?? 'service-public.fr'})</span>
            {source.references.length > 0 && (
              <ul className="answer-references">
                {source.references.map((ref, i) => (
                  <li key={`${ref.url}-${i}`} className="answer-reference">
                    <a href={ref.url} target="_blank" rel="noopener noreferrer">
                      {ref.title}
                    </a>{' '}
                    <span className="answer-source-site">(Légifrance)</span>
                    {ref.text && (
                      <details className="answer-article">
                        <summary>Lire le texte de l'article</summary>
                        <p className="answer-article-text">{ref.text}</p>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

export interface DataFreshnessProps {
  dataDate: string;
  /** The answer's sources: their fiches' dates, and the first one's live page. */
  sources: readonly AnswerSource[];
}

/**
 * One line under the sources: the date of each fiche quoted (« Fiche mise à jour le … »), or the date of the
 * data for an answer kept without them, next to the link to the main fiche's live page.
 */
export function DataFreshness({ dataDate, sources }: DataFreshnessProps) {
  const live = sources[0]?.url ?? null;
  return (
    <p className="answer-data-date">
      {ficheDatesLine(sources) ?? `Données à jour au ${formatFrenchDate(dataDate)}`}
      {live && (
        <>
          {' — '}
          <a href={live} target="_blank" rel="noopener noreferrer">
            {liveFicheLabel(live)}
            <span className="ql-visually-hidden"> (nouvel onglet)</span>
          </a>
        </>
      )}
    </p>
  );
}

export interface StaleDataWarningProps {
  dataDate: string;
  /** The main fiche of the answer (its live page), when there is one. */
  liveFicheUrl: string | null;
  /** The clock (ms), injected for tests. */
  now: number;
}

/** A short warning, once per answer, when the data is more than a year old: the fiche to check, by its address. */
export function StaleDataWarning({ dataDate, liveFicheUrl, now }: StaleDataWarningProps) {
  if (!isDataStale(dataDate, now)) return null;
  const warning = staleDataWarning(dataDate, liveFicheUrl);
  return (
    <div className="answer-stale" role="note" aria-labelledby="answer-stale-title">
      <p id="answer-stale-title" className="answer-stale-title">
        {warning.title}
      </p>
      <p>
        {warning.check}
        {warning.url && (
          <>
            {' '}
            <a className="answer-stale-link" href={warning.url} target="_blank" rel="noopener noreferrer">
              {warning.url}
              <span className="ql-visually-hidden"> (nouvel onglet)</span>
            </a>
          </>
        )}
      </p>
    </div>
  );
}

export interface AnswerChoicesViewProps {
  choices: AnswerChoices;
  /** The label of the option shown, or undefined for the general answer. */
  chosen: string | undefined;
  /** Shows the answer for this option (undefined: back to the general answer). */
  onChoose(label: string | undefined): void;
}

/**
 * The case the question leaves open, as a group of toggle buttons: one press shows that option's answer at
 * once (no request, no credit); pressing it again goes back to the general answer. Arrow keys move between
 * the buttons.
 */
export function AnswerChoicesView({ choices, chosen, onChoose }: AnswerChoicesViewProps) {
  const id = useId();
  const groupRef = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const keys: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const step = keys[event.key];
    if (step === undefined && event.key !== 'Home' && event.key !== 'End') return;
    const buttons = Array.from(groupRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const current = buttons.findIndex((b) => b === document.activeElement);
    if (current < 0 || buttons.length === 0) return;
    event.preventDefault();
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? buttons.length - 1 : (current + (step ?? 0) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  }

  return (
    <section className="answer-choices" aria-labelledby={`${id}-q`}>
      <h2 id={`${id}-q`} className="answer-choices-question">
        {choices.question}
      </h2>
      <p className="answer-choices-hint">
        La réponse dépend de votre situation&#8239;: choisissez votre cas, la réponse s'adapte aussitôt (sans nouveau
        crédit).
      </p>
      <div ref={groupRef} className="answer-choices-buttons" role="group" aria-labelledby={`${id}-q`} onKeyDown={handleKeyDown}>
        {choices.options.map((option) => {
          const pressed = option.label === chosen;
          return (
            <button
              key={option.label}
              type="button"
              className={pressed ? 'answer-choice answer-choice-pressed' : 'answer-choice'}
              aria-pressed={pressed}
              onClick={() => onChoose(pressed ? undefined : option.label)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
      <p className="answer-choices-status" aria-live="polite">
        {chosen ? `Réponse affichée pour\u202f: ${chosen}.` : ''}
      </p>
      {chosen && <p className="answer-choices-print">{`${choices.question} ${chosen}`}</p>}
    </section>
  );
}

export function AnswerNotice() {
  return (
    <p className="answer-notice" role="note">
      {ANSWER_NOTICE}
    </p>
  );
}
