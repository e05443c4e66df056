import { useId, useState, type FormEvent } from 'react';
import { ExternalLink } from './external-link';
import { Icon } from './home-icons';
import { BAILIFF_SITE, LAWYER_PORTALS, NOTARY_SITE, buildNearbySearchLinks } from './professional-links';

function NearbyLinks({ profession, city }: { profession: 'avocat' | 'notaire'; city: string | null }) {
  const links = buildNearbySearchLinks(profession, city);
  const where = city ? `près de ${city}` : 'près de chez vous';
  return (
    <ul className="home-pro-search">
      <li>
        <ExternalLink href={links.maps} className="ql-btn ql-btn-outline home-pro-search-link">
          <Icon name="map" size={18} /> Google Maps&#8239;: {profession}s {where}
        </ExternalLink>
      </li>
      <li>
        <ExternalLink href={links.pagesJaunes} className="ql-btn ql-btn-outline home-pro-search-link">
          <Icon name="book" size={18} /> Pages Jaunes&#8239;: {profession}s {where}
        </ExternalLink>
      </li>
    </ul>
  );
}

export interface CityControl {
  /** Remembers the typed city on this device (empty: forgets it). */
  setCity(value: string): void;
  /** « Me localiser », or undefined when the site offers no way to locate. */
  locate?: () => Promise<void>;
  locating: boolean;
  error: string | null;
  /** The one line saying what « Me localiser » sends, and where. */
  disclosure: string | null;
}

/** The city of the nearby searches: typed (remembered on this device), or located after a click. */
function CityForm({ city, control }: { city: string | null; control: CityControl }) {
  const [value, setValue] = useState(city ?? '');
  const id = useId();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    control.setCity(value);
  }
  return (
    <form className="home-pro-city" onSubmit={handleSubmit} aria-label="Votre ville">
      <label htmlFor={`${id}-city`} className="home-pro-city-label">
        Votre ville (pour chercher près de chez vous)
      </label>
      <div className="home-pro-city-row">
        <input
          id={`${id}-city`}
          type="text"
          autoComplete="address-level2"
          maxLength={80}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="Ex.&#8239;: Lyon"
        />
        <button type="submit" className="ql-btn ql-btn-primary">
          Valider
        </button>
        {control.locate && (
          <button
            type="button"
            className="ql-btn ql-btn-outline"
            disabled={control.locating}
            onClick={() => void control.locate?.()}
          >
            {control.locating ? 'Localisation…' : 'Me localiser'}
          </button>
        )}
      </div>
      {control.locate && control.disclosure && <p className="home-pro-city-note">{control.disclosure}</p>}
      <p className="home-pro-city-note">
        {city ? `Ville retenue\u202f: ${city}, gardée sur cet appareil uniquement.` : 'La ville saisie reste sur cet appareil.'}
        {city && (
          <>
            {' '}
            <button
              type="button"
              className="home-pro-city-clear"
              onClick={() => {
                setValue('');
                control.setCity('');
              }}
            >
              Effacer
            </button>
          </>
        )}
      </p>
      {control.error && (
        <p className="ql-error-box" role="alert">
          {control.error}
        </p>
      )}
    </form>
  );
}

export interface ProfessionalsSectionProps {
  city: string | null;
  /** The city field and « Me localiser » (absent: the links only). */
  cityControl?: CityControl;
}

/** The « Professionals » section: lawyers card and notaries & bailiffs card, localised when the city is known. */
export function ProfessionalsSection({ city, cityControl }: ProfessionalsSectionProps) {
  const place = city?.trim() ? city.trim() : null;
  return (
    <section id="professionnels" className="ql-section home-pros" aria-labelledby="professionnels-title">
      <div className="ql-container">
        <h2 id="professionnels-title" className="ql-section-title" data-aos="fade-up">
          Les professionnels du droit
        </h2>
        <p className="home-section-intro" data-aos="fade-up">
          {place
            ? `Besoin d'aller plus loin\u202f? Trouvez un avocat, un notaire ou un commissaire de justice près de ${place}.`
            : "Besoin d'aller plus loin\u202f? Trouvez un avocat, un notaire ou un commissaire de justice près de chez vous."}
        </p>
        {cityControl && <CityForm key={place ?? ''} city={place} control={cityControl} />}
        <div className="home-pro-grid">
          <article className="ql-card home-pro-card" data-aos="fade-up" aria-labelledby="pro-avocats-title">
            <span className="home-pro-icon">
              <Icon name="scale" />
            </span>
            <h3 id="pro-avocats-title" className="home-pro-title">
              Avocats
            </h3>
            <p>
              Pour un litige, une procédure ou un conseil personnalisé, l'avocat vous défend et vous représente.
            </p>
            <NearbyLinks profession="avocat" city={place} />
            <h4 className="home-pro-subtitle">Annuaires officiels</h4>
            <ul className="home-link-list">
              {LAWYER_PORTALS.map((portal) => (
                <li key={portal.href}>
                  <ExternalLink href={portal.href}>{portal.label}</ExternalLink>
                  <span className="home-link-desc">{portal.text}</span>
                </li>
              ))}
            </ul>
          </article>
          <article className="ql-card home-pro-card" data-aos="fade-up" data-aos-delay="100" aria-labelledby="pro-notaires-title">
            <span className="home-pro-icon">
              <Icon name="stamp" />
            </span>
            <h3 id="pro-notaires-title" className="home-pro-title">
              Notaires et commissaires de justice
            </h3>
            <p>
              Le notaire authentifie vos actes (succession, immobilier, famille)&nbsp;; le commissaire de justice
              (ex-huissier) constate, signifie et recouvre.
            </p>
            <NearbyLinks profession="notaire" city={place} />
            <h4 className="home-pro-subtitle">Annuaires officiels</h4>
            <ul className="home-link-list">
              {[NOTARY_SITE, BAILIFF_SITE].map((site) => (
                <li key={site.href}>
                  <ExternalLink href={site.href}>{site.label}</ExternalLink>
                  <span className="home-link-desc">{site.text}</span>
                </li>
              ))}
            </ul>
          </article>
        </div>
      </div>
    </section>
  );
}
