import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** Renders `element` at "/" inside a memory router that also knows the routes the home page goes to. */
export function renderAtHome(element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/login', element: <p>Page de connexion</p> },
      { path: '/app/reponse-legale', element: <p>Page de réponse</p> },
      { path: '/app/question', element: <p>Page de question</p> },
    ],
    { initialEntries: ['/'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
