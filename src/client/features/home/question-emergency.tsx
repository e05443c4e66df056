import type { Ref } from 'react';
import { Link } from 'react-router';
import { EmergencyBlock } from '../answer/emergency-block';

/**
 * The question form's danger panel: the emergency numbers first. Signed out, it says that nothing needs an
 * account, and offers the legal answer (rights, complaint, protection) after signing in, free of charge; the
 * question is kept for this tab meanwhile.
 */
export function QuestionEmergency({ ref, signedOut, loginTo }: { ref: Ref<HTMLElement>; signedOut: boolean; loginTo: string }) {
  return (
    <div className="home-form-emergency">
      <EmergencyBlock ref={ref} />
      {signedOut && (
        <div className="home-form-emergency-next">
          <p>
            Ces numéros ne demandent ni compte ni connexion. Pour connaître aussi vos droits (porter plainte, obtenir
            une mesure de protection), une réponse juridique vous attend après connexion ou création d'un compte
            gratuit&#8239;: une question qui révèle un danger ne consomme aucun crédit, et la vôtre est gardée sur cet
            onglet.
          </p>
          <Link className="ql-btn ql-btn-outline" to={loginTo}>
            Recevoir une réponse juridique
          </Link>
        </div>
      )}
    </div>
  );
}

/**
 * Vertical offset still applied to `el` by its ancestors' transforms: a scroll animation (AOS « fade-up »,
 * on the home page's question card) holds the form lower than its place until it has played.
 */
function pendingShift(el: HTMLElement): number {
  if (typeof DOMMatrix === 'undefined') return 0;
  let shift = 0;
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    const transform = getComputedStyle(node).transform;
    if (transform && transform !== 'none') shift += new DOMMatrix(transform).m42;
  }
  return shift;
}

/**
 * Brings the danger panel's numbers to the top of the screen, below the sticky header (the page's
 * scroll padding), where they will stay once any scroll animation of the form has played; then gives them the
 * focus, for keyboards and screen readers.
 */
export function showAtTop(block: HTMLElement): void {
  if (typeof block.scrollIntoView === 'function') {
    block.scrollIntoView({ block: 'start', behavior: 'instant' });
    const shift = pendingShift(block);
    if (shift !== 0) window.scrollBy({ top: -shift, behavior: 'instant' });
  }
  block.focus({ preventScroll: true });
}
