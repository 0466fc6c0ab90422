import { useAuth } from '../../auth/use-auth.ts';
import { confirmEmailChange } from '../api/account-api.ts';
import { MailedLinkPage } from './mailed-link-page.tsx';

/** The link sent to a new address: the account moves to it when it is pressed. */
export function Page() {
  const { user, refreshUser } = useAuth();
  return (
    <MailedLinkPage
      title="Confirm your new e-mail address"
      intro="Press the button to sign in with this new address from now on."
      action="Use this address"
      done={(answer) => `Done: your account now uses ${(answer as { email: string }).email}.`}
      confirm={async (token) => {
        const answer = await confirmEmailChange(token);
        if (user) await refreshUser();
        return answer;
      }}
    />
  );
}
