import { useMemo } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { DataProvider } from '../data/index.ts';
import { routeTables } from './route-table.ts';
import { routes } from './router.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import { WidgetsContext } from '../ui/widgets.ts';
import { WIDGETS } from './widgets.ts';

export function App() {
  return (
    <DataProvider>
      <WidgetsContext.Provider value={WIDGETS}>
        <BrowserRouter>
          <Screens />
        </BrowserRouter>
      </WidgetsContext.Provider>
    </DataProvider>
  );
}

const tableFor = routeTables(routes);

function Screens() {
  const { pathname } = useLocation();
  const table = useMemo(() => tableFor(pathname), [pathname]);
  const screen = useRoutes(table);
  return <RouteErrorBoundary resetKey={pathname}>{screen}</RouteErrorBoundary>;
}
