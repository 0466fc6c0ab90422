import { useState } from 'react';

/** The spec's heart: purely visual, each click moves to the next colour, then starts over. */
export const HEART_COLOURS = [
  { name: 'white', value: '#ffffff' },
  { name: 'dark red', value: '#8b0000' },
  { name: 'pink', value: '#ffc0cb' },
] as const;

export function HeartButton({ itemName }: { itemName: string }) {
  const [step, setStep] = useState(0);
  const colour = HEART_COLOURS[step]!;
  return (
    <button
      type="button"
      onClick={() => setStep((s) => (s + 1) % HEART_COLOURS.length)}
      aria-label={`Heart for ${itemName}, ${colour.name}`}
      data-colour={colour.name}
      className="flex h-11 w-11 items-center justify-center rounded-full bg-stone-900/45 backdrop-blur-sm transition-transform hover:scale-110"
    >
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C1 8.5 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.8 4 4.4 7.2C19.5 16.4 12 21 12 21z"
          fill={colour.value}
          stroke="#1c1917"
          strokeWidth="1.2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
