/**
 * The Favourites tab's label: the heart of the cards with its word. From the laptop width the
 * word is for screen readers only, so that the twelve tabs stay one row.
 */
export function FavouritesTabLabel({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" className="shrink-0">
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C1 8.5 3 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.8 0 5.8 4 4.4 7.2C19.5 16.4 12 21 12 21z"
          fill="currentColor"
        />
      </svg>
      <span className="lg:sr-only">{label}</span>
    </span>
  );
}
