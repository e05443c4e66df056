import { RouterProvider, type RouterProviderProps } from 'react-router';
import { HomePage } from './features/home/home-page';
import { AuthProvider, type AuthSource } from './lib/auth/auth-context';
import { createRoutes } from './routes';

/** The route table with the real pages. */
export const appRoutes = createRoutes({ HomePage });

export interface AppProps {
  router: RouterProviderProps['router'];
  /** Defaults to the server's better-auth session and profile endpoints. */
  authSource?: AuthSource;
}

export function App({ router, authSource }: AppProps) {
  return (
    <AuthProvider source={authSource}>
      <RouterProvider router={router} />
    </AuthProvider>
  );
}
