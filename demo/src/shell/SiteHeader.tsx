/**
 * The site header (spec part 1, section 2): brand, the four navigation links and the sign-in state.
 * On narrow screens the navigation folds into a Menu disclosure while Sign In / Get Started (or
 * Account / Logout) stay in the bar, so every control fits a 375 px phone.
 */
import { Link, NavLink } from 'react-router';
import type { StudioAuth } from '../auth/studio.auth';
import { useMenuDisclosure } from './useMenuDisclosure';

const NAVIGATION = [
  { to: '/', label: 'Tools' },
  { to: '/workflows', label: 'Workflows' },
  { to: '/connectors', label: 'Connectors' },
  { to: '/documents', label: 'Storage' },
] as const;

const MENU_ID = 'studio-site-menu';

function AccountControls({ auth }: { auth: StudioAuth }) {
  if (auth.loggedIn) {
    return (
      <>
        {/* The account area (spec: opens in a new tab). */}
        <Link className="studio-button" to="/account" target="_blank" rel="noopener">
          Account
          <span className="studio-visually-hidden"> (opens in a new tab)</span>
        </Link>
        <button type="button" className="studio-button" onClick={auth.logout}>
          Logout
        </button>
      </>
    );
  }
  return (
    <>
      <a className="studio-button" href={auth.signInUrl}>
        Sign In
      </a>
      <a className="studio-button studio-button-primary" href={auth.signUpUrl}>
        Get Started
      </a>
    </>
  );
}

function NavigationLinks() {
  return NAVIGATION.map((item) => (
    <NavLink key={item.to} to={item.to} end={item.to === '/'}>
      {item.label}
    </NavLink>
  ));
}

/**
 * Two renderings of the same links, one shown per width (the other is display: none, so neither
 * the reader nor Tab meets it twice): inline in the bar, or in the menu panel right after its
 * button, so Tab goes from the button into the open menu.
 */
export function SiteHeader({ auth }: { auth: StudioAuth }) {
  const menu = useMenuDisclosure();
  return (
    <header className="studio-header">
      <NavLink to="/" className="studio-brand">
        docstudio
      </NavLink>
      <nav aria-label="Main" className="studio-nav studio-nav-inline">
        <NavigationLinks />
      </nav>
      <div className="studio-account">
        <AccountControls auth={auth} />
      </div>
      <button
        ref={menu.buttonRef}
        type="button"
        className="studio-button studio-menu-button"
        aria-expanded={menu.open}
        aria-controls={MENU_ID}
        onClick={menu.toggle}
      >
        Menu
      </button>
      <nav
        aria-label="Main"
        id={MENU_ID}
        ref={menu.panelRef}
        className="studio-nav-panel"
        hidden={!menu.open}
      >
        <NavigationLinks />
      </nav>
    </header>
  );
}
