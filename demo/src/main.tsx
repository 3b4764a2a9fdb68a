import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render the studio into.');
const root = createRoot(container);
// The first render as a transition: React then yields to the browser every few milliseconds instead
// of building the whole page in one task, so a tap or a scroll during the first load is answered.
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
});
