import { useAuth } from '../../lib/auth/auth-context';
import { locateDisclosure, locateMethod, useCity } from '../../lib/city';
import { getPublicConfig } from '../../lib/config';
import { BackendStatusBadge } from './backend-status-badge';
import { HeroSection } from './hero-section';
import { HomeFooter } from './home-footer';
import { HowItWorksSection } from './how-it-works-section';
import { ProfessionalsSection, type CityControl } from './professionals-section';
import type { HomeAuthStatus } from './question-form';
import { QuestionSection, SignedInPanel } from './question-section';
import { ReferencesSection } from './references-section';
import { TestimonialsSection } from './testimonials-section';
import { UsefulSitesSection } from './useful-sites-section';
import { MAIN_CONTENT_ID } from '../../layouts/skip-link';
import './home.css';

export interface HomeContentProps {
  status: HomeAuthStatus;
  credits: number | null;
  userName: string | null;
  setQuestionText: (text: string | null) => void;
  decrementCredits: () => void;
  city: string | null;
  cityControl?: CityControl;
  contactEmail: string;
  siteTitle: string;
  showBackendStatus: boolean;
  year?: number;
}

/** The home page from explicit props: its sections in reading order, then the footer. */
export function HomeContent(props: HomeContentProps) {
  const authenticated = props.status === 'authenticated';
  return (
    <>
    <main id={MAIN_CONTENT_ID} className="ql-main home" tabIndex={-1}>
      {authenticated ? (
        <SignedInPanel userName={props.userName} credits={props.credits} />
      ) : (
        <>
          <HeroSection />
          <QuestionSection
            status={props.status}
            credits={props.credits}
            setQuestionText={props.setQuestionText}
            decrementCredits={props.decrementCredits}
          />
          <HowItWorksSection contactEmail={props.contactEmail} />
          <TestimonialsSection />
        </>
      )}
      <ProfessionalsSection city={props.city} {...(props.cityControl ? { cityControl: props.cityControl } : {})} />
      <UsefulSitesSection />
      <ReferencesSection />
      <BackendStatusBadge enabled={props.showBackendStatus} />
    </main>
    {/* The footer is the page's contentinfo landmark: outside <main>, as the layout leaves it to this page. */}
    <HomeFooter
      contactEmail={props.contactEmail}
      siteTitle={props.siteTitle}
      year={props.year ?? new Date().getFullYear()}
      showHowItWorks={!authenticated}
    />
    </>
  );
}

export function HomePage() {
  const auth = useAuth();
  const city = useCity();
  const config = getPublicConfig();
  const cityControl: CityControl = {
    setCity: city.setCity,
    ...(locateMethod(config.geo) ? { locate: city.locate } : {}),
    locating: city.locating,
    error: city.error,
    disclosure: locateDisclosure(config.geo),
  };
  return (
    <HomeContent
      status={auth.status}
      credits={auth.credits}
      userName={auth.user?.name ?? null}
      setQuestionText={auth.setQuestionText}
      decrementCredits={auth.decrementCredits}
      city={city.city}
      cityControl={cityControl}
      contactEmail={config.contactEmail}
      siteTitle={config.siteTitle}
      showBackendStatus={config.showBackendStatus}
    />
  );
}
