import { verifyEmail } from '../api/account-api.ts';
import { MailedLinkPage } from './mailed-link-page.tsx';
import { useT } from '../../i18n/i18n.ts';

/** The link of the mail sent at sign-up (and by "send again"). */
export function Page() {
  const t = useT();
  return (
    <MailedLinkPage
      title={t('account.verify.title')}
      intro={t('account.verify.intro')}
      action={t('account.verify.action')}
      done={() => t('account.verify.done')}
      confirm={verifyEmail}
    />
  );
}
