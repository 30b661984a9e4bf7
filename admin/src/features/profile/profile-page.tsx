import * as Tabs from '@radix-ui/react-tabs';
import { useSearchParams } from 'react-router';
import { PAGE_TITLES } from '../../admin-texts.ts';
import { Page } from '../../ui/page.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PersonalInformationForm } from './personal-information-form.tsx';
import './profile-page.css';

const TABS = {
  personal: 'Personal Information',
  password: 'Change Password',
} as const;
type TabValue = keyof typeof TABS;

function isTab(value: string | null): value is TabValue {
  return value !== null && value in TABS;
}

/** `/control-panel/profile`: the admin's own account, in two tabs. The tab is kept in the URL. */
export function ProfilePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'personal';

  const selectTab = (value: string) => {
    setSearchParams(value === 'personal' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Page title={PAGE_TITLES.profile}>
      <Tabs.Root className="tabs card" value={tab} onValueChange={selectTab}>
        <Tabs.List className="tabs__list" aria-label="Profile settings">
          {(Object.keys(TABS) as TabValue[]).map((value) => (
            <Tabs.Trigger key={value} className="tabs__trigger" value={value}>
              {TABS[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content className="tabs__panel" value="personal">
          <PersonalInformationForm />
        </Tabs.Content>
        <Tabs.Content className="tabs__panel" value="password">
          <ChangePasswordForm />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
