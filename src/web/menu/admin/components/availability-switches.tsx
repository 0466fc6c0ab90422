import type { MenuItem } from '../../../../shared/menu.ts';
import { useT } from '../../../i18n/i18n.ts';

/**
 * The two switches of a dish in Manage Items (docs/product.md §18): sold out (still on the menu,
 * marked, cannot be ordered) and hidden (off the public menu). Each is a real switch for screen
 * readers, named with the dish.
 */
export function AvailabilitySwitches({
  item,
  busy,
  onChange,
}: {
  item: MenuItem;
  busy: boolean;
  onChange: (switches: { soldOut?: boolean; hidden?: boolean }) => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1.5">
      <Switch label={t('admin.items.soldOut')} name={item.name} on={item.soldOut === true} busy={busy} onToggle={(on) => onChange({ soldOut: on })} />
      <Switch label={t('admin.items.hidden')} name={item.name} on={item.hidden === true} busy={busy} onToggle={(on) => onChange({ hidden: on })} />
    </div>
  );
}

function Switch({ label, name, on, busy, onToggle }: { label: string; name: string; on: boolean; busy: boolean; onToggle: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`${label}: ${name}`}
      disabled={busy}
      onClick={() => onToggle(!on)}
      className="group inline-flex items-center gap-2 whitespace-nowrap text-xs font-semibold text-stone-700 disabled:opacity-60"
    >
      <span className={`relative inline-block h-5 w-9 rounded-full transition-colors ${on ? 'bg-red-700' : 'bg-stone-300'}`}>
        <span className={`absolute left-0.5 top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-4' : 'translate-x-0'}`} />
      </span>
      {label}
    </button>
  );
}
