/**
 * Landing section 5: three testimonials, each rated 5 stars. docstudio has no published customer
 * quotes, so these are illustrative, attributed to roles rather than invented people, and the section
 * says so; whoever runs the site replaces them with real ones.
 */
import { StarRating } from './StarRating';

const TESTIMONIALS = [
  {
    quote:
      'We redact discharge letters before they leave the ward, and the files never touch a third-party service.',
    role: 'Records lead, regional hospital',
  },
  {
    quote: 'Merging, watermarking and archiving a case bundle to PDF/A is one workflow our paralegals run.',
    role: 'Practice manager, law firm',
  },
  {
    quote:
      'It runs inside our network with our own retention rules, and the API key lets our portal call it.',
    role: 'Platform engineer, city council',
  },
] as const;

export function Testimonials() {
  return (
    <section className="landing-section" aria-labelledby="landing-testimonials" data-section="testimonials">
      <h2 id="landing-testimonials">What it is like to run</h2>
      <ul className="landing-testimonials">
        {TESTIMONIALS.map(({ quote, role }) => (
          <li key={role}>
            <figure>
              <StarRating value={5} />
              <blockquote>
                <p>{quote}</p>
              </blockquote>
              <figcaption>{role}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="landing-note">
        Illustrative quotes describing typical uses, not statements by named customers.
      </p>
    </section>
  );
}
