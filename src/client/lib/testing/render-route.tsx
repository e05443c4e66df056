import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AuthProvider, type AuthSource } from '../auth/auth-context';
import { createRoutes } from '../../routes';
import { createStubAuthSource } from './stub-auth-source';

/** A light home page with the anchors the navigation uses. */
export function StubHomePage() {
  return (
    // Like the real home page (route handle `ownFooter`), it renders its own <main>.
    <main id="contenu" tabIndex={-1}>
      <h1>Accueil de test</h1>
      <section id="analyse">Analyse</section>
      <section id="references">Références</section>
    </main>
  );
}

export interface RenderRouteOptions {
  source?: AuthSource;
  HomePage?: ComponentType;
}

/** Renders the application's route table in memory at `path`, with the given auth source. */
export function renderRoute(path: string, options: RenderRouteOptions = {}) {
  const source = options.source ?? createStubAuthSource(null);
  const router = createMemoryRouter(createRoutes({ HomePage: options.HomePage ?? StubHomePage }), {
    initialEntries: [path],
  });
  const result = render(
    <AuthProvider source={source}>
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return { ...result, router, source };
}
