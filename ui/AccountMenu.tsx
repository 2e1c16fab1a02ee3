import './account/menu-strings';
import { useEffect, useId, useRef, useState } from 'react';
import type { Navigate } from './AppLink';
import { AppLink } from './AppLink';
import { fill, type Strings } from './strings';

export interface AccountMenuProps {
  strings: Strings;
  loggedIn: boolean;
  firstName: string | null;
  /** Membership details (login modes other than password) or my account (password mode). */
  memberButton: 'membershipDetails' | 'myAccount';
  registerHref: string;
  loginHref: string;
  onNavigate: Navigate;
  onLogin: () => void;
  onMemberButton: () => void;
  onLogout: () => void;
}

/**
 * The header's account menu (spec 3 §2 "Account menu"): logged out, register and login links; logged in, a
 * greeting with the first name that opens a menu with the member button and log out. The menu closes on
 * Escape, on a click outside, after a choice, and with the session (it exists only while logged in).
 */
export function AccountMenu(props: AccountMenuProps) {
  const { strings } = props;
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  if (!props.loggedIn) {
    return (
      <nav className="account-menu" aria-label={strings.accountMenu}>
        <AppLink href={props.registerHref} onNavigate={props.onNavigate}>
          {strings.register}
        </AppLink>
        <a
          href={props.loginHref}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
            e.preventDefault();
            props.onLogin();
          }}
        >
          {strings.logIn}
        </a>
      </nav>
    );
  }
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <nav
      className="account-menu"
      aria-label={strings.accountMenu}
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="link-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
      >
        {props.firstName ? fill(strings.greeting, { name: props.firstName }) : strings.accountMenu}
      </button>
      <ul id={`${id}-menu`} className="account-menu__list" hidden={!open}>
        <li>
          <button type="button" className="link-button" onClick={choose(props.onMemberButton)}>
            {props.memberButton === 'myAccount' ? strings.myAccount : strings.membershipDetails}
          </button>
        </li>
        <li>
          <button type="button" className="link-button" onClick={choose(props.onLogout)}>
            {strings.logOut}
          </button>
        </li>
      </ul>
    </nav>
  );
}
