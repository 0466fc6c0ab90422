interface SliderControlsProps {
  count: number;
  index: number;
  onSelect: (index: number) => void;
  autoplayOn: boolean;
  onToggleAutoplay: () => void;
  /** What one slide is, for the buttons' names: "picture", "review". */
  noun: string;
  tone?: 'light' | 'dark';
}

/** The dots and the pause button under a slider: every slide is reachable without waiting. */
export function SliderControls({ count, index, onSelect, autoplayOn, onToggleAutoplay, noun, tone = 'dark' }: SliderControlsProps) {
  const dot = tone === 'light' ? 'bg-white' : 'bg-brand-800';
  return (
    <div className="flex items-center gap-3">
      <ul className="flex items-center gap-1">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              aria-label={`Show ${noun} ${i + 1} of ${count}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => onSelect(i)}
              className="flex h-6 w-6 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${dot} ${i === index ? 'w-6 opacity-100' : 'w-2.5 opacity-45'}`}
              />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onToggleAutoplay}
        aria-label={autoplayOn ? `Pause the ${noun}s` : `Play the ${noun}s`}
        className={`flex h-8 w-8 items-center justify-center rounded-full border ${
          tone === 'light' ? 'border-white/70 text-white hover:bg-white/20' : 'border-brand-800/40 text-brand-900 hover:bg-brand-100'
        }`}
      >
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" fill="currentColor">
          {autoplayOn ? <path d="M3 2h3v10H3zM8 2h3v10H8z" /> : <path d="M3 1.5l9 5.5-9 5.5z" />}
        </svg>
      </button>
    </div>
  );
}
