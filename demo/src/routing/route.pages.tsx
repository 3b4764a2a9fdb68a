/**
 * The page of each site route, keyed by the route's path pattern in the core route list
 * (`siteRoutes`): App builds its router from that list and this map. A route added to the list needs
 * an entry here (tests/registration/site-routes.test.tsx checks both ways); until it has one, App
 * shows PlaceholderPage (its heading and description) there rather than the 404 page.
 */
import { type SiteRoute, tools } from '@docstudio/core';
import type { ReactNode } from 'react';
import type { StudioAuth } from '../auth/studio.auth';
import { AccountPage } from '../pages/account';
import { ApiDocsPage } from '../pages/api-docs/ApiDocsPage';
import { Landing } from '../pages/Landing';
import { ComparisonPage, IndustryPage } from '../pages/marketing';
import { ToolPage } from '../pages/ToolPage';
import { ConnectorsTeaser, DocumentsTeaser } from '../pages/teasers';
import { CreateWorkflowPage, EditWorkflowPage, RunWorkflowPage, WorkflowsPage } from '../pages/workflows';

/** What a page gets: the sign-in state and its own entry of the route list. */
export interface PageContext {
  auth: StudioAuth;
  route: SiteRoute;
}

export type PageRenderer = (context: PageContext) => ReactNode;

const toolPages: Record<string, PageRenderer> = Object.fromEntries(
  tools.map((tool) => [tool.route, () => <ToolPage tool={tool} />]),
);

export const routePages: Readonly<Record<string, PageRenderer>> = {
  '/': ({ auth, route }) => <Landing auth={auth} route={route} />,
  ...toolPages,
  '/workflows': ({ auth }) => <WorkflowsPage auth={auth} />,
  '/workflows/create': ({ auth }) => <CreateWorkflowPage auth={auth} />,
  // Without an id, edit and run go back to the list (spec part 2, section 2).
  '/workflows/edit/:id?': ({ auth }) => <EditWorkflowPage auth={auth} />,
  '/workflows/run/:id?': ({ auth }) => <RunWorkflowPage auth={auth} />,
  '/connectors': ({ auth, route }) => <ConnectorsTeaser auth={auth} route={route} />,
  '/documents': ({ auth, route }) => <DocumentsTeaser auth={auth} route={route} />,
  '/vs-smallpdf': ({ route }) => <ComparisonPage route={route} competitor="Smallpdf" />,
  '/vs-ilovepdf': ({ route }) => <ComparisonPage route={route} competitor="iLovePDF" />,
  '/vs-pdf2go': ({ route }) => <ComparisonPage route={route} competitor="PDF2Go" />,
  '/industries/healthcare': ({ route }) => <IndustryPage route={route} industry="healthcare" />,
  '/industries/legal': ({ route }) => <IndustryPage route={route} industry="legal" />,
  '/industries/government': ({ route }) => <IndustryPage route={route} industry="government" />,
  '/account': ({ auth, route }) => <AccountPage auth={auth} route={route} />,
  '/api-docs': ({ auth, route }) => <ApiDocsPage auth={auth} route={route} />,
};
