/**
 * The page of each site route, keyed by the route's path pattern in the core route list
 * (`siteRoutes`): App builds its router from that list and this map. A route added to the list needs
 * an entry here (tests/registration/site-routes.test.tsx checks both ways); until it has one, App
 * shows PlaceholderPage (its heading and description) there rather than the 404 page.
 *
 * Only the landing page is in the first load; every other page family is a module of its own
 * (lazyModule), fetched when its route is first shown or a link to it is pointed at (routePreloads).
 */
import { type SiteRoute, siteRoutes, tools } from '@docstudio/core';
import type { ReactNode } from 'react';
import type { StudioAuth } from '../auth/studio.auth';
import { Landing } from '../pages/Landing';
import { type LazyModule, lazyModule } from './lazy-module';
import type { LazyRouteKind } from './page-modules';

/** What a page gets: the sign-in state and its own entry of the route list. */
export interface PageContext {
  auth: StudioAuth;
  route: SiteRoute;
}

export type PageRenderer = (context: PageContext) => ReactNode;

const toolModule = lazyModule(() => import('../pages/ToolPage'));
const workflowModule = lazyModule(() => import('../pages/workflows'));
const teaserModule = lazyModule(() => import('../pages/teasers'));
const marketingModule = lazyModule(() => import('../pages/marketing'));
const accountModule = lazyModule(() => import('../pages/account'));
const apiDocsModule = lazyModule(() => import('../pages/api-docs/ApiDocsPage'));

const ToolPage = toolModule.page((module) => module.ToolPage);
const WorkflowsPage = workflowModule.page((module) => module.WorkflowsPage);
const CreateWorkflowPage = workflowModule.page((module) => module.CreateWorkflowPage);
const EditWorkflowPage = workflowModule.page((module) => module.EditWorkflowPage);
const RunWorkflowPage = workflowModule.page((module) => module.RunWorkflowPage);
const ConnectorsTeaser = teaserModule.page((module) => module.ConnectorsTeaser);
const DocumentsTeaser = teaserModule.page((module) => module.DocumentsTeaser);
const ComparisonPage = marketingModule.page((module) => module.ComparisonPage);
const IndustryPage = marketingModule.page((module) => module.IndustryPage);
const AccountPage = accountModule.page((module) => module.AccountPage);
const ApiDocsPage = apiDocsModule.page((module) => module.ApiDocsPage);

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
  '/connectors': ({ route }) => <ConnectorsTeaser route={route} />,
  '/documents': ({ route }) => <DocumentsTeaser route={route} />,
  '/vs-smallpdf': ({ route }) => <ComparisonPage route={route} competitor="Smallpdf" />,
  '/vs-ilovepdf': ({ route }) => <ComparisonPage route={route} competitor="iLovePDF" />,
  '/vs-pdf2go': ({ route }) => <ComparisonPage route={route} competitor="PDF2Go" />,
  '/industries/healthcare': ({ route }) => <IndustryPage route={route} industry="healthcare" />,
  '/industries/legal': ({ route }) => <IndustryPage route={route} industry="legal" />,
  '/industries/government': ({ route }) => <IndustryPage route={route} industry="government" />,
  '/account': ({ auth, route }) => <AccountPage auth={auth} route={route} />,
  '/api-docs': ({ auth, route }) => <ApiDocsPage auth={auth} route={route} />,
};

/** Each kind of route's page module (the sources in page-modules.ts). */
export const pageModules: Readonly<Record<LazyRouteKind, Pick<LazyModule<unknown>, 'preload'>>> = {
  tool: toolModule,
  workflows: workflowModule,
  teaser: teaserModule,
  comparison: marketingModule,
  industry: marketingModule,
  account: accountModule,
  developers: apiDocsModule,
};

/** The download of each lazily loaded route's page module, by route pattern (the landing has none). */
export const routePreloads: Readonly<Record<string, () => Promise<unknown>>> = Object.fromEntries(
  siteRoutes.flatMap((route) =>
    route.kind === 'home' ? [] : [[route.path, pageModules[route.kind].preload]],
  ),
);
