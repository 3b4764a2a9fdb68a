/** Ports shared by the Playwright config (server env) and the tests. */
export const studioPort = Number(process.env.E2E_PORT ?? 8181);

/** The loopback page server of the Web to PDF test; the studio's SSRF guard allows exactly this origin. */
export const pagePort = Number(process.env.E2E_PAGE_PORT ?? studioPort + 1);

/** The partner site of the cross-origin embedding test; the studio's CORS_ORIGINS lists exactly this origin. */
export const partnerPort = Number(process.env.E2E_PARTNER_PORT ?? studioPort + 2);

/** A site the studio does not list in CORS_ORIGINS (the refused side of the same test). */
export const strangerPort = Number(process.env.E2E_STRANGER_PORT ?? studioPort + 3);

/** The partner origin as the browser sends it: 127.0.0.1 while the studio is localhost, so another origin. */
export const partnerOrigin = `http://127.0.0.1:${partnerPort}`;
