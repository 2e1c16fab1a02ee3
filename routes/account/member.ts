/**
 * The one place the account pages read the member session (the app-wide `session` actor): whether a member
 * is logged in, and who. Read when acting (`currentMember`) or watched (`useMember`), never copied.
 */
import { useSelector } from '@xstate/react';
import type { MemberModel } from '../../api/models';
import type { AppActor } from '../app/root';
import { sessionOf } from '../app/root';
import { useServices } from '../app/services';

/** The logged-in member now, or null for a guest. */
export const currentMember = (app: AppActor): MemberModel | null =>
  sessionOf(app).getSnapshot().context.current?.member ?? null;

/** The logged-in member, re-rendering when it changes; null for a guest. */
export function useMember(): MemberModel | null {
  const { app } = useServices();
  return useSelector(sessionOf(app), (snapshot) => snapshot.context.current?.member ?? null);
}

/** Asks the session to reload the member (GET my/user, GET my/membership), e.g. after an email change. */
export const reloadMember = (app: AppActor): void => sessionOf(app).send({ type: 'session.reload' });
