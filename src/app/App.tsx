import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { DataProvider } from '../data/index.ts';
import { createRouter } from './router.tsx';

export function App() {
  // One router for the life of the page; creating it in render would reset navigation state.
  const [router] = useState(createRouter);
  return (
    <DataProvider>
      <RouterProvider router={router} />
    </DataProvider>
  );
}
