interface SectionHeadingProps {
  id?: string;
  eyebrow: string;
  title: string;
  tone?: 'light' | 'dark';
}

/** The shop's section title: a short yellow line above an uppercase heading between rules. */
export function SectionHeading({ id, eyebrow, title, tone = 'dark' }: SectionHeadingProps) {
  return (
    <div className="mx-auto mb-10 max-w-md text-center">
      <p className={`font-display text-lg italic ${tone === 'light' ? 'text-accent-400' : 'text-accent-700'}`}>--- {eyebrow} ---</p>
      <h2
        id={id}
        className={`mt-3 border-y-2 py-3 text-2xl font-bold uppercase tracking-wide md:text-3xl ${
          tone === 'light' ? 'border-white/30 text-white' : 'border-stone-300 text-stone-900'
        }`}
      >
        {title}
      </h2>
    </div>
  );
}
