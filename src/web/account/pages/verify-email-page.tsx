import { verifyEmail } from '../api/account-api.ts';
import { MailedLinkPage } from './mailed-link-page.tsx';

/** The link of the mail sent at sign-up (and by "send again"). */
export function Page() {
  return (
    <MailedLinkPage
      title="Confirm your e-mail address"
      intro="Press the button to confirm that this address is yours."
      action="Confirm my address"
      done={() => 'Thank you: your e-mail address is confirmed.'}
      confirm={verifyEmail}
    />
  );
}
