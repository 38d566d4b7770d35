import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DropdownMenu } from '../../components/ui/dropdown-menu.tsx';
import { followSystemTheme, readThemePreference, saveThemePreference, type ThemePreference } from '../../lib/theme.ts';

const options: Array<{ value: ThemePreference; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'ライト', icon: Sun },
  { value: 'dark', label: 'ダーク', icon: Moon },
  { value: 'system', label: 'システム', icon: Monitor },
];

export function ThemeToggle() {
  const [preference, setPreference] = useState<ThemePreference>(readThemePreference);
  useEffect(() => followSystemTheme(), []);

  const current = options.find((option) => option.value === preference) ?? options[2]!;
  const CurrentIcon = current.icon;

  return (
    <DropdownMenu
      mountOnUse
      triggerLabel={`テーマ切り替え（現在: ${current.label}）`}
      triggerClassName="rounded-md p-2 text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
      trigger={<CurrentIcon className="h-5 w-5" aria-hidden="true" />}
      items={options.map(({ value, label, icon: Icon }) => ({
        label,
        icon: value === preference ? <Check className="h-4 w-4" aria-hidden="true" /> : <Icon className="h-4 w-4" aria-hidden="true" />,
        onSelect: () => {
          saveThemePreference(value);
          setPreference(value);
        },
      }))}
    />
  );
}
