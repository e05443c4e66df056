import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from './components/spinner';
import { ProtectedRoute } from './components/protected-route';
import { AuthLayout } from './layouts/auth-layout';
import { DefaultLayout } from './layouts/default-layout';
import { RootLayout } from './layouts/root-layout';
import { DEFAULT_DESCRIPTION, type RouteHandle } from './lib/route-meta';

export interface RoutePages {
  /** Eagerly loaded: it is the landing page. */
  HomePage: ComponentType;
}

const HOME_HANDLE: RouteHandle = {
  ownFooter: true,
  meta: {
    title: '{site} — Posez votre question juridique',
    description: DEFAULT_DESCRIPTION,
    keywords:
      'question juridique, conseil juridique gratuit, droit français, réponse juridique, avocat, notaire, commissaire de justice, aide juridictionnelle',
  },
};

function handle(title: string, description?: string): RouteHandle {
  return { meta: description === undefined ? { title } : { title, description } };
}

/** The route table of the SPA. /Articles/, /mentions.html and /services.html are served by the server. */
export function createRoutes({ HomePage }: RoutePages): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      HydrateFallback: PageSpinner,
      children: [
        {
          element: <DefaultLayout />,
          children: [
            { index: true, element: <HomePage />, handle: HOME_HANDLE },
            {
              path: 'logout',
              handle: handle('Déconnexion — {site}'),
              lazy: async () => ({ Component: (await import('./features/auth/logout-page')).LogoutPage }),
            },
            {
              path: 'restricted',
              handle: handle('Connexion — {site}'),
              lazy: async () => ({ Component: (await import('./features/auth/restricted-page')).RestrictedPage }),
            },
            {
              path: 'app',
              element: <ProtectedRoute />,
              children: [
                { index: true, element: <Navigate to="/" replace /> },
                {
                  path: 'restricted',
                  handle: handle('Zone restreinte — {site}'),
                  lazy: async () => ({
                    Component: (await import('./features/app/app-restricted-page')).AppRestrictedPage,
                  }),
                },
                {
                  path: 'question',
                  handle: handle(
                    'Poser une question — {site}',
                    'Posez votre question juridique et obtenez une réponse fondée sur les sources officielles du droit français.',
                  ),
                  lazy: async () => ({ Component: (await import('./features/app/question-page')).QuestionPage }),
                },
                {
                  path: 'compte',
                  handle: handle('Mon compte — {site}'),
                  lazy: async () => ({ Component: (await import('./features/account/account-page')).AccountPage }),
                },
                {
                  path: 'reponse-legale',
                  handle: handle('Réponse Légale — {site}'),
                  lazy: async () => ({
                    Component: (await import('./features/app/reponse-legale-page')).ReponseLegalePage,
                  }),
                },
              ],
            },
          ],
        },
        {
          element: <AuthLayout />,
          children: [
            {
              path: 'login',
              handle: handle('Connexion — {site}', 'Connectez-vous à votre compte {site} pour poser votre question juridique.'),
              lazy: async () => ({ Component: (await import('./features/auth/login-page')).LoginPage }),
            },
            {
              path: 'register',
              handle: handle(
                'Inscription — {site}',
                'Créez votre compte {site}\u202f: vos trois premières questions juridiques sont gratuites.',
              ),
              lazy: async () => ({ Component: (await import('./features/auth/register-page')).RegisterPage }),
            },
            {
              path: 'reset-password',
              handle: handle('Mot de passe oublié — {site}', 'Réinitialisez le mot de passe de votre compte {site}.'),
              lazy: async () => ({
                Component: (await import('./features/auth/reset-password-page')).ResetPasswordPage,
              }),
            },
            {
              path: 'update-password',
              handle: handle('Nouveau mot de passe — {site}'),
              lazy: async () => ({
                Component: (await import('./features/auth/update-password-page')).UpdatePasswordPage,
              }),
            },
          ],
        },
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
