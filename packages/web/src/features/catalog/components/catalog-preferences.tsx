import { Settings2 } from 'lucide-react';
import { useId } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Switch } from '../../../components/ui/switch';
import { useYesNoPreference } from '../lib/use-hide-deleted';

export interface PreferenceToggle {
  /** localStorage key; stored as 'yes' or 'no', default yes. */
  storageKey: string;
  label: string;
}

/** A Preferences menu of yes/no toggles (e.g. 'Hide Deleted Catalog'), stored locally. */
export function PreferencesMenu({ toggles }: { toggles: readonly PreferenceToggle[] }) {
  return (
    <Popover>
      <PopoverTrigger className={buttonClasses('outline', 'sm')} aria-label="Preferences">
        <Settings2 aria-hidden /> Preferences
      </PopoverTrigger>
      <PopoverContent className="w-72 p-3" aria-label="Preferences">
        <ul className="flex flex-col gap-3">
          {toggles.map((t) => (
            <PreferenceRow key={t.storageKey} toggle={t} />
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

function PreferenceRow({ toggle }: { toggle: PreferenceToggle }) {
  const id = useId();
  const [value, setValue] = useYesNoPreference(toggle.storageKey);
  return (
    <li className="flex items-center justify-between gap-3">
      <label htmlFor={id} className="text-sm">
        {toggle.label}
      </label>
      <Switch id={id} checked={value} onCheckedChange={setValue} />
    </li>
  );
}
