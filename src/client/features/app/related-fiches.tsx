import type { SearchResultItem } from '../../../common/api/search';

const TYPE_LABEL: Record<SearchResultItem['type'], string> = {
  fiche: 'Fiche pratique',
  dossier: 'Dossier',
  ressource: 'Ressource',
};

/** Up to five official fiches related to the question, shown under the form. */
export function RelatedFiches({ results }: { results: SearchResultItem[] }) {
  return (
    <section className="app-related" aria-labelledby="related-title" aria-live="polite">
      {results.length > 0 && (
        <>
          <h2 id="related-title" className="app-related-title">
            Fiches officielles liées à votre question
          </h2>
          <ul className="app-related-list">
            {results.map((r) => (
              <li key={r.id} className="app-related-item">
                <a href={r.url} target="_blank" rel="noopener noreferrer">
                  {r.title}
                  <span className="ql-visually-hidden"> (service-public.fr, nouvel onglet)</span>
                </a>
                <span className="app-related-type">{TYPE_LABEL[r.type]}</span>
                {r.snippet && <p className="app-related-snippet">{r.snippet}</p>}
              </li>
            ))}
          </ul>
          <p className="app-related-note">Source&#8239;: service-public.fr — consultation gratuite, sans crédit.</p>
        </>
      )}
    </section>
  );
}
