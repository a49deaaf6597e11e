import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DataProvider } from '../data/index.ts';
import { createRouter } from './router.tsx';
import { WidgetsContext } from '../ui/widgets.ts';
import { WIDGETS } from './widgets.ts';

export function App() {
  // One router for the life of the page; creating it in render would reset navigation state.
  const [router] = useState(createRouter);
  return (
    <DataProvider>
      <WidgetsContext.Provider value={WIDGETS}>
        <RouterProvider router={router} />
      </WidgetsContext.Provider>
    </DataProvider>
  );
}
