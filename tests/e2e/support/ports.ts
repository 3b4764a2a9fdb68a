/** Ports shared by the Playwright config (server env) and the tests. */
export const studioPort = Number(process.env.E2E_PORT ?? 8181);

/** The loopback page server of the Web to PDF test; the studio's SSRF guard allows exactly this origin. */
export const pagePort = Number(process.env.E2E_PAGE_PORT ?? studioPort + 1);
