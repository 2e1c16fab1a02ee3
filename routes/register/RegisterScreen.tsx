/**
 * /user/register (issue 26; our route: spec 3 names the header's register link, whose target stays /membership
 * as spec 1's route table says, but no screen to create an account without buying a membership): 'Create an
 * account'. A logged-in member has one: on to their profile.
 */
import '../../ui/account/strings';
import { useEffect, useState } from 'react';
import AccountFlow, { REGISTERED_PATH } from '../account/AccountFlow';
import { useMember } from '../account/member';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';

export default function RegisterScreen() {
  const { strings, config } = useServices();
  const member = useMember();
  const { navigate } = useAppNavigate();
  useEffect(() => {
    document.title = `${strings.registerTitle} — ${config.sellerName}`;
  }, [strings, config.sellerName]);
  // Only a member already logged in when the page opens goes on here; one who just registered is sent on by the
  // flow itself.
  const [loggedInAtOpen] = useState(() => member !== null);
  useEffect(() => {
    if (loggedInAtOpen) navigate(REGISTERED_PATH, { replace: true });
  }, [loggedInAtOpen, navigate]);
  if (loggedInAtOpen) return null;
  return <AccountFlow mode="register" />;
}
