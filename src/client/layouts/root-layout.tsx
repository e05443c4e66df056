import { Outlet } from 'react-router';
import { RouteMetaManager } from '../components/route-meta-manager';
import { ScrollManager } from '../components/scroll-manager';

/** Top of the route tree: page metadata and scrolling, then the layout of the page. */
export function RootLayout() {
  return (
    <>
      <RouteMetaManager />
      <ScrollManager />
      <Outlet />
    </>
  );
}
