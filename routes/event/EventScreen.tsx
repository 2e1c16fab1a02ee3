import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useMemo } from 'react';
import { useSearch } from 'wouter';
import { errorMessageFor, isApiError } from '../../api';
import { ErrorCode } from '../../domain/codes';
import { chooseLayout, type LayoutKind, promoTextsOf } from '../../machines/event/layout';
import { eventQueryFrom } from '../../machines/event/query';
import { AppLink } from '../../ui/AppLink';
import { EventHeader } from '../../ui/EventHeader';
import { EventPromo } from '../../ui/EventPromo';
import { EventDetailSkeleton, ReserveSkeleton } from '../../ui/skeleton/ReserveSkeleton';
import { resolveMessage } from '../../ui/strings';
import { useCart, useModal, useServices, useSession } from '../app/services';
import { CartSidebar } from '../cart/CartSidebar';
import { useAppNavigate } from '../navigation';
import { NOT_FOUND_PATH } from '../not-found/NotFoundScreen';
import { useLoad } from '../useLoad';
import type { LayoutProps } from './layouts/types';
import { loadEventDetail } from './load';
import { useMemberLimits } from './useMemberLimits';

/** Each layout is its own chunk, fetched when an event needs it (the first-load budget, DESIGN "Budgets"). */
const DateFirstLayout = lazy(() => import('./layouts/DateFirstLayout'));
const QuantityFirstLayout = lazy(() => import('./layouts/QuantityFirstLayout'));
const SingleEventLayout = lazy(() => import('./layouts/SingleEventLayout'));
const OneTicketLayout = lazy(() => import('./layouts/OneTicketLayout'));
const MembershipLayout = lazy(() => import('./layouts/MembershipLayout'));
const MembersOnlyLayout = lazy(() => import('./layouts/MembersOnlyLayout'));
/** The 'More' description modal (small screens) loads when opened. */
const DescriptionDialog = lazy(() =>
  import('../../ui/DescriptionDialog').then((m) => ({ default: m.DescriptionDialog })),
);

type FormLayoutKind = Exclude<LayoutKind, 'noTicketGroups' | 'anchorRequired'>;

/** The layout chunk of each kind. Membership and members-only keep today's flow until the members issue. */
const LAYOUTS: Record<FormLayoutKind, LazyExoticComponent<ComponentType<LayoutProps>>> = {
  dateFirst: DateFirstLayout,
  quantityFirst: QuantityFirstLayout,
  single: SingleEventLayout,
  oneTicket: OneTicketLayout,
  membership: MembershipLayout,
  membersOnly: MembersOnlyLayout,
};

/** /events/{id}: the event detail; an unknown event redirects to the 404 screen with its path and query. */
export default function EventScreen({ id, action }: { id: string; action?: string }) {
  const { api, strings, config } = useServices();
  const { navigate, href } = useAppNavigate();
  const search = useSearch();
  const query = useMemo(() => eventQueryFrom(search), [search]);
  const groupKey = query.ticketGroupIds.join(',');
  const memberLimits = useMemberLimits();
  // Logging in or out reloads the event (members-only groups, member prices and remaining quantities).
  const memberKey = useSession((s) => s.context.current?.member.identityId ?? '');
  const event = useLoad(
    (signal) =>
      loadEventDetail(api, id, signal, query.ticketGroupIds).then(async (detail) => ({
        ...detail,
        ticketGroups: await memberLimits(detail.id, detail.ticketGroups, signal),
      })),
    `${id}|${groupKey}|${memberKey}`,
  );
  const cartItems = useCart((s) => s.context.cart?.items ?? null);
  const more = useModal('description');

  const notFound = event.status === 'error' && isApiError(event.error, ErrorCode.event_not_found);
  useEffect(() => {
    if (notFound) {
      navigate(NOT_FOUND_PATH, {
        replace: true,
        state: { missingPath: `/events/${id}`, missingQuery: search },
      });
    }
  }, [notFound, navigate, id, search]);
  useEffect(() => {
    if (event.status === 'ready') document.title = `${event.data.name} — ${config.sellerName}`;
  }, [event, config]);

  const kind =
    event.status === 'ready' ? chooseLayout(event.data, cartItems ? { items: cartItems } : null) : null;
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else navigate('/events');
  };

  return (
    <div className="layout-with-cart">
      <div>
        {event.status === 'loading' ? <EventDetailSkeleton label={strings.loading} /> : null}
        {event.status === 'error' && !notFound ? (
          <p className="message message--error" role="alert">
            {resolveMessage(strings, errorMessageFor(event.error, 'event'))}
          </p>
        ) : null}
        {event.status === 'ready' && kind ? (
          <>
            <EventHeader
              name={event.data.name}
              subtitle={event.data.subtitle}
              venueName={event.data.venue.name}
              description={event.data.description}
              cover={event.data.cover ?? event.data.image}
              onMore={more.open}
              moreLabel={strings.more}
            />
            {more.modal && event.data.description ? (
              <Suspense fallback={null}>
                <DescriptionDialog
                  strings={strings}
                  title={event.data.name}
                  html={event.data.description}
                  closing={more.modal.closing}
                  size={more.modal.size}
                  onClose={more.close}
                  onDismiss={more.dismiss}
                />
              </Suspense>
            ) : null}
            <EventPromo {...promoTextsOf(event.data)} />
            {kind === 'noTicketGroups' ? (
              <div className="message message--warning" data-layout={kind}>
                <p>{strings.eventUnavailable}</p>
                <button type="button" className="btn btn--secondary" onClick={goBack}>
                  {strings.back}
                </button>
              </div>
            ) : kind === 'anchorRequired' ? (
              <div className="message message--warning" data-layout={kind}>
                <p>
                  <AppLink href={href('/')} onNavigate={navigate}>
                    {strings.anchorRequired}
                  </AppLink>
                </p>
              </div>
            ) : (
              <LayoutChunk
                key={`${event.data.id}|${groupKey}|${kind}`}
                kind={kind}
                props={{ event: event.data, search, query, action }}
              />
            )}
          </>
        ) : null}
      </div>
      <CartSidebar mobileFooter={false} />
    </div>
  );
}

function LayoutChunk({ kind, props }: { kind: FormLayoutKind; props: LayoutProps }) {
  const { strings } = useServices();
  const Layout = LAYOUTS[kind];
  return (
    <div data-layout={kind}>
      <Suspense fallback={<ReserveSkeleton label={strings.loading} />}>
        <Layout {...props} />
      </Suspense>
    </div>
  );
}
