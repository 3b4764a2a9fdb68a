/**
 * Landing section 3: the customer-logo strip. docstudio names no customers it does not have: the
 * marks are neutral placeholders for the kinds of organisation it is made for, each a plain shape
 * and a sector name, ready to be swapped for real logos by whoever runs the site.
 */
const MARKS = [
  { sector: 'Hospital', shape: 'M12 4v16M4 12h16' },
  { sector: 'Law firm', shape: 'M12 3 3 8h18Zm-7 6v9m4-9v9m6-9v9m4-9v9M3 21h18' },
  { sector: 'City council', shape: 'M4 21V9l8-5 8 5v12Zm5 0v-6h6v6' },
  { sector: 'University', shape: 'M2 9l10-5 10 5-10 5Zm4 2v5c3 3 9 3 12 0v-5' },
  { sector: 'Insurer', shape: 'M12 3 4 6v6c0 5 4 8 8 9 4-1 8-4 8-9V6Z' },
  { sector: 'Manufacturer', shape: 'M3 21V11l6 3V11l6 3V5h6v16Z' },
] as const;

export function LogoStrip() {
  return (
    <section className="landing-section" aria-labelledby="landing-logos" data-section="logos">
      <h2 id="landing-logos">Made for teams that keep documents in-house</h2>
      <ul className="landing-logos">
        {MARKS.map(({ sector, shape }) => (
          <li key={sector}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path d={shape} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
            </svg>
            <span>{sector}</span>
          </li>
        ))}
      </ul>
      <p className="landing-note">Placeholder marks by sector, not customer logos.</p>
    </section>
  );
}
