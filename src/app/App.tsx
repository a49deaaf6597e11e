import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DataProvider } from '../data/index.ts';
import { createRouter, warmScreens } from './router.tsx';
import { WidgetsContext } from '../ui/widgets.ts';
import { WIDGETS, warmWidgets } from './widgets.ts';

export function App() {
  // One router for the life of the page; creating it in render would reset navigation state.
  const [router] = useState(createRouter);
  useEffect(() => {
    // After the first screen has drawn, when the page is idle (Safari has no idle callback).
    const warm = () => {
      warmScreens();
      warmWidgets();
    };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(warm, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(warm, 500);
    return () => clearTimeout(timer);
  }, []);
  return (
    <DataProvider>
      <WidgetsContext.Provider value={WIDGETS}>
        <RouterProvider router={router} />
      </WidgetsContext.Provider>
    </DataProvider>
  );
}
