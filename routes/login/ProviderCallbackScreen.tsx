/**
 * The identity provider's callback (/auth0-login): the login flow completes the redirect, exchanges the ID
 * token for a login, reloads the member and goes to the saved path (or, with an invalid state, back home
 * after 5 seconds).
 */
import '../../ui/login/strings';
import { useEffect } from 'react';
import { useServices } from '../app/services';
import { useAppNavigate } from '../navigation';
import { LoginFlow } from './LoginFlow';

export default function ProviderCallbackScreen() {
  const { strings, config } = useServices();
  const { navigate } = useAppNavigate();
  useEffect(() => {
    document.title = `${strings.accountLogin} — ${config.sellerName}`;
  }, [strings, config]);
  return (
    <div className="provider-callback">
      <h1>{strings.accountLogin}</h1>
      <LoginFlow
        label={strings.accountLogin}
        callback
        returnPath="/"
        onFinished={({ returnPath }) => navigate(returnPath, { replace: true })}
      />
    </div>
  );
}
