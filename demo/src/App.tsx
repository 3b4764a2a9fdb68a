/** The studio's routes: every tool route comes from the core catalogue, never a second list. */
import { tools } from '@docstudio/core';
import { Route, Routes } from 'react-router';
import { Landing } from './pages/Landing';
import { NotFound } from './pages/NotFound';
import { ToolPage } from './pages/ToolPage';

export function App() {
  return (
    <Routes>
      <Route path="/" element={<Landing />} />
      {tools.map((tool) => (
        <Route key={tool.id} path={tool.route} element={<ToolPage tool={tool} />} />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
