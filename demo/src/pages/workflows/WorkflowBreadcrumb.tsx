import { Link } from 'react-router';

/** 'Workflows / {page}' (spec part 2, section 2: 'Workflows / Create Workflow'), back to the list. */
export function WorkflowBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Link to="/workflows">Workflows</Link> / <span aria-current="page">{current}</span>
    </nav>
  );
}
