import '../home-strings';
import { AppLink, type Navigate } from '../AppLink';
import { SellerHtml } from '../SellerHtml';
import type { Strings } from '../strings';

export type HomeBlock = 'login' | 'join' | 'guest';

export interface HomeViewProps {
  strings: Strings;
  /** The three blocks in the configured order. */
  order: HomeBlock[];
  /** Seller HTML (sanitised) per block, and above them; empty: none. */
  html: Record<HomeBlock | 'intro', string>;
  joinHref: string;
  eventsHref: string;
  resendHref: string;
  onLogin: () => void;
  onNavigate: Navigate;
}

/** Home with membership presell: 'Welcome', then log in, join and continue as guest, and a resend link. */
export function HomeView(props: HomeViewProps) {
  const { strings, html } = props;
  const heading: Record<HomeBlock, string> = {
    login: strings.homeMember,
    join: strings.homeJoin,
    guest: strings.homeGuest,
  };
  const action = (block: HomeBlock) => {
    if (block === 'login')
      return (
        <button className="btn" type="button" onClick={props.onLogin}>
          {strings.homeLoginAction}
        </button>
      );
    const href = block === 'join' ? props.joinHref : props.eventsHref;
    const label = block === 'join' ? strings.homeJoinAction : strings.homeGuestAction;
    return (
      <AppLink className="btn" href={href} onNavigate={props.onNavigate}>
        {label}
      </AppLink>
    );
  };
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{strings.homeWelcome}</h1>
      {html.intro ? <SellerHtml html={html.intro} /> : null}
      <ul className="home-blocks">
        {props.order.map((block) => (
          <li key={block} className="home-block" data-block={block}>
            <section aria-labelledby={`home-${block}`}>
              <h2 id={`home-${block}`}>{heading[block]}</h2>
              {html[block] ? <SellerHtml html={html[block]} /> : null}
              <p className="home-block__action">{action(block)}</p>
            </section>
          </li>
        ))}
      </ul>
      <p>
        <AppLink href={props.resendHref} onNavigate={props.onNavigate}>
          {strings.homeResend}
        </AppLink>
      </p>
    </section>
  );
}
