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
