import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import 'aos/dist/aos.css';
import './styles/global.css';
import './styles/layout.css';
import { App, appRoutes } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable dans index.html.');

const router = createBrowserRouter(appRoutes);

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

// Scroll animations (sections fading in), loaded beside the first render to keep the main bundle small.
// If the script cannot be loaded, the animated blocks are shown without animation.
import('aos').then(
  ({ default: AOS }) => AOS.init({ duration: 800, once: true, offset: 100 }),
  () => document.documentElement.classList.add('ql-no-aos'),
);
