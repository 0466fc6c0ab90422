import { useAuth } from '../../auth/use-auth.ts';
import { confirmEmailChange } from '../api/account-api.ts';
import { MailedLinkPage } from './mailed-link-page.tsx';
import { useT } from '../../i18n/i18n.ts';

/** The link sent to a new address: the account moves to it when it is pressed. */
export function Page() {
  const { user, refreshUser } = useAuth();
  const t = useT();
  return (
    <MailedLinkPage
      title={t('account.confirmChange.title')}
      intro={t('account.confirmChange.intro')}
      action={t('account.confirmChange.action')}
      done={(answer) => t('account.confirmChange.done', { email: (answer as { email: string }).email })}
      confirm={async (token) => {
        const answer = await confirmEmailChange(token);
        if (user) await refreshUser();
        return answer;
      }}
    />
  );
}
