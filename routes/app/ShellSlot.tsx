/**
 * The shell's lazy slot (spec 3 §2 Shell, §6; issue 26), one chunk shown twice in the route's Suspense
 * (routes/App.tsx), so it shows together with the screen and nothing moves when it arrives (the server hints it
 * beside every screen: server/http/preload.ts). `top` (before the route's content) holds the floating back button
 * on routes with a back destination and the members banner for a member with a current membership; `bottom`
 * (after the route's content) the seller's content blocks enabled for the route and the visitor's roles. Nothing
 * of it is in a first load.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { readContentBlocks } from '../../api/content-blocks';
import { blocksFor, isCurrentMembership, MEMBER, visitorRoles } from '../../domain/content-blocks';
import { backButtonOpacity, backDestinationOf, routeNameOf } from '../../domain/shell';
import { ContentBlocks, FloatingBackButton, MembersBanner } from '../../ui/ShellExtras';
import { text } from '../../ui/strings';
import { useAppNavigate } from '../navigation';
import { debounce, popstateBack } from './back';
import { useServices, useSession } from './services';

export default function ShellSlot({ part }: { part: 'top' | 'bottom' }) {
  const { config, strings, clock } = useServices();
  const [location] = useLocation();
  const route = routeNameOf(location);
  const memberships = useSession((s) => s.context.current?.memberships ?? null);
  const now = clock.now();
  const roles = visitorRoles(memberships, now);
  const all = useMemo(() => readContentBlocks(config.contentBlocks), [config.contentBlocks]);
  if (part === 'bottom') return <ContentBlocks blocks={blocksFor(all, route, roles)} />;
  const destination = backDestinationOf(route);
  // The banner names the level of a current membership that has one.
  const current = memberships?.find((m) => m.levelName.trim() && isCurrentMembership(m, now));
  return (
    <>
      {destination ? <BackButton label={strings.goBack} destination={destination} /> : null}
      {roles.includes(MEMBER) ? (
        <MembersBanner
          text={
            current
              ? text(strings, 'membersBanner', { level: current.levelName.trim() })
              : strings.membersBannerNoLevel
          }
        />
      ) : null}
    </>
  );
}

/** The floating back button: its fade follows the scroll once it rests (100 ms); a press goes back in history. */
function BackButton({ label, destination }: { label: string; destination: string }) {
  const { navigate } = useAppNavigate();
  const [opacity, setOpacity] = useState(() => backButtonOpacity(window.scrollY));
  useEffect(() => {
    const follow = debounce(() => setOpacity(backButtonOpacity(window.scrollY)));
    const onScroll = () => follow.call(undefined);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      follow.cancel();
    };
  }, []);
  const onBack = () => {
    void popstateBack({ history: window.history, events: window }).then((went) => {
      if (!went) navigate(destination);
    });
  };
  return <FloatingBackButton label={label} opacity={opacity} onBack={onBack} />;
}
