import { Link } from 'react-router';
import { usePageMeta } from '../shell/usePageMeta';

export function NotFound() {
  usePageMeta('Page not found', 'The page you are looking for does not exist.');
  return (
    <main>
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link to="/">Return to Home</Link>
    </main>
  );
}
