import { LogOut } from 'lucide-react';
import { Menu } from '../../shared/ui/Menu';

/** The user's name as a menu button with 'Sign out'. */
export function UserMenu({
  name,
  onSignOut,
  signingOut,
}: {
  name: string;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  return (
    <Menu
      label={name}
      menuLabel={name}
      variant="quiet"
      items={[
        {
          key: 'sign-out',
          label: signingOut ? 'Signing out…' : 'Sign out',
          icon: LogOut,
          disabled: signingOut,
          onSelect: onSignOut,
        },
      ]}
    />
  );
}
