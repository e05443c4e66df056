import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import AOS from 'aos';
import 'aos/dist/aos.css';
import './styles/global.css';
import './styles/layout.css';
import { App, appRoutes } from './app';

AOS.init({ duration: 800, once: true, offset: 100 });

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable dans index.html.');

const router = createBrowserRouter(appRoutes);

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
