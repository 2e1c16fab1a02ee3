/** /manage/{ticketOrderId}/cancel-auto-renew (spec 3 §2 "Cancel auto-renew page"): the `autoRenewCancel` flow. */

import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { selectAutoRenewCancelView } from '../../machines/autoRenewCancel/view';
import { AutoRenewCancelView } from '../../ui/account/AutoRenewCancelView';
import { withMembershipStrings } from '../../ui/membership-strings';
import { reloadMember } from '../account/member';
import { isLoggedIn } from '../app/root';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { provideAutoRenewCancel } from './wiring';

export default function AutoRenewCancelScreen({ ticketOrderId }: { ticketOrderId: string }) {
  const { api, app, config, strings: catalogue, inspect } = useServices();
  const strings = useMemo(() => withMembershipStrings(catalogue), [catalogue]);
  const { navigate } = useAppNavigate();
  useEffect(() => {
    document.title = `${strings.autoRenewCancelTitle} — ${config.sellerName}`;
  }, [strings, config.sellerName]);
  const machine = useMemo(
    () =>
      provideAutoRenewCancel({
        api,
        loggedIn: () => isLoggedIn(app),
        reloadMember: () => reloadMember(app),
        goBack: () => {
          if (window.history.length > 1) window.history.back();
          else navigate('/');
        },
        finish: () => navigate(isLoggedIn(app) ? '/my-account/membership-details' : '/'),
      }),
    [api, app, navigate],
  );
  const actor = useActorRef(machine, { input: { ticketOrderId }, inspect });
  const view = useSelector(actor, selectAutoRenewCancelView);
  return (
    <AutoRenewCancelView
      strings={strings}
      phase={view.phase}
      levelName={view.levelName}
      validTo={view.validTo}
      error={view.error}
      onConfirm={() => actor.send({ type: 'confirm' })}
      onCancel={() => actor.send({ type: 'cancel' })}
      onDone={() => actor.send({ type: 'done' })}
      onRetry={() => actor.send({ type: 'retry' })}
    />
  );
}
