interface PageCoverProps {
  title: string;
  text: string;
  /** A picture of src/web/public/hero/, without the width suffix: "garden". */
  picture: string;
}

/**
 * The cover at the top of an inner page: a picture with a dark panel holding the page's title.
 * Its height is fixed per breakpoint, so nothing below it moves while the picture loads.
 */
export function PageCover({ title, text, picture }: PageCoverProps) {
  return (
    <div className="relative h-64 overflow-hidden md:h-96">
      <img
        src={`/hero/${picture}-1200.webp`}
        srcSet={`/hero/${picture}-600.webp 600w, /hero/${picture}-1200.webp 1200w`}
        sizes="100vw"
        width={1200}
        height={800}
        alt=""
        fetchPriority="high"
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="absolute inset-0 bg-stone-900/25" />
      <div className="relative flex h-full items-center justify-center px-4">
        <div className="max-w-3xl bg-stone-950/65 px-6 py-8 text-center text-white md:px-20 md:py-14">
          <h1 className="font-display text-4xl font-bold uppercase tracking-wide md:text-6xl">{title}</h1>
          <p className="mt-3 text-sm uppercase tracking-wider text-stone-100 md:text-base">{text}</p>
        </div>
      </div>
    </div>
  );
}
