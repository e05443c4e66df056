import { Fragment } from 'react';
import {
  ANSWER_NOTICE,
  EMERGENCY_NUMBERS,
  SECTION_IDS,
  SECTION_TITLES,
  type AnswerSection,
  type AnswerSource,
} from '../../../common/api/answers';
import { formatFrenchDate, parseBlocks, parseInline } from './answer-text';

/** Emergency numbers, shown before anything else when the question reveals danger (product.md §2). */
export function EmergencyBlock() {
  return (
    <section className="answer-emergency" role="alert" aria-labelledby="answer-emergency-title">
      <h2 id="answer-emergency-title" className="answer-emergency-title">
        En cas de danger, appelez immédiatement
      </h2>
      <ul className="answer-emergency-list">
        {EMERGENCY_NUMBERS.map(({ number, label }) => (
          <li key={number}>
            <a className="answer-emergency-number" href={`tel:${number}`}>
              {number}
            </a>{' '}
            <span>{label}</span>
          </li>
        ))}
      </ul>
      <p className="answer-emergency-note">Ces numéros sont gratuits et joignables 24 h sur 24.</p>
    </section>
  );
}

function InlineText({ text }: { text: string }) {
  return (
    <>
      {parseInline(text).map((part, i) => {
        if (part.kind === 'text') return <Fragment key={i}>{part.text}</Fragment>;
        if (part.kind === 'url') {
          return (
            <a key={i} href={part.url} target="_blank" rel="noopener noreferrer">
              {part.url}
            </a>
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
      {parseBlocks(text).map((block, i) =>
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
    <div className="answer-sections" aria-live="polite">
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

/** The numbered sources: the service-public.fr fiche, then its legal references (Légifrance). */
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
            <span className="answer-source-site">(service-public.fr)</span>
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
                        <summary>Lire le texte de l’article</summary>
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

export function DataDate({ dataDate }: { dataDate: string }) {
  return <p className="answer-data-date">Données à jour au {formatFrenchDate(dataDate)}</p>;
}

export function AnswerNotice() {
  return (
    <p className="answer-notice" role="note">
      {ANSWER_NOTICE}
    </p>
  );
}
