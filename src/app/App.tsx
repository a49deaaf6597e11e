import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { DataProvider } from '../data/index.ts';
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

function Screens() {
  const { pathname } = useLocation();
  const screen = useRoutes(routes);
  return <RouteErrorBoundary resetKey={pathname}>{screen}</RouteErrorBoundary>;
}
