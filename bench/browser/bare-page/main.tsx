/**
 * The bare page of bench:first-visit-ratio: the floor under any app built like Foyer. The same Vite,
 * the same React (Preact's compat build, through Foyer's aliases) and the same router, drawing a
 * header, a list of twenty cards and a tab bar, with nothing else: no translations, no data, no
 * workers. Foyer's first visit is measured as a multiple of this page's, so the speed of the machine
 * cancels out.
 */
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

const ITEMS = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `Event ${i + 1}`, when: `${(i % 28) + 1} December`, where: `Hall ${(i % 4) + 1}` }));

function List() {
  return (
    <ul>
      {ITEMS.map((item) => (
        <li key={item.id}>
          <Link to={`/item/${item.id}`}>{item.title}</Link>
          <div>
            {item.when} · {item.where}
          </div>
        </li>
      ))}
    </ul>
  );
}

function About() {
  return <p>About</p>;
}

function App() {
  return (
    <BrowserRouter>
      <header>Bare page</header>
      <main>
        <Routes>
          <Route path="/" element={<List />} />
          <Route path="/about" element={<About />} />
          <Route path="*" element={<List />} />
        </Routes>
      </main>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/about">About</Link>
      </nav>
    </BrowserRouter>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(<App />);
