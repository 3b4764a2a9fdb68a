/**
 * The site footer (spec part 1, section 2): every link group with a link (external pages only when the
 * install names them, site.links.ts), external targets in a new tab, and the copyright line of 2025.
 */
import { Link } from 'react-router';
import { footerLinkGroups, type SiteLink } from './site.links';
import { useLinkSettings } from './site-links.context';

function FooterLink({ link }: { link: SiteLink }) {
  if (!link.external) return <Link to={link.href}>{link.label}</Link>;
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer">
      {link.label}
      <span className="studio-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

export function SiteFooter() {
  const settings = useLinkSettings();
  return (
    <footer className="studio-footer">
      <div className="studio-footer-groups">
        {footerLinkGroups(settings).map((group) => (
          <nav key={group.label} aria-label={group.label} className="studio-footer-group">
            <h2 className="studio-footer-heading">{group.label}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.label}>
                  <FooterLink link={link} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="studio-footer-copyright">
        © 2025 docstudio. Files are encrypted at rest and deleted automatically.
      </p>
    </footer>
  );
}
